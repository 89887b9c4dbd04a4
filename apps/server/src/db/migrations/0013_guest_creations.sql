-- Guest accounts made per address (issue 13, B10): the bot check of POST /guest/registration/ grows harder with
-- the number an address made in the last 24 hours, and GUEST_DAILY_LIMIT stops it (modules/botcheck).
-- Runs on PostgreSQL and PGlite alike.

-- One row per guest sign-up. address_hash is HMAC(APP_SECRET, the address; an IPv6 caller's /64), never the
-- address itself. user_id: the guest made (NULL while it is being made, or once the guest is gone). Rows older
-- than two days count for nothing and are removed as new ones come.
CREATE TABLE guest_creations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  address_hash text NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guest_creations_address_idx ON guest_creations (address_hash, created_at);
CREATE INDEX guest_creations_created_idx ON guest_creations (created_at);

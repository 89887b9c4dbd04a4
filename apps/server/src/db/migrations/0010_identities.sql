-- Sign-in through an outside identity provider (OpenID Connect; Google today): modules/auth/oidc.*.
-- Runs on PostgreSQL and PGlite alike.

-- One account at a provider linked to one of our users. subject is the provider's stable `sub` claim
-- (never the e-mail, which can change hands); email is what the provider said when it was linked.
CREATE TABLE user_identities (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider ~ '^[a-z][a-z0-9_-]{0,31}$'),
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 255),
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_identities_provider_subject_key ON user_identities (provider, subject);
-- One account per provider for a user: a second Google account cannot be linked silently.
CREATE UNIQUE INDEX user_identities_user_provider_key ON user_identities (user_id, provider);

-- E-mail and the one-time codes it carries (modules/mail, modules/auth/account-codes.*).
-- Runs on PostgreSQL and PGlite alike.

-- The local outbox: where e-mail goes when no SMTP server is configured (development, tests, small
-- installations). Browsable in development at GET /dev/outbox.
CREATE TABLE mail_outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  -- What the message is for: verify_email, reset_password.
  kind text NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);

-- A code sent by e-mail: only its SHA-256 is kept. Single use (used_at), expiring (expires_at).
-- is_resend marks verification codes the user asked for again (the resend limit counts them).
CREATE TABLE auth_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('verify_email', 'reset_password')),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  is_resend boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE UNIQUE INDEX auth_codes_hash_key ON auth_codes (code_hash);
CREATE INDEX auth_codes_user_kind_idx ON auth_codes (user_id, kind, created_at);

-- Notices in a user's cabinet (issue 16: the "notify" modal). A member of an organisation who cannot buy asks its
-- owner for pages, AI pages or an upgrade: the owner gets an e-mail and a notice here, read or not. Runs on
-- PostgreSQL and PGlite alike.
CREATE TABLE notices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('notify_admin')),
  reason text NOT NULL CHECK (reason IN ('pages', 'ai_pages', 'upgrade')),
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  from_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notices_user_idx ON notices (user_id, id);
CREATE INDEX notices_sender_idx ON notices (from_user_id, group_id, reason, created_at);

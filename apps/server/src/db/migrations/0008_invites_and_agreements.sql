-- Organisation invite links, accepted agreements and the activity-report portal's sign-ups
-- (modules/invites, modules/agreements, modules/portal). Runs on PostgreSQL and PGlite alike.

-- One live link per group and role (2 teacher, 3 student); rotating revokes the old row and adds a new one.
-- The token itself is not stored: it is HMAC(APP_SECRET, group, role, nonce), so the owner can be shown it
-- again while a copy of the database alone reveals no working link. Lookups go by its SHA-256.
CREATE TABLE group_invites (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  role smallint NOT NULL CHECK (role IN (2, 3)),
  nonce text NOT NULL,
  token_hash text NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE UNIQUE INDEX group_invites_token_hash_key ON group_invites (token_hash);
CREATE UNIQUE INDEX group_invites_live_key ON group_invites (group_id, role) WHERE revoked_at IS NULL;

-- Agreements a user accepted: type terms, privacy or info (sharing info), version as the spec names them.
CREATE TABLE agreements (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('terms', 'privacy', 'info')),
  version text NOT NULL CHECK (version IN ('2018-05-24', '2018-09-12')),
  accepted_at timestamptz NOT NULL DEFAULT now(),
  ip text NOT NULL DEFAULT '',
  PRIMARY KEY (user_id, type, version)
);

-- The activity-report portal's sign-up details (commerce-and-cabinet.md §3): role 1 Student, 2 Educator,
-- 3 Researcher, 4 Content writer, 5 Blogger, 6 Other; school_name only for roles 1-3.
CREATE TABLE portal_registrations (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  role smallint NOT NULL CHECK (role BETWEEN 1 AND 6),
  school_name text,
  how_can_help text NOT NULL DEFAULT '',
  invite text,
  query text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT portal_school_for_roles CHECK (school_name IS NULL OR role <= 3)
);

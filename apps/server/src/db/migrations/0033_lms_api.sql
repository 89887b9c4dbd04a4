-- The PlagiarismCheck-compatible LMS API (issue 19 part 1; modules/lms-api): integration tokens with narrow
-- rights, the LMS origin of a check, idempotent re-submission, the Moodle plugin's agreement.
-- Runs on PostgreSQL and PGlite alike.

-- An LMS integration token: a user's own (charges the user) or an organisation's (starts with "G-", charges the
-- organisation). Only its SHA-256 is stored; token_hint is its last 4 characters, for the list. check_ai: run the
-- AI check on every submission made with it; auto_registration (organisation tokens): the plugin may add members.
CREATE TABLE lms_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  group_id integer REFERENCES groups (id) ON DELETE CASCADE,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL DEFAULT '' CHECK (char_length(name) <= 100),
  token_hash text NOT NULL,
  token_hint text NOT NULL DEFAULT '',
  check_ai boolean NOT NULL DEFAULT false,
  auto_registration boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  CONSTRAINT lms_tokens_one_owner CHECK ((user_id IS NULL) <> (group_id IS NULL))
);
CREATE UNIQUE INDEX lms_tokens_hash_key ON lms_tokens (token_hash);
CREATE INDEX lms_tokens_user_idx ON lms_tokens (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX lms_tokens_group_idx ON lms_tokens (group_id) WHERE group_id IS NOT NULL;

-- A check submitted by an LMS client (the lms field, an LMS token or /lms/moodle/check-text/): which token made it
-- (null: a plain API token with lms=moodle), the author's hash (sha256(token + lower(e-mail)), never the address)
-- and the plugin's opaque course / assignment / submission ids.
CREATE TABLE lms_text_checks (
  text_check_id integer PRIMARY KEY REFERENCES text_checks (id) ON DELETE CASCADE,
  lms_token_id integer REFERENCES lms_tokens (id) ON DELETE SET NULL,
  origin text NOT NULL CHECK (char_length(origin) BETWEEN 1 AND 20),
  author_hash text CHECK (author_hash IS NULL OR char_length(author_hash) <= 128),
  course_id text CHECK (course_id IS NULL OR char_length(course_id) <= 100),
  assignment_id text CHECK (assignment_id IS NULL OR char_length(assignment_id) <= 100),
  assignment_name text CHECK (assignment_name IS NULL OR char_length(assignment_name) <= 300),
  submission_id text CHECK (submission_id IS NULL OR char_length(submission_id) <= 100),
  attachment_id text CHECK (attachment_id IS NULL OR char_length(attachment_id) <= 100),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lms_text_checks_token_idx ON lms_text_checks (lms_token_id, text_check_id);

-- Idempotent submission: per caller, an Idempotency-Key ('key:<key>') or an LMS resend fingerprint ('fp:<sha256>')
-- names the check it made; request_hash is the fingerprint of the request (text hash and options), so the same key
-- with another body is refused.
CREATE TABLE text_submit_keys (
  caller text NOT NULL CHECK (char_length(caller) <= 100),
  key text NOT NULL CHECK (char_length(key) <= 300),
  request_hash text NOT NULL,
  text_check_id integer NOT NULL REFERENCES text_checks (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (caller, key)
);
CREATE INDEX text_submit_keys_created_idx ON text_submit_keys (created_at);

-- The Moodle plugin's agreement (POST /api/v1/agreement/create/moodle-plugin/2019-04-11/).
ALTER TABLE agreements DROP CONSTRAINT agreements_type_check;
ALTER TABLE agreements ADD CONSTRAINT agreements_type_check CHECK (type IN ('terms', 'privacy', 'info', 'moodle-plugin'));
ALTER TABLE agreements DROP CONSTRAINT agreements_version_check;
ALTER TABLE agreements ADD CONSTRAINT agreements_version_check
  CHECK (version IN ('2018-05-24', '2018-09-12', '2019-04-11'));

-- The plagiarism check of a text or a file (POST /api/v1/text, check-tool.md §3, §4, §7; DESIGN.md §4).
-- Runs on PostgreSQL and PGlite alike.

-- One row per checked document. The caller is a user (user_id; a guest too), acting for themselves or
-- inside a group (group_id), or a group through its API token (group_id only). account_id is the account
-- that pays: its pages are held (hold_entry_ids: bonus first, then balance; none for a per-user or
-- subscription balance type), charged when the report is ready and released when the check fails.
-- state: 3 in progress, 4 failed, 5 ready (the client polls while 3).
CREATE TABLE text_checks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  group_id integer REFERENCES groups (id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  hold_entry_ids integer[] NOT NULL DEFAULT '{}',
  state smallint NOT NULL DEFAULT 3 CHECK (state IN (3, 4, 5)),
  title text NOT NULL DEFAULT '',
  file_name text,
  content text NOT NULL,
  hash text NOT NULL,
  language text NOT NULL DEFAULT 'en',
  words integer NOT NULL,
  pages integer NOT NULL,
  -- The check's own document joins the index (collection index_collection) after its check unless excluded.
  exclude_from_index boolean NOT NULL DEFAULT false,
  index_collection text NOT NULL,
  in_index boolean NOT NULL DEFAULT false,
  -- The plagiarism part of the Similarity report (packages/reuse buildReport) and its total percent.
  report jsonb,
  percent double precision,
  error text,
  attempts smallint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  CONSTRAINT text_checks_has_owner CHECK (user_id IS NOT NULL OR group_id IS NOT NULL)
);
CREATE INDEX text_checks_user_idx ON text_checks (user_id, id) WHERE user_id IS NOT NULL;
CREATE INDEX text_checks_group_idx ON text_checks (group_id, id) WHERE group_id IS NOT NULL;
-- The duplicate rules (the same text again within 10 seconds, or while it is still in progress).
CREATE INDEX text_checks_hash_idx ON text_checks (hash, created_at);
CREATE INDEX text_checks_open_idx ON text_checks (created_at) WHERE state = 3;

-- The AI check of a document (the fingerprint calls, type 3) is an ordinary AI check tied to it.
ALTER TABLE ai_checks ADD COLUMN text_check_id integer REFERENCES text_checks (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX ai_checks_text_check_key ON ai_checks (text_check_id) WHERE text_check_id IS NOT NULL;

-- An organisation's checked documents are its own (collection checked:g<id>) unless it shares them with
-- everyone's index (collection checked).
ALTER TABLE groups ADD COLUMN share_checked_documents boolean NOT NULL DEFAULT false;

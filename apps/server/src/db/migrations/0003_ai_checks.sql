-- The stand-alone AI detector (/api/v1/chat-gpt/, check-tool.md §3, §4). Runs on PostgreSQL and PGlite alike.

-- One row per AI check. The caller is a user (user_id), acting for themselves or inside a group
-- (group_id), or a group through its API token (group_id only). account_id is the account whose
-- ai_balance holds the page; hold_entry_id the ledger hold, charged when the check is done and
-- released when it is not checked or fails.
-- status: 1 queued, 2 processing, 3 failed, 4 done, 5 too short, 8 too long, 9 language not supported.
CREATE TABLE ai_checks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  group_id integer REFERENCES groups (id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  hold_entry_id integer REFERENCES ledger_entries (id),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4, 5, 6, 7, 8, 9)),
  content text NOT NULL,
  file_name text,
  force_language text CHECK (force_language IN ('en', 'es')),
  lang text,
  detected_language text,
  words integer,
  score double precision,
  level smallint,
  verdict text,
  flagged boolean NOT NULL DEFAULT false,
  chunks jsonb NOT NULL DEFAULT '[]'::jsonb,
  processed_percent double precision NOT NULL DEFAULT 0,
  likely_percent double precision NOT NULL DEFAULT 0,
  strong_percent double precision NOT NULL DEFAULT 0,
  model_version text,
  error text,
  mark text CHECK (mark IN ('0', '1')),
  comment text,
  marked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  CONSTRAINT ai_checks_has_owner CHECK (user_id IS NOT NULL OR group_id IS NOT NULL)
);
CREATE INDEX ai_checks_user_idx ON ai_checks (user_id, id) WHERE user_id IS NOT NULL;
CREATE INDEX ai_checks_group_idx ON ai_checks (group_id, id) WHERE group_id IS NOT NULL;

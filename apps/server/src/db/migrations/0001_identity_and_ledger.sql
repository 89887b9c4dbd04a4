-- Users, groups, sessions and the page ledger (DESIGN.md §3). Runs on PostgreSQL and PGlite alike.

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text,
  password_hash text,
  name text NOT NULL DEFAULT '',
  is_guest boolean NOT NULL DEFAULT false,
  email_verified_at timestamptz,
  api_token text NOT NULL,
  api_token_hash text NOT NULL,
  language text NOT NULL DEFAULT 'en',
  timezone text NOT NULL DEFAULT 'UTC',
  block_text_submit boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_required CHECK (is_guest OR email IS NOT NULL),
  CONSTRAINT users_email_length CHECK (email IS NULL OR char_length(email) <= 50),
  CONSTRAINT users_name_length CHECK (char_length(name) <= 25)
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email)) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX users_api_token_hash_key ON users (api_token_hash);

CREATE TABLE groups (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  balance_type smallint NOT NULL DEFAULT 1 CHECK (balance_type IN (1, 2, 3)),
  hide_new_check_for_student boolean NOT NULL DEFAULT false,
  is_disabled boolean NOT NULL DEFAULT false,
  website_checks_disabled boolean NOT NULL DEFAULT false,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  api_token text NOT NULL,
  api_token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX groups_api_token_hash_key ON groups (api_token_hash);

-- role: 1 owner/administrator, 2 teacher, 3 student (check-tool.md §6).
CREATE TABLE group_members (
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role smallint NOT NULL CHECK (role IN (1, 2, 3)),
  page_limit integer CHECK (page_limit IS NULL OR page_limit >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_user_idx ON group_members (user_id);

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_persistent boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- A bot-check solution is accepted once.
CREATE TABLE used_bot_challenges (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- One account per user or group. Balances are pages; they change only through ledger_entries,
-- in the same transaction as the entry (see ledger.repository.ts).
CREATE TABLE accounts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  group_id integer UNIQUE REFERENCES groups (id) ON DELETE CASCADE,
  balance integer NOT NULL DEFAULT 0,
  bonus integer NOT NULL DEFAULT 0,
  ai_balance integer NOT NULL DEFAULT 0,
  held_balance integer NOT NULL DEFAULT 0 CHECK (held_balance >= 0),
  held_bonus integer NOT NULL DEFAULT 0 CHECK (held_bonus >= 0),
  held_ai_balance integer NOT NULL DEFAULT 0 CHECK (held_ai_balance >= 0),
  balance_type smallint NOT NULL DEFAULT 1 CHECK (balance_type IN (1, 2, 3)),
  negative_balance_allowed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT accounts_one_owner CHECK ((user_id IS NULL) <> (group_id IS NULL)),
  CONSTRAINT accounts_non_negative CHECK (
    negative_balance_allowed OR (balance >= 0 AND bonus >= 0 AND ai_balance >= 0)
  )
);

-- kind: the transaction types of commerce-and-cabinet.md §3, plus 'release' for a returned hold.
-- available_delta changes the bucket a user can spend; held_delta the pages reserved by a hold.
CREATE TABLE ledger_entries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('charge', 'deposit', 'reverse', 'hold', 'release', 'bonus', 'load_by_service')),
  bucket text NOT NULL CHECK (bucket IN ('balance', 'bonus', 'ai_balance')),
  available_delta integer NOT NULL,
  held_delta integer NOT NULL DEFAULT 0,
  hold_entry_id integer REFERENCES ledger_entries (id),
  reference text,
  actor_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);
-- A hold is settled (charged or released) once.
CREATE UNIQUE INDEX ledger_entries_settles_once ON ledger_entries (hold_entry_id) WHERE hold_entry_id IS NOT NULL;

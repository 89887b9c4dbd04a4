-- Site administrators and the reference-collection uploads they make in the product
-- (modules/collections: POST /api/v1/admin/collections/). Runs on PostgreSQL and PGlite alike.

-- A site administrator manages the reference collections; granted with `npm run admin -- user:admin EMAIL`.
ALTER TABLE users ADD COLUMN is_admin boolean NOT NULL DEFAULT false;

-- One upload of files into a reference collection and its import (job collection-import.v1). The files wait
-- under upload_dir (inside DATA_DIR) until the job has imported them, then the folder is deleted.
-- state: queued, running, done (failures may still list documents that could not be read), failed (error says why).
CREATE TABLE collection_imports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  collection_name text NOT NULL CHECK (collection_name ~ '^[a-z0-9][a-z0-9_.-]{0,62}$'),
  title text,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  upload_dir text NOT NULL,
  -- Files stored; files skipped at upload for their type.
  files integer NOT NULL,
  ignored integer NOT NULL DEFAULT 0,
  -- Documents the files hold (known once the job has read them), imported and not readable so far.
  total integer,
  done integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  -- The first 1,000 documents that could not be read: [{file, line?, message}].
  failures jsonb NOT NULL DEFAULT '[]',
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collection_imports_open_idx ON collection_imports (created_at) WHERE state IN ('queued', 'running');

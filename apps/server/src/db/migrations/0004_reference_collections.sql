-- Reference collections (DESIGN.md §4): documents an administrator imports with
-- `npm run admin -- collections import NAME PATH` (modules/collections). Their documents are ordinary
-- reuse_sources rows, named the way the reuse engine already names collections: `checked` for checked
-- documents, `ref:NAME` for a reference collection (source_collection below); their keys are
-- `ref:NAME:<relative path>` or `ref:NAME:<JSONL id>`, so a re-import replaces them.
-- Runs on PostgreSQL and PGlite alike.

CREATE TABLE reuse_collections (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  -- The value of reuse_sources.collection for this collection's documents.
  source_collection text GENERATED ALWAYS AS ('ref:' || name) STORED,
  title text NOT NULL DEFAULT '',
  -- Kept by the importer in the transaction of each batch; words may pass int4 (a Wikipedia has billions).
  documents integer NOT NULL DEFAULT 0,
  words bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT reuse_collections_name_key UNIQUE (name),
  CONSTRAINT reuse_collections_name_check CHECK (name ~ '^[a-z0-9][a-z0-9_.-]{0,62}$')
);

-- The word count of an imported document (null for other sources), so that a re-import can correct
-- its collection's total.
ALTER TABLE reuse_sources ADD COLUMN words integer;

-- The text-reuse engine's index (packages/reuse FingerprintStore, modules/reuse/fingerprint-store.ts).
-- Runs on PostgreSQL and PGlite alike.

-- One row per indexed document. `key` is the caller's stable id (IndexedSource.id); `id` is internal and
-- only exists to keep the postings narrow.
CREATE TABLE reuse_sources (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL,
  collection text NOT NULL,
  title text NOT NULL DEFAULT '',
  url text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT reuse_sources_key_key UNIQUE (key)
);
CREATE INDEX reuse_sources_collection_idx ON reuse_sources (collection);

-- The postings: tens of millions of rows, so two int4 columns and nothing else. `hash` is the unsigned
-- 32-bit fingerprint stored as a signed int4 (hash | 0 on the way in, >>> 0 on the way out). The primary
-- key serves lookups by hash (index-only); the source_id index serves removal and the cascade.
CREATE TABLE reuse_fingerprints (
  hash integer NOT NULL,
  source_id integer NOT NULL REFERENCES reuse_sources (id) ON DELETE CASCADE,
  PRIMARY KEY (hash, source_id)
);
CREATE INDEX reuse_fingerprints_source_idx ON reuse_fingerprints (source_id);

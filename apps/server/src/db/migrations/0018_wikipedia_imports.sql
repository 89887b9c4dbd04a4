-- Wikipedia dumps imported into reference collections (modules/collections/wikipedia-import.ts), from the admin
-- CLI (`collections import-wikipedia NAME FILE`) or an upload at /admin/collections (job wikipedia-import.v1).
-- Such an import takes hours, so it records where it stands after each committed batch and an interrupted one
-- resumes there. Runs on PostgreSQL and PGlite alike.

-- kind: 'files' (an upload of documents, as before) or 'wikipedia' (one MediaWiki XML dump, .xml.bz2 or .xml).
-- A CLI import reads the dump where it lies: it has no upload folder.
ALTER TABLE collection_imports
  ADD COLUMN kind text NOT NULL DEFAULT 'files' CHECK (kind IN ('files', 'wikipedia')),
  ALTER COLUMN upload_dir DROP NOT NULL,
  -- The dump read (absolute path) and its size in bytes: the same NAME, FILE and size resume this import.
  ADD COLUMN source_file text,
  ADD COLUMN source_bytes bigint,
  -- The resume point, written in the transaction of each batch: every <page> up to this one (counted from the
  -- start of the dump) is imported or skipped; bytes_done is how far into the (compressed) file that was.
  ADD COLUMN pages_done integer NOT NULL DEFAULT 0,
  ADD COLUMN bytes_done bigint NOT NULL DEFAULT 0,
  -- Pages not imported, by reason: {"redirect", "namespace", "disambiguation", "short"}.
  ADD COLUMN skipped jsonb NOT NULL DEFAULT '{}',
  -- The run that owns the import now: a batch of a run that another has since taken over is rolled back.
  ADD COLUMN runner text;
ALTER TABLE collection_imports
  ADD CONSTRAINT collection_imports_upload_dir_check CHECK (kind = 'wikipedia' OR upload_dir IS NOT NULL);
CREATE INDEX collection_imports_source_idx ON collection_imports (collection_name, source_file) WHERE kind = 'wikipedia';

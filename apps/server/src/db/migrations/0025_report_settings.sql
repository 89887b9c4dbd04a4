-- The settings of a check's Similarity report (issue 17; commerce-and-cabinet.md §2 "New check", "Similarity
-- report"): chosen with the check, changed later on the finished report (which is rebuilt from its stored basis,
-- with no new check and no charge). Runs on PostgreSQL and PGlite alike.
--   exclude_below_percent: sources whose share of the text is below it leave the similarity list (0: none).
--   exclude_self_plagiarism, custom_author: the documents whose author is custom_author (case-insensitive; the
--     author of a checked document is its custom_author, else its submitter's name) are left out.
--   custom_author: also the author of this document, as other reports see it.
--   include_quotes, include_references: quoted passages and passages in references count as similarity.
--   ignored_sources: the sources the reader ignored, by their key in the index (the report's db_id).
ALTER TABLE text_checks
  ADD COLUMN exclude_below_percent numeric(5, 2) NOT NULL DEFAULT 0
    CHECK (exclude_below_percent >= 0 AND exclude_below_percent <= 100),
  ADD COLUMN exclude_self_plagiarism boolean NOT NULL DEFAULT false,
  ADD COLUMN custom_author text CHECK (custom_author IS NULL OR char_length(custom_author) <= 100),
  ADD COLUMN include_quotes boolean NOT NULL DEFAULT false,
  ADD COLUMN include_references boolean NOT NULL DEFAULT false,
  ADD COLUMN ignored_sources text[] NOT NULL DEFAULT '{}';

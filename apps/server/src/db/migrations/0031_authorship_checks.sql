-- The authorship (fingerprint) check of a document (issue 18; commerce-and-cabinet.md §6, §8, §9; check-tool.md §7
-- type=1): an organisation's teacher or owner compares a student's new paper with the student's earlier papers and
-- other students' papers (modules/authorship). One per document: asking again answers the stored result and charges
-- nothing. Runs on PostgreSQL and PGlite alike.
CREATE TABLE authorship_checks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  text_check_id integer NOT NULL UNIQUE REFERENCES text_checks (id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  -- the student whose paper it is, and the teacher or owner who asked (kept without them if they go)
  author_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  requested_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  -- the ledger's charge of the 3 pages (ledger_entries, reference authorship-check:{text_check_id})
  charge_entry_id integer,
  -- 4: done (the AI check's status numbers)
  status smallint NOT NULL DEFAULT 4,
  score real NOT NULL,
  verdict text NOT NULL CHECK (verdict IN ('same_author', 'inconclusive', 'different_author')),
  -- the engine's result and the papers compared (ids, titles, dates), as shown in the report and its PDF
  result jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX authorship_checks_group_idx ON authorship_checks (group_id);

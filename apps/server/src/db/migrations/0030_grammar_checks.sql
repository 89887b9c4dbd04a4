-- The grammar checker's results, one per document (issue 18; commerce-and-cabinet.md §4 "Grammar check: not
-- activated, not checked, activated", §6 "activated per institution": groups.grammar_checker_enabled, 0027).
-- Runs on PostgreSQL and PGlite alike. No row: not checked yet (modules/grammar/grammar.service.ts).
CREATE TABLE grammar_checks (
  text_id integer PRIMARY KEY REFERENCES text_checks (id) ON DELETE CASCADE,
  -- en or es; NULL: the text is in neither language, nothing was checked
  language text CHECK (language IS NULL OR language IN ('en', 'es')),
  -- [{start, end, kind, rule, params, suggestions}] (modules/grammar/engine/engine.ts)
  findings jsonb NOT NULL DEFAULT '[]'::jsonb,
  checked_at timestamptz NOT NULL DEFAULT now()
);

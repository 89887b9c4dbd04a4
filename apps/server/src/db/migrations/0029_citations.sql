-- The citation generator's history (issue 18; commerce-and-cabinet.md §3 "Citation": style, source type, the source's
-- fields). Runs on PostgreSQL and PGlite alike; modules/citations. One row per reference a signed-in account generated,
-- with the source as the form sent it (jsonb, validated by CitationSourceSchema) and the text and HTML citeproc-js made
-- of it. A guest's history stays in the browser (local storage). The newest CITATION_HISTORY_MAX rows of an account are
-- kept; its rows go with the account.
CREATE TABLE citations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  style text NOT NULL CHECK (style IN ('apa', 'mla', 'chicago', 'harvard', 'apa-es')),
  source_type text NOT NULL CHECK (source_type IN ('book', 'article', 'webpage', 'chapter', 'thesis')),
  source jsonb NOT NULL,
  text text NOT NULL CHECK (char_length(text) <= 20000),
  html text NOT NULL CHECK (char_length(html) <= 40000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX citations_user_idx ON citations (user_id, id DESC);

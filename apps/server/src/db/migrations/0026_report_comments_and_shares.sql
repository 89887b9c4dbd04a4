-- Report tools (issue 17): comments on a Similarity report and sharing a report by e-mail. Runs on PostgreSQL and
-- PGlite alike.

-- A teacher's or an owner's comment on the whole report (start and end null) or on a passage of the checked text
-- (start..end offsets into text_checks.content, quote: the passage as it was). The author's account may go; the
-- comment stays with the organisation's report, without its author.
CREATE TABLE report_comments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  text_check_id integer NOT NULL REFERENCES text_checks (id) ON DELETE CASCADE,
  author_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  start_offset integer,
  end_offset integer,
  quote text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT report_comments_selection CHECK (
    (start_offset IS NULL AND end_offset IS NULL AND quote IS NULL)
    OR (start_offset >= 0 AND end_offset > start_offset AND quote IS NOT NULL)
  )
);
CREATE INDEX report_comments_check_idx ON report_comments (text_check_id, id);

-- A link to a report sent by e-mail: valid until expires_at unless revoked; only the token's SHA-256 is kept.
-- The links of an account that is deleted stop working with it.
CREATE TABLE report_shares (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  text_check_id integer NOT NULL REFERENCES text_checks (id) ON DELETE CASCADE,
  created_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_shares_check_idx ON report_shares (text_check_id, id);

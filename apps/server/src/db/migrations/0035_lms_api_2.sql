-- The PlagiarismCheck-compatible LMS API, second part (modules/lms-api): what the newest Moodle plugin adds.
-- Runs on PostgreSQL and PGlite alike.

-- A non-address identity an organisation's LMS knows a member by (the plugin's course-scoped sites register
-- "moodle-<site digest>-<username>"): the plugin hashes it as it hashes an address, sha256(token + lower(login)).
-- additional_email: the delivery address sent with the registration (never an identifier).
CREATE TABLE lms_member_logins (
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  login text NOT NULL CHECK (char_length(login) BETWEEN 1 AND 250),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  additional_email text CHECK (additional_email IS NULL OR char_length(additional_email) <= 254),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, login)
);
CREATE INDEX lms_member_logins_user_idx ON lms_member_logins (user_id);

-- A course-scoped teacher grant (POST /lms/moodle/course-role/): the member may open the reports of that course's
-- LMS submissions made with the organisation's token until expires_at (48 hours after the last grant).
CREATE TABLE lms_course_roles (
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  course_id text NOT NULL CHECK (char_length(course_id) BETWEEN 1 AND 100),
  role smallint NOT NULL CHECK (role = 2),
  granted_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (group_id, user_id, course_id)
);

-- The course name and the activity's assignment key the newest plugin sends with a submission.
ALTER TABLE lms_text_checks ADD COLUMN course_name text CHECK (course_name IS NULL OR char_length(course_name) <= 300);
ALTER TABLE lms_text_checks ADD COLUMN assignment_key text
  CHECK (assignment_key IS NULL OR char_length(assignment_key) <= 200);
ALTER TABLE lms_text_checks ADD COLUMN ignore_templates_enabled boolean NOT NULL DEFAULT false;
CREATE INDEX lms_text_checks_course_idx ON lms_text_checks (lms_token_id, course_id);

-- An activity's ignore template (the plugin's /lms/moodle/assignment/ignore-templates/ calls), per organisation
-- and assignment key: the original bytes (a file) or the pasted text, and the text extracted from it.
CREATE TABLE lms_ignore_templates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  assignment_key text NOT NULL CHECK (char_length(assignment_key) BETWEEN 1 AND 200),
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 300),
  content bytea NOT NULL,
  text text NOT NULL,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lms_ignore_templates_key_idx ON lms_ignore_templates (group_id, assignment_key, id);

-- The profile and account security (modules/profile, modules/auth/login-throttle.ts).
-- Runs on PostgreSQL and PGlite alike.

-- Failed password logins per account (commerce-and-cabinet.md §5 asks nothing; issue 6 asks for a
-- per-account limit on top of the per-address one). failures counts the failures of the window that began
-- at window_started_at; reaching the limit sets locked_until and starts a new window. A successful login
-- deletes the row.
CREATE TABLE login_throttles (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

-- A deleted user's checks made inside a group stay with the group, without their author ("ON DELETE SET
-- NULL where group_id is not null", which a foreign key cannot say). Their personal checks (no group) still
-- go with them through the ON DELETE CASCADE of user_id.
CREATE FUNCTION keep_group_checks_of_deleted_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE text_checks SET user_id = NULL WHERE user_id = OLD.id AND group_id IS NOT NULL;
  UPDATE ai_checks SET user_id = NULL WHERE user_id = OLD.id AND group_id IS NOT NULL;
  RETURN OLD;
END
$$;

CREATE TRIGGER users_keep_group_checks BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION keep_group_checks_of_deleted_user();

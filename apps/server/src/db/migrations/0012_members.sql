-- Organisation members managed by the owner (modules/members): who added a member (NULL: joined by a
-- registration link, or the owner who created the group), and when the owner's addition created the member's
-- account and sent the set-password invitation (the member is "invited" until that account has a password).
-- group_members.page_limit (0001) is the member's page limit in the group (NULL: no limit).
ALTER TABLE group_members ADD COLUMN added_by integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE group_members ADD COLUMN invited_at timestamptz;

-- The pages a member used in a group (their checks there that hold or charged pages) are summed per member.
CREATE INDEX text_checks_group_user_idx ON text_checks (group_id, user_id) WHERE group_id IS NOT NULL;
CREATE INDEX ai_checks_group_user_idx ON ai_checks (group_id, user_id) WHERE group_id IS NOT NULL;

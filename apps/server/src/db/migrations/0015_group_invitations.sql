-- An owner's addition of a member is an invitation (modules/invitations): the invited user accepts (and joins
-- with the role and page limit the owner chose) or declines; the owner may cancel it. Until then the owner sees
-- the address they typed and "invited", nothing of the account behind it. user_id: the invited account (an
-- existing one, or the one made for a new address); email: the address as the owner typed it.
CREATE TABLE group_invitations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  role smallint NOT NULL CHECK (role IN (2, 3)),
  page_limit integer CHECK (page_limit IS NULL OR page_limit >= 0),
  invited_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, user_id)
);
CREATE INDEX group_invitations_user_idx ON group_invitations (user_id);

-- Memberships the owner made for accounts that never signed in (0012's "invited" members) become invitations.
INSERT INTO group_invitations (group_id, user_id, email, role, page_limit, invited_by, created_at)
SELECT m.group_id, m.user_id, u.email, CASE WHEN m.role = 2 THEN 2 ELSE 3 END, m.page_limit, m.added_by, m.invited_at
FROM group_members m JOIN users u ON u.id = m.user_id
WHERE m.invited_at IS NOT NULL AND m.role <> 1 AND u.password_hash IS NULL AND u.email IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id);

DELETE FROM group_members m
USING group_invitations i
WHERE i.group_id = m.group_id AND i.user_id = m.user_id;

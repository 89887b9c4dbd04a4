-- My Documents' folders (issue 17, commerce-and-cabinet.md §2, §3 "Folder: name, parent folder, access list, share
-- link"). A folder belongs to its owner (user_id) in one scope: personal (group_id NULL) or an organisation's.
-- Subfolders name their parent (same owner, same scope). Names are unique among siblings, without case. The share
-- link's token is derived (HMAC of the app secret over the folder and share_nonce), only its SHA-256 is looked up.
-- Runs on PostgreSQL and PGlite alike.
CREATE TABLE folders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  group_id integer REFERENCES groups (id) ON DELETE CASCADE,
  parent_id integer REFERENCES folders (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  share_nonce text,
  share_token_hash text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX folders_sibling_name_idx
  ON folders (user_id, COALESCE(group_id, 0), COALESCE(parent_id, 0), lower(name));
CREATE INDEX folders_parent_idx ON folders (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX folders_scope_idx ON folders (group_id, user_id);

-- Who else opens a folder (and its subfolders): named members of its organisation ('member', added by the owner)
-- and whoever joined by its share link ('link', removed when the link is revoked).
CREATE TABLE folder_access (
  folder_id integer NOT NULL REFERENCES folders (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  via text NOT NULL CHECK (via IN ('member', 'link')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (folder_id, user_id)
);
CREATE INDEX folder_access_user_idx ON folder_access (user_id);

-- A document's folder. Deleting a folder moves its documents to the parent first (folders.service.ts); SET NULL is
-- the safety net for the cascades (an owner's account or an organisation deleted).
ALTER TABLE text_checks ADD COLUMN folder_id integer REFERENCES folders (id) ON DELETE SET NULL;
CREATE INDEX text_checks_folder_idx ON text_checks (folder_id) WHERE folder_id IS NOT NULL;

import type { Queryable } from '../../db/database.ts';

/** The only SQL of My Documents' folders (tables folders, folder_access, text_checks.folder_id; migration 0024). */

export type FolderRecord = {
  id: number;
  user_id: number;
  group_id: number | null;
  parent_id: number | null;
  name: string;
  share_nonce: string | null;
  share_token_hash: string | null;
  created_at: Date;
};

/** A folder as listed: its owner's name and e-mail, its document count and whether anyone else opens it. */
export type FolderListRow = FolderRecord & {
  owner_name: string;
  owner_email: string | null;
  documents: number;
  access_count: number;
};

export type AccessVia = 'member' | 'link';

const COLUMNS = 'f.id, f.user_id, f.group_id, f.parent_id, f.name, f.share_nonce, f.share_token_hash, f.created_at';

const LIST_COLUMNS = `${COLUMNS}, u.name AS owner_name, u.email AS owner_email,
  (SELECT count(*)::int FROM text_checks t WHERE t.folder_id = f.id) AS documents,
  (SELECT count(*)::int FROM folder_access a WHERE a.folder_id = f.id) AS access_count`;

export async function findFolder(db: Queryable, id: number): Promise<FolderRecord | null> {
  const { rows } = await db.query<FolderRecord>(`SELECT ${COLUMNS} FROM folders f WHERE f.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function lockFolder(db: Queryable, id: number): Promise<FolderRecord | null> {
  const { rows } = await db.query<FolderRecord>(`SELECT ${COLUMNS} FROM folders f WHERE f.id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

export async function findFolderRow(db: Queryable, id: number): Promise<FolderListRow | null> {
  const { rows } = await db.query<FolderListRow>(
    `SELECT ${LIST_COLUMNS} FROM folders f JOIN users u ON u.id = f.user_id WHERE f.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findFolderByShareHash(db: Queryable, hash: string): Promise<FolderRecord | null> {
  const { rows } = await db.query<FolderRecord>(`SELECT ${COLUMNS} FROM folders f WHERE f.share_token_hash = $1`, [
    hash,
  ]);
  return rows[0] ?? null;
}

/** The folder and its ancestors, the folder first (a chain of at most a few levels). */
export async function folderChain(db: Queryable, id: number): Promise<FolderRecord[]> {
  const { rows } = await db.query<FolderRecord & { depth: number }>(
    `WITH RECURSIVE chain AS (
       SELECT ${COLUMNS}, 0 AS depth FROM folders f WHERE f.id = $1
       UNION ALL
       SELECT ${COLUMNS}, chain.depth + 1 FROM folders f JOIN chain ON f.id = chain.parent_id WHERE chain.depth < 50
     )
     SELECT * FROM chain ORDER BY depth`,
    [id],
  );
  return rows.map(({ depth: _depth, ...folder }) => folder);
}

/** The folder and every folder under it (ids). */
export async function folderSubtree(db: Queryable, id: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `WITH RECURSIVE tree AS (
       SELECT id, 0 AS depth FROM folders WHERE id = $1
       UNION ALL
       SELECT f.id, tree.depth + 1 FROM folders f JOIN tree ON f.parent_id = tree.id WHERE tree.depth < 50
     )
     SELECT id FROM tree`,
    [id],
  );
  return rows.map((row) => row.id);
}

/** The caller's own folders of a scope (personal: group null), parents before children, then by name. */
export async function listOwnFolders(db: Queryable, userId: number, groupId: number | null): Promise<FolderListRow[]> {
  const { rows } = await db.query<FolderListRow>(
    `SELECT ${LIST_COLUMNS} FROM folders f JOIN users u ON u.id = f.user_id
     WHERE f.user_id = $1 AND f.group_id IS NOT DISTINCT FROM $2 ORDER BY lower(f.name), f.id`,
    [userId, groupId],
  );
  return rows;
}

/**
 * Folders of a scope others share with the user (the access list or a link), with their subfolders, and how the
 * user got in (the strongest of the folder's and its ancestors' rows: 'member' over 'link').
 */
export async function listSharedFolders(
  db: Queryable,
  userId: number,
  groupId: number | null,
): Promise<(FolderListRow & { via: AccessVia })[]> {
  const { rows } = await db.query<FolderListRow & { via: AccessVia }>(
    `WITH RECURSIVE shared AS (
       SELECT f.id, a.via, 0 AS depth FROM folder_access a JOIN folders f ON f.id = a.folder_id
       WHERE a.user_id = $1 AND f.user_id <> $1 AND f.group_id IS NOT DISTINCT FROM $2
       UNION ALL
       SELECT f.id, shared.via, shared.depth + 1 FROM folders f JOIN shared ON f.parent_id = shared.id
       WHERE shared.depth < 50
     ),
     best AS (SELECT id, max(via) AS via FROM shared GROUP BY id)
     SELECT ${LIST_COLUMNS}, best.via FROM best JOIN folders f ON f.id = best.id JOIN users u ON u.id = f.user_id
     ORDER BY lower(f.name), f.id`,
    [userId, groupId],
  );
  return rows;
}

/** How the user got into any folder of the chain (one row per folder at most). */
export async function accessOnChain(db: Queryable, userId: number, folderIds: readonly number[]): Promise<AccessVia[]> {
  if (folderIds.length === 0) return [];
  const { rows } = await db.query<{ via: AccessVia }>(
    'SELECT via FROM folder_access WHERE user_id = $1 AND folder_id = ANY($2::int[])',
    [userId, [...folderIds]],
  );
  return rows.map((row) => row.via);
}

export async function countFoldersOfScope(db: Queryable, userId: number, groupId: number | null): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM folders WHERE user_id = $1 AND group_id IS NOT DISTINCT FROM $2',
    [userId, groupId],
  );
  return rows[0]?.n ?? 0;
}

/** Whether a sibling (same owner, scope and parent) already has this name, without case; `exceptId` left out. */
export async function siblingNameTaken(
  db: Queryable,
  folder: { userId: number; groupId: number | null; parentId: number | null; name: string; exceptId?: number },
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM folders WHERE user_id = $1 AND group_id IS NOT DISTINCT FROM $2 AND parent_id IS NOT DISTINCT FROM $3
       AND lower(name) = lower($4) AND id <> $5 LIMIT 1`,
    [folder.userId, folder.groupId, folder.parentId, folder.name, folder.exceptId ?? 0],
  );
  return rows.length > 0;
}

/** Serialises the folder changes of one owner and scope (names unique among siblings, the count limit). */
export async function lockFolderScope(db: Queryable, userId: number, groupId: number | null): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`folders:${String(userId)}:${String(groupId ?? 0)}`]);
}

export async function insertFolder(
  db: Queryable,
  folder: { userId: number; groupId: number | null; parentId: number | null; name: string },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO folders (user_id, group_id, parent_id, name) VALUES ($1, $2, $3, $4) RETURNING id',
    [folder.userId, folder.groupId, folder.parentId, folder.name],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertFolder returned no row');
  return row.id;
}

export async function renameFolder(db: Queryable, id: number, name: string): Promise<void> {
  await db.query('UPDATE folders SET name = $2 WHERE id = $1', [id, name]);
}

/** Moves the documents of the folders to `target` (null: out of every folder); answers how many. */
export async function moveDocumentsOutOf(
  db: Queryable,
  folderIds: readonly number[],
  target: number | null,
): Promise<number> {
  const result = await db.query('UPDATE text_checks SET folder_id = $2 WHERE folder_id = ANY($1::int[])', [
    [...folderIds],
    target,
  ]);
  return result.rowCount;
}

/** Deletes the folders (subfolders and access rows go by cascade); answers how many. */
export async function deleteFolders(db: Queryable, ids: readonly number[]): Promise<number> {
  const result = await db.query('DELETE FROM folders WHERE id = ANY($1::int[])', [[...ids]]);
  return result.rowCount;
}

export async function setShareLink(
  db: Queryable,
  id: number,
  link: { nonce: string; hash: string } | null,
): Promise<void> {
  await db.query('UPDATE folders SET share_nonce = $2, share_token_hash = $3 WHERE id = $1', [
    id,
    link?.nonce ?? null,
    link?.hash ?? null,
  ]);
}

/** Removes every access row of a folder given by its link; answers how many. */
export async function deleteLinkAccess(db: Queryable, folderId: number): Promise<number> {
  const result = await db.query("DELETE FROM folder_access WHERE folder_id = $1 AND via = 'link'", [folderId]);
  return result.rowCount;
}

/** Adds an access row; a 'member' row replaces a 'link' one, never the other way round. */
export async function upsertAccess(db: Queryable, folderId: number, userId: number, via: AccessVia): Promise<void> {
  await db.query(
    `INSERT INTO folder_access (folder_id, user_id, via) VALUES ($1, $2, $3)
     ON CONFLICT (folder_id, user_id) DO UPDATE SET via = CASE WHEN EXCLUDED.via = 'member' THEN 'member'
       ELSE folder_access.via END`,
    [folderId, userId, via],
  );
}

export async function deleteAccess(db: Queryable, folderId: number, userId: number): Promise<number> {
  const result = await db.query('DELETE FROM folder_access WHERE folder_id = $1 AND user_id = $2', [folderId, userId]);
  return result.rowCount;
}

export async function listAccess(
  db: Queryable,
  folderId: number,
): Promise<{ user_id: number; name: string; email: string | null; via: AccessVia }[]> {
  const { rows } = await db.query<{ user_id: number; name: string; email: string | null; via: AccessVia }>(
    `SELECT a.user_id, u.name, u.email, a.via FROM folder_access a JOIN users u ON u.id = a.user_id
     WHERE a.folder_id = $1 ORDER BY a.via DESC, lower(u.name), lower(u.email), a.user_id`,
    [folderId],
  );
  return rows;
}

/** A member of the organisation by e-mail (without case) or id, with their role; null when not a member. */
export async function findGroupMember(
  db: Queryable,
  groupId: number,
  who: { email: string } | { userId: number },
): Promise<{ user_id: number; role: 1 | 2 | 3 } | null> {
  const { rows } =
    'email' in who
      ? await db.query<{ user_id: number; role: 1 | 2 | 3 }>(
          `SELECT m.user_id, m.role FROM group_members m JOIN users u ON u.id = m.user_id
           WHERE m.group_id = $1 AND lower(u.email) = lower($2)`,
          [groupId, who.email],
        )
      : await db.query<{ user_id: number; role: 1 | 2 | 3 }>(
          'SELECT user_id, role FROM group_members WHERE group_id = $1 AND user_id = $2',
          [groupId, who.userId],
        );
  return rows[0] ?? null;
}

/** The documents to move, locked: their owner, organisation and folder. */
export async function lockDocuments(
  db: Queryable,
  ids: readonly number[],
): Promise<{ id: number; user_id: number | null; group_id: number | null; folder_id: number | null }[]> {
  const { rows } = await db.query<{
    id: number;
    user_id: number | null;
    group_id: number | null;
    folder_id: number | null;
  }>('SELECT id, user_id, group_id, folder_id FROM text_checks WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [
    [...ids],
  ]);
  return rows;
}

export async function setDocumentsFolder(
  db: Queryable,
  ids: readonly number[],
  folderId: number | null,
): Promise<number> {
  const result = await db.query('UPDATE text_checks SET folder_id = $2 WHERE id = ANY($1::int[])', [
    [...ids],
    folderId,
  ]);
  return result.rowCount;
}

export async function renameDocument(db: Queryable, id: number, title: string): Promise<void> {
  await db.query('UPDATE text_checks SET title = $2 WHERE id = $1', [id, title]);
}

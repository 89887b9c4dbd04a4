import type { Queryable } from '../../db/database.ts';
import { findMembershipsOfUser, type UserRecord } from '../auth/users.repository.ts';
import { accessOnChain, folderChain, type FolderRecord } from './folders.repository.ts';

/** What a user may do with a folder they may open. */
export type FolderRights = {
  folder: FolderRecord;
  /** The folder's owner: renames, deletes and shares it. */
  isOwner: boolean;
  /** May file documents into it. */
  canWrite: boolean;
  /** The user's role in the folder's organisation now (null: a personal folder). */
  role: 1 | 2 | 3 | null;
};

const STUDENT = 3;

/**
 * Who opens a folder (its documents, whoever made them, and its subfolders), issue 17: no guest and no token. An
 * organisation's folder only a current member of that organisation (not disabled), a removed member not even their
 * own; then its owner, and who is on the access list of the folder or of a folder above it: a member named by the
 * owner ('member'), or who joined by its share link ('link'), which a student cannot use (a student opens only the
 * folders he is named on). A personal folder: its owner and who joined by its link. Writing (filing documents in
 * it): its owner, and in an organisation a teacher or owner who may open it. Null: the folder does not exist for
 * this user.
 */
export async function folderRightsFor(
  db: Queryable,
  user: UserRecord | null,
  folderId: number,
): Promise<FolderRights | null> {
  if (user === null || user.is_guest) return null;
  const chain = await folderChain(db, folderId);
  const folder = chain[0];
  if (folder === undefined) return null;
  let role: 1 | 2 | 3 | null = null;
  if (folder.group_id !== null) {
    const groupId = folder.group_id;
    const membership = (await findMembershipsOfUser(db, user.id)).find((group) => group.id === groupId);
    if (membership === undefined || membership.is_disabled) return null;
    role = membership.role;
  }
  if (folder.user_id === user.id) return { folder, isOwner: true, canWrite: true, role };
  const vias = await accessOnChain(
    db,
    user.id,
    chain.map((link) => link.id),
  );
  const named = vias.includes('member');
  const byLink = vias.includes('link') && role !== STUDENT;
  if (!named && !byLink) return null;
  return { folder, isOwner: false, canWrite: folder.group_id !== null && role !== null && role !== STUDENT, role };
}

/** The ids among `folderIds` the user may open (for the documents list's folder_id). */
export async function openableFolderIds(
  db: Queryable,
  user: UserRecord | null,
  folderIds: readonly number[],
): Promise<Set<number>> {
  const open = new Set<number>();
  for (const id of new Set(folderIds)) {
    if ((await folderRightsFor(db, user, id)) !== null) open.add(id);
  }
  return open;
}

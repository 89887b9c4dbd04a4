import { randomBytes } from 'node:crypto';
import {
  DOCUMENTS_BULK_MAX,
  ERRORS,
  FOLDER_MAX_DEPTH,
  FOLDER_MAX_PER_SCOPE,
  FOLDER_NAME_MAX,
  type Folder,
  type FolderAccessEntry,
} from '@veritext/contracts';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import { hmac, sha256 } from '../auth/secrets.ts';
import { groupActingFor, mayDeleteCheck, mayReadCheck, type Caller } from '../groups/group-access.ts';
import { folderRightsFor, type FolderRights } from './folder-access.ts';
import {
  countFoldersOfScope,
  deleteAccess,
  deleteFolders,
  deleteLinkAccess,
  findFolderByShareHash,
  findFolderRow,
  findGroupMember,
  folderChain,
  folderSubtree,
  insertFolder,
  listAccess,
  listOwnFolders,
  listSharedFolders,
  lockDocuments,
  lockFolderScope,
  moveDocumentsOutOf,
  renameFolder as renameFolderRow,
  setDocumentsFolder,
  setShareLink,
  siblingNameTaken,
  upsertAccess,
  type FolderListRow,
  type FolderRecord,
} from './folders.repository.ts';

export type FoldersDeps = { db: Database; appSecret: string };

const STUDENT = 3;
const EmailSchema = z.email();

/** Folders are for accounts: no guest, no organisation token. */
function requireAccount(caller: Caller): UserRecord {
  if (caller.user === null) throw new AppError(caller.group === null ? 'unauthorized' : 'forbidden');
  if (caller.user.is_guest) throw new AppError('forbidden');
  return caller.user;
}

/** A folder's name as typed, trimmed: not empty, at most 100 characters (the spec's "empty folder name"). */
export function folderName(raw: string | undefined): string {
  const name = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (name === '') throw new AppError('folder_name_empty', { fields: { name: ERRORS.folder_name_empty.message } });
  if (name.length > FOLDER_NAME_MAX) {
    throw new AppError('validation_failed', {
      fields: { name: `The folder name can have at most ${String(FOLDER_NAME_MAX)} characters.` },
    });
  }
  return name;
}

function present(row: FolderListRow, rights: { isOwner: boolean; canWrite: boolean }): Folder {
  return {
    id: row.id,
    name: row.name,
    parent_id: row.parent_id,
    group_id: row.group_id,
    owner: { id: row.user_id, name: row.owner_name, email: row.owner_email },
    is_owner: rights.isOwner,
    can_write: rights.canWrite,
    is_shared: row.access_count > 0 || row.share_token_hash !== null,
    documents: row.documents,
    created_at: row.created_at.toISOString(),
  };
}

async function presentById(db: Queryable, id: number, rights: { isOwner: boolean; canWrite: boolean }) {
  const row = await findFolderRow(db, id);
  if (row === null) throw new AppError('not_found');
  return present(row, rights);
}

/** The folder when the caller may open it; otherwise it does not exist, as far as they can tell. */
async function openable(db: Queryable, user: UserRecord, id: number): Promise<FolderRights> {
  const rights = await folderRightsFor(db, user, id);
  if (rights === null) throw new AppError('not_found');
  return rights;
}

/** Only the folder's owner manages it (rename, delete, share); someone who only opens it: 403. */
async function owned(db: Queryable, user: UserRecord, id: number): Promise<FolderRights> {
  const rights = await openable(db, user, id);
  if (!rights.isOwner) throw new AppError('forbidden');
  return rights;
}

/** Sharing an organisation's folder is for its owner and teachers: a student's folders stay his. */
function assertMayShare(rights: FolderRights): void {
  if (rights.role === STUDENT) throw new AppError('forbidden');
}

/**
 * GET /api/v1/folders/?group_id=: the caller's folders of the scope (personal, or an organisation they are a member
 * of) and the folders others share with them there, each with its subfolders.
 */
export async function listFolders(
  db: Queryable,
  caller: Caller,
  groupId: number | null,
): Promise<{ folders: Folder[]; shared: Folder[] }> {
  const user = requireAccount(caller);
  let role: 1 | 2 | 3 | null = null;
  if (groupId !== null) role = (await groupActingFor(db, { user, group: null }, groupId)).role;
  const own = await listOwnFolders(db, user.id, groupId);
  const shared = (await listSharedFolders(db, user.id, groupId)).filter(
    (row) => row.via === 'member' || role !== STUDENT,
  );
  const canWriteShared = groupId !== null && role !== STUDENT;
  return {
    folders: own.map((row) => present(row, { isOwner: true, canWrite: true })),
    shared: shared.map((row) => present(row, { isOwner: false, canWrite: canWriteShared })),
  };
}

/** POST /api/v1/folders/: a new folder in the scope, or a subfolder of one of the caller's. */
export async function createFolder(
  db: Database,
  caller: Caller,
  input: { name: string | undefined; groupId: number | null; parentId: number | null },
): Promise<Folder> {
  const user = requireAccount(caller);
  const name = folderName(input.name);
  let groupId = input.groupId;
  if (input.parentId !== null) {
    const parent = await owned(db, user, input.parentId);
    if (groupId !== null && parent.folder.group_id !== groupId) throw new AppError('not_found');
    groupId = parent.folder.group_id;
    if ((await folderChain(db, parent.folder.id)).length >= FOLDER_MAX_DEPTH) throw new AppError('folder_too_deep');
  } else if (groupId !== null) {
    await groupActingFor(db, { user, group: null }, groupId);
  }
  const id = await db.transaction(async (tx) => {
    await lockFolderScope(tx, user.id, groupId);
    if ((await countFoldersOfScope(tx, user.id, groupId)) >= FOLDER_MAX_PER_SCOPE) {
      throw new AppError('folder_limit_reached');
    }
    if (await siblingNameTaken(tx, { userId: user.id, groupId, parentId: input.parentId, name })) {
      throw new AppError('folder_exists', { fields: { name: ERRORS.folder_exists.message } });
    }
    return insertFolder(tx, { userId: user.id, groupId, parentId: input.parentId, name });
  });
  return presentById(db, id, { isOwner: true, canWrite: true });
}

/** POST /api/v1/folders/{id}/: renames the caller's folder (unique among its siblings). */
export async function renameFolder(
  db: Database,
  caller: Caller,
  id: number,
  rawName: string | undefined,
): Promise<Folder> {
  const user = requireAccount(caller);
  const { folder } = await owned(db, user, id);
  const name = folderName(rawName);
  await db.transaction(async (tx) => {
    await lockFolderScope(tx, user.id, folder.group_id);
    const taken = await siblingNameTaken(tx, {
      userId: user.id,
      groupId: folder.group_id,
      parentId: folder.parent_id,
      name,
      exceptId: folder.id,
    });
    if (taken) throw new AppError('folder_exists', { fields: { name: ERRORS.folder_exists.message } });
    await renameFolderRow(tx, folder.id, name);
  });
  return presentById(db, id, { isOwner: true, canWrite: true });
}

/**
 * POST /api/v1/folders/{id}/delete/: deletes the caller's folder with its subfolders. Their documents are never
 * deleted with them: they move to the deleted folder's parent (out of every folder for a top-level one).
 */
export async function deleteFolder(
  db: Database,
  caller: Caller,
  id: number,
): Promise<{ id: number; folders: number; moved_documents: number; moved_to: number | null }> {
  const user = requireAccount(caller);
  const { folder } = await owned(db, user, id);
  return db.transaction(async (tx) => {
    await lockFolderScope(tx, user.id, folder.group_id);
    const subtree = await folderSubtree(tx, folder.id);
    const moved = await moveDocumentsOutOf(tx, subtree, folder.parent_id);
    await deleteFolders(tx, [folder.id]);
    return { id: folder.id, folders: subtree.length, moved_documents: moved, moved_to: folder.parent_id };
  });
}

/**
 * POST /api/v1/folders/move/: files documents into a folder (null: out of every folder), all or none. Each
 * document only by who may manage it (mayDeleteCheck: its author; in an organisation also its owner and teachers;
 * anyone else 404, 403 when they may only read it); the folder one the caller may write into, of the documents'
 * own scope (an organisation's documents into that organisation's folders, personal ones into personal folders).
 */
export async function moveDocuments(
  db: Database,
  caller: Caller,
  ids: number[] | null,
  folderId: number | null,
): Promise<{ moved: number; folder_id: number | null }> {
  const user = requireAccount(caller);
  if (ids === null || ids.length === 0 || ids.length > DOCUMENTS_BULK_MAX) throw new AppError('document_ids_invalid');
  let target: FolderRecord | null = null;
  if (folderId !== null) {
    const rights = await openable(db, user, folderId);
    if (!rights.canWrite) throw new AppError('forbidden');
    target = rights.folder;
  }
  return db.transaction(async (tx) => {
    const documents = await lockDocuments(tx, ids);
    for (const id of ids) {
      const document = documents.find((candidate) => candidate.id === id);
      if (document === undefined) throw new AppError('not_found');
      if (!(await mayDeleteCheck(tx, caller, document))) {
        throw new AppError((await mayReadCheck(tx, caller, document)) ? 'forbidden' : 'not_found');
      }
      if (target !== null && target.group_id !== document.group_id) throw new AppError('folder_scope_mismatch');
    }
    const moved = await setDocumentsFolder(tx, ids, target?.id ?? null);
    return { moved, folder_id: target?.id ?? null };
  });
}

/* ---- sharing ---- */

/** The share link's token: derived from the app secret, the folder and its nonce (only its SHA-256 is stored). */
function shareToken(appSecret: string, folderId: number, nonce: string): string {
  return hmac(appSecret, `folder-share.${String(folderId)}.${nonce}`);
}

function liveToken(appSecret: string, folder: FolderRecord): string | null {
  return folder.share_nonce === null || folder.share_token_hash === null
    ? null
    : shareToken(appSecret, folder.id, folder.share_nonce);
}

/** GET /api/v1/folders/{id}/access/: the owner reads who opens the folder, and its live link. */
export async function getAccess(
  deps: FoldersDeps,
  caller: Caller,
  id: number,
): Promise<{ access: FolderAccessEntry[]; link_token: string | null }> {
  const user = requireAccount(caller);
  const { folder } = await owned(deps.db, user, id);
  return { access: await listAccess(deps.db, folder.id), link_token: liveToken(deps.appSecret, folder) };
}

/** POST /api/v1/folders/{id}/share-link/: the folder's share link (the live one when it has one). */
export async function createShareLink(deps: FoldersDeps, caller: Caller, id: number): Promise<string> {
  const user = requireAccount(caller);
  const rights = await owned(deps.db, user, id);
  assertMayShare(rights);
  const existing = liveToken(deps.appSecret, rights.folder);
  if (existing !== null) return existing;
  const nonce = randomBytes(16).toString('base64url');
  const token = shareToken(deps.appSecret, id, nonce);
  await setShareLink(deps.db, id, { nonce, hash: sha256(token) });
  return token;
}

/** POST /api/v1/folders/{id}/share-link/delete/: the link stops working and who joined by it is out. */
export async function revokeShareLink(deps: FoldersDeps, caller: Caller, id: number): Promise<void> {
  const user = requireAccount(caller);
  await owned(deps.db, user, id);
  await deps.db.transaction(async (tx) => {
    await setShareLink(tx, id, null);
    await deleteLinkAccess(tx, id);
  });
}

/**
 * POST /api/v1/folders/{id}/access/: the owner names a member of the folder's organisation (by e-mail or user id)
 * who may open it. Personal folders are shared by link only.
 */
export async function addAccess(
  deps: FoldersDeps,
  caller: Caller,
  id: number,
  who: { email: string | undefined; userId: string | undefined },
): Promise<FolderAccessEntry[]> {
  const user = requireAccount(caller);
  const rights = await owned(deps.db, user, id);
  assertMayShare(rights);
  const groupId = rights.folder.group_id;
  if (groupId === null) throw new AppError('folder_access_organisation_only');
  const email = (who.email ?? '').trim();
  const userId = (who.userId ?? '').trim();
  let member: { user_id: number } | null;
  if (userId !== '') {
    member = await findGroupMember(deps.db, groupId, { userId: Number(userId) });
  } else {
    if (!EmailSchema.safeParse(email).success) {
      throw new AppError('validation_failed', { fields: { email: 'Invalid email' } });
    }
    member = await findGroupMember(deps.db, groupId, { email });
  }
  if (member === null) {
    throw new AppError('folder_access_not_member', { fields: { email: ERRORS.folder_access_not_member.message } });
  }
  if (member.user_id !== user.id) await upsertAccess(deps.db, id, member.user_id, 'member');
  return listAccess(deps.db, id);
}

/** POST /api/v1/folders/{id}/access/{userId}/delete/: the owner takes someone off the access list. */
export async function removeAccess(
  deps: FoldersDeps,
  caller: Caller,
  id: number,
  userId: number,
): Promise<FolderAccessEntry[]> {
  const user = requireAccount(caller);
  await owned(deps.db, user, id);
  if ((await deleteAccess(deps.db, id, userId)) === 0) throw new AppError('not_found');
  return listAccess(deps.db, id);
}

/**
 * POST /api/v1/folders/shared/{token}/join: who has the link opens the folder from now on, until it is revoked.
 * A personal folder: any signed-in account (no guest). An organisation's: its owner and teachers only (a student
 * opens only what he is named on; an outsider never). An empty, unknown or revoked token: "empty share link".
 */
export async function joinByLink(deps: FoldersDeps, caller: Caller, rawToken: string): Promise<Folder> {
  const token = rawToken.trim();
  if (token === '') throw new AppError('folder_share_link_empty', { fields: { link: 'empty share link' } });
  const user = requireAccount(caller);
  const folder = await findFolderByShareHash(deps.db, sha256(token));
  if (folder === null) throw new AppError('folder_share_link_empty', { fields: { link: 'empty share link' } });
  if (folder.user_id !== user.id) {
    if (folder.group_id !== null) {
      const member = await findGroupMember(deps.db, folder.group_id, { userId: user.id });
      if (member === null || member.role === STUDENT) throw new AppError('forbidden');
    }
    await upsertAccess(deps.db, folder.id, user.id, 'link');
  }
  const rights = await folderRightsFor(deps.db, user, folder.id);
  if (rights === null) throw new AppError('forbidden');
  return presentById(deps.db, folder.id, rights);
}

import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findMembershipsOfUser, type GroupRecord, type UserRecord } from '../auth/users.repository.ts';
import { folderRightsFor } from '../folders/folder-access.ts';

/** Who calls: a user (guest included), or a group through its API token. */
export type Caller = { user: UserRecord | null; group: GroupRecord | null };

/** Member roles (check-tool.md §6): 1 owner/administrator, 2 teacher, 3 student. */
export const ROLE_STUDENT = 3;

/**
 * The group a caller acts in when a request names one (group_id): a user must be a member (the role
 * comes back), a group token acts only for its own group (role null), and a disabled group acts for
 * nobody (group_disabled). Anything else is forbidden; no caller at all is unauthorized.
 */
export async function groupActingFor(
  db: Queryable,
  caller: Caller,
  groupId: number,
): Promise<{ group: GroupRecord; role: 1 | 2 | 3 | null }> {
  if (caller.user === null) {
    if (caller.group === null) throw new AppError('unauthorized');
    if (groupId !== caller.group.id) throw new AppError('forbidden');
    if (caller.group.is_disabled) throw new AppError('group_disabled');
    return { group: caller.group, role: null };
  }
  const membership = (await findMembershipsOfUser(db, caller.user.id)).find((group) => group.id === groupId);
  if (membership === undefined) throw new AppError('forbidden', { fields: { group_id: 'not a member' } });
  if (membership.is_disabled) throw new AppError('group_disabled');
  return { group: membership, role: membership.role };
}

/**
 * Who may read a check or its report (a document, an AI check, their PDFs and statuses), one rule for all:
 * its author; in its group the owner and the teachers as they are now (a student reads only their own, a
 * removed member only what they wrote); the group's own API token for the group's checks. A document in a
 * folder (issue 17) also whoever may open that folder (folders/folder-access.ts: its owner and its access list,
 * as members of its organisation now; a student only where he is named).
 */
export async function mayReadCheck(
  db: Queryable,
  caller: Caller,
  check: { user_id: number | null; group_id: number | null; folder_id?: number | null },
): Promise<boolean> {
  if (caller.user !== null) {
    if (check.user_id === caller.user.id) return true;
    if (check.group_id !== null) {
      const groupId = check.group_id;
      const membership = (await findMembershipsOfUser(db, caller.user.id)).find((group) => group.id === groupId);
      if (membership !== undefined && membership.role !== ROLE_STUDENT) return true;
    }
    const folderId = check.folder_id ?? null;
    return folderId !== null && (await folderRightsFor(db, caller.user, folderId)) !== null;
  }
  return caller.group !== null && check.group_id !== null && check.group_id === caller.group.id;
}

/** Member roles that manage a group's checks: 1 owner/administrator, 2 teacher. */
const GROUP_MANAGERS: readonly number[] = [1, 2];

/**
 * Who may delete a check for good (a document with its report and AI check, or a stand-alone AI check; issue
 * 13, A5): a personal check only its author; a check made in an organisation its author while still a member,
 * and the organisation's owner and teachers as they are now; the organisation's own API token its checks. A
 * removed member reads what they wrote there but no longer deletes it: it is the organisation's.
 */
export async function mayDeleteCheck(
  db: Queryable,
  caller: Caller,
  check: { user_id: number | null; group_id: number | null },
): Promise<boolean> {
  if (caller.user !== null) {
    if (check.group_id === null) return check.user_id === caller.user.id;
    const groupId = check.group_id;
    const membership = (await findMembershipsOfUser(db, caller.user.id)).find((group) => group.id === groupId);
    if (membership === undefined) return false;
    return GROUP_MANAGERS.includes(membership.role) || check.user_id === caller.user.id;
  }
  return caller.group !== null && check.group_id !== null && check.group_id === caller.group.id;
}

/**
 * In the transaction that holds or spends a group's pages for a member: the membership as it is now, its row
 * locked until the transaction ends (a removal in parallel waits for it, and a removed member spends nothing).
 * No membership: forbidden.
 */
export async function lockCurrentMembership(
  tx: Queryable,
  groupId: number,
  userId: number,
): Promise<{ role: 1 | 2 | 3 }> {
  const { rows } = await tx.query<{ role: 1 | 2 | 3 }>(
    'SELECT role FROM group_members WHERE group_id = $1 AND user_id = $2 FOR UPDATE',
    [groupId, userId],
  );
  const row = rows[0];
  if (row === undefined) throw new AppError('forbidden', { fields: { group_id: 'not a member' } });
  return row;
}

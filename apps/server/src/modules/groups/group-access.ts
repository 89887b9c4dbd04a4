import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findMembershipsOfUser, type GroupRecord, type UserRecord } from '../auth/users.repository.ts';

/** Who calls: a user (guest included), or a group through its API token. */
export type Caller = { user: UserRecord | null; group: GroupRecord | null };

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

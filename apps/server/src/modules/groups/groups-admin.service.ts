import { GROUP_DISABLED_REASON_MAX, type AdminGroup } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findAdminGroup, searchGroups, setGroupDisabled, type AdminGroupRecord } from './group-settings.repository.ts';

/**
 * A site administrator's organisations (commerce-and-cabinet.md §4: "an organisation account can be disabled"):
 * the list with search, disable (with a reason) and enable. The same functions serve /api/v1/admin/groups/ and
 * `npm run admin -- group:list | group:disable | group:enable`. A disabled organisation acts for nobody: its
 * members' checks and its token's are refused with group_disabled (groupActingFor), and its registration links stop.
 */

function present(record: AdminGroupRecord): AdminGroup {
  return {
    id: record.id,
    name: record.name,
    owner_email: record.owner_email,
    member_count: record.member_count,
    max_members: record.max_members,
    balance: record.balance + record.bonus,
    ai_balance: record.ai_balance,
    balance_type: record.balance_type,
    is_disabled: record.is_disabled,
    disabled_at: record.disabled_at === null ? null : record.disabled_at.toISOString(),
    disabled_reason: record.disabled_reason,
    created_at: record.created_at.toISOString(),
  };
}

export async function listGroupsForAdmin(
  db: Queryable,
  query: { q: string; page: number; perPage: number },
): Promise<{ groups: AdminGroup[]; total: number }> {
  const found = await searchGroups(db, {
    q: query.q.trim(),
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { groups: found.groups.map(present), total: found.total };
}

/** Disables (reason kept, at most 500 characters) or enables an organisation; an unknown id is 404. */
export async function setGroupDisabledByAdmin(
  db: Queryable,
  groupId: number,
  disabled: { reason: string } | null,
): Promise<AdminGroup> {
  const reason = disabled?.reason.trim() ?? '';
  if (reason.length > GROUP_DISABLED_REASON_MAX) {
    throw new AppError('validation_failed', { fields: { reason: 'too_long' } });
  }
  if (!(await setGroupDisabled(db, groupId, disabled === null ? null : { reason }))) {
    throw new AppError('not_found', { message: 'No organisation has this id.' });
  }
  const record = await findAdminGroup(db, groupId);
  if (record === null) throw new AppError('not_found', { message: 'No organisation has this id.' });
  return present(record);
}

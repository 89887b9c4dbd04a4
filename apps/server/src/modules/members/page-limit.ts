import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { lockMemberUsage } from './members.repository.ts';

/**
 * A member's page limit in an organisation (commerce-and-cabinet.md §6): called in the transaction that holds
 * a new check's pages, before the check is recorded. The membership row stays locked until that transaction
 * ends, so two checks of one member in parallel cannot both pass. No limit (null) or no membership: nothing.
 */
export async function enforceMemberPageLimit(
  tx: Queryable,
  member: { groupId: number; userId: number; pages: number },
): Promise<void> {
  const usage = await lockMemberUsage(tx, member.groupId, member.userId);
  if (usage === null || usage.page_limit === null) return;
  if (usage.used_pages + member.pages > usage.page_limit) throw new AppError('member_page_limit');
}

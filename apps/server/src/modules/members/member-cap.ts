import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { lockMemberPlaces } from '../groups/group-settings.repository.ts';

/**
 * The member maximum of an organisation (its settings, migration 0027), in the transaction that adds a member or
 * an invitation: 409 group_full when no place is left. An invitation takes a place while it waits, so the owner's
 * invitations count members and pending invitations; an accepted invitation, a registration link and a sign-up by
 * link count members only. The group's row stays locked until the transaction ends (two additions wait in turn).
 */
export async function assertRoomForMember(
  tx: Queryable,
  groupId: number,
  options: { countInvitations: boolean },
): Promise<void> {
  const places = await lockMemberPlaces(tx, groupId);
  if (places === null || places.max_members === null) return;
  const taken = places.members + (options.countInvitations ? places.invitations : 0);
  if (taken >= places.max_members) throw new AppError('group_full');
}

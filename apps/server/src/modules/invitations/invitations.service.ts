import type { MemberInvitation, MyInvitation } from '@veritext/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import { findMemberRole } from '../invites/invites.repository.ts';
import { assertRoomForMember } from '../members/member-cap.ts';
import { deleteMember } from '../members/members.repository.ts';
import {
  deleteInvitation,
  deleteInvitationOfGroup,
  insertMembershipFromInvitation,
  listInvitationsOfGroup,
  listInvitationsOfUser,
  lockInvitationOfUser,
  type InvitationRecord,
} from './invitations.repository.ts';

/**
 * Invitations to organisations (migration 0017). An owner's addition of a member invites the address: the owner
 * sees the address they typed, the role and limit they chose and "invited" — never the name or the id of an
 * account behind the address, so an invitation to an existing account and one to a new address look alike. The
 * invited user sees their invitations, accepts (joining with that role and limit) or declines; the owner may
 * cancel. A member may leave an organisation; the administrator (role 1) may not.
 */

/** What the group's owner sees of an invitation. */
export function presentToOwner(record: InvitationRecord): MemberInvitation {
  return {
    id: record.id,
    email: record.email,
    role: record.role,
    limit: record.page_limit,
    status: 'invited',
    invited_at: record.created_at.toISOString(),
  };
}

export async function groupInvitations(db: Queryable, groupId: number): Promise<MemberInvitation[]> {
  return (await listInvitationsOfGroup(db, groupId)).map(presentToOwner);
}

/** The owner's cancel of a pending invitation of their group: 404 when there is none with that id. */
export async function cancelInvitation(db: Queryable, groupId: number, invitationId: number): Promise<void> {
  if (!(await deleteInvitationOfGroup(db, groupId, invitationId))) throw new AppError('not_found');
}

/** Invitations are answered by the account they were sent to; guests have none. */
function requireAccount(user: UserRecord): UserRecord {
  if (user.is_guest) throw new AppError('forbidden');
  return user;
}

export async function myInvitations(db: Queryable, user: UserRecord): Promise<MyInvitation[]> {
  requireAccount(user);
  return (await listInvitationsOfUser(db, user.id)).map((record) => ({
    id: record.id,
    group: { id: record.group_id, name: record.group_name },
    role: record.role,
    limit: record.page_limit,
    invited_by: record.inviter,
    invited_at: record.created_at.toISOString(),
  }));
}

type Answered = { group: { id: number; name: string } };

/**
 * Accepts an invitation: the user joins with the role and page limit the owner set, and the invitation goes.
 * Someone else's invitation, or one cancelled or answered meanwhile: 404. The address must be confirmed first
 * (whoever signed up with someone else's address does not get that person's invitations).
 */
export async function acceptInvitation(db: Database, user: UserRecord, invitationId: number): Promise<Answered> {
  requireAccount(user);
  return db.transaction(async (tx) => {
    const invitation = await lockInvitationOfUser(tx, invitationId, user.id);
    if (invitation === null) throw new AppError('not_found');
    if (user.email_verified_at === null) throw new AppError('invitation_email_unverified');
    // already a member (joined by a registration link meanwhile): that membership stays as it is
    if ((await findMemberRole(tx, invitation.group_id, user.id)) === null) {
      await assertRoomForMember(tx, invitation.group_id, { countInvitations: false });
    }
    await insertMembershipFromInvitation(tx, invitation);
    await deleteInvitation(tx, invitation.id);
    return { group: { id: invitation.group_id, name: invitation.group_name } };
  });
}

/** Declines an invitation: it goes, and nothing else changes. Someone else's: 404. */
export async function declineInvitation(db: Database, user: UserRecord, invitationId: number): Promise<Answered> {
  requireAccount(user);
  return db.transaction(async (tx) => {
    const invitation = await lockInvitationOfUser(tx, invitationId, user.id);
    if (invitation === null) throw new AppError('not_found');
    await deleteInvitation(tx, invitation.id);
    return { group: { id: invitation.group_id, name: invitation.group_name } };
  });
}

/**
 * The caller leaves a group: their membership ends; the checks they made there stay with the group, their own
 * account stays theirs. Not a member: 403; the administrator (role 1): 400 group_owner_leave.
 */
export async function leaveGroup(db: Queryable, user: UserRecord, groupId: number): Promise<void> {
  requireAccount(user);
  const role = await findMemberRole(db, groupId, user.id);
  if (role === null) throw new AppError('forbidden');
  if (role === 1) throw new AppError('group_owner_leave');
  await deleteMember(db, groupId, user.id);
}

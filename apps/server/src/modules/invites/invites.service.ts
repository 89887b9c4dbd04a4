import { randomBytes } from 'node:crypto';
import { INVITE_QUERY_PARAM, INVITE_ROLES, InviteTokenSchema, type InviteRole } from '@veritext/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { hmac, sha256 } from '../auth/secrets.ts';
import { assertRoomForMember } from '../members/member-cap.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import {
  addMemberIfAbsent,
  findLiveInviteByTokenHash,
  findLiveInvitesOfGroup,
  findMemberRole,
  insertInvite,
  revokeLiveInvite,
  type InviteRecord,
  type LiveInviteRecord,
} from './invites.repository.ts';

export type InviteLink = { role: InviteRole; token: string; url: string; created_at: string };

/** The token is derived, not stored: HMAC of the app secret over the row's group, role and nonce. */
export function inviteToken(appSecret: string, invite: Pick<InviteRecord, 'group_id' | 'role' | 'nonce'>): string {
  return hmac(appSecret, `group-invite.${String(invite.group_id)}.${String(invite.role)}.${invite.nonce}`);
}

export function inviteUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/?${INVITE_QUERY_PARAM}=${encodeURIComponent(token)}`;
}

/** Only the owner (role 1) manages a group's links; anyone else gets 403, as if the group were not theirs. */
async function requireOwner(db: Queryable, groupId: number, user: UserRecord): Promise<void> {
  if ((await findMemberRole(db, groupId, user.id)) !== 1) throw new AppError('forbidden');
}

async function createInvite(db: Queryable, appSecret: string, groupId: number, role: InviteRole, userId: number) {
  const nonce = randomBytes(16).toString('base64url');
  const tokenHash = sha256(inviteToken(appSecret, { group_id: groupId, role, nonce }));
  return insertInvite(db, { groupId, role, nonce, tokenHash, createdBy: userId });
}

function present(appSecret: string, origin: string, invite: InviteRecord): InviteLink {
  const token = inviteToken(appSecret, invite);
  return { role: invite.role, token, url: inviteUrl(origin, token), created_at: invite.created_at.toISOString() };
}

/** The group's link for each role (Teacher, Student), made on first ask. */
export async function getGroupInvites(
  db: Database,
  options: { appSecret: string; origin: string; groupId: number; user: UserRecord },
): Promise<InviteLink[]> {
  await requireOwner(db, options.groupId, options.user);
  let live = await findLiveInvitesOfGroup(db, options.groupId);
  const missing = INVITE_ROLES.filter((role) => !live.some((invite) => invite.role === role));
  if (missing.length > 0) {
    for (const role of missing) await createInvite(db, options.appSecret, options.groupId, role, options.user.id);
    live = await findLiveInvitesOfGroup(db, options.groupId);
  }
  return live.map((invite) => present(options.appSecret, options.origin, invite));
}

/** A new link for the role; the old one stops working at once. */
export async function rotateGroupInvite(
  db: Database,
  options: { appSecret: string; origin: string; groupId: number; role: InviteRole; user: UserRecord },
): Promise<InviteLink[]> {
  await requireOwner(db, options.groupId, options.user);
  await db.transaction(async (tx) => {
    await revokeLiveInvite(tx, options.groupId, options.role);
    await createInvite(tx, options.appSecret, options.groupId, options.role, options.user.id);
  });
  return getGroupInvites(db, options);
}

/** The live invite a token names; an unknown, malformed or revoked token (or a disabled group) is 404. */
export async function findInvite(db: Queryable, token: string): Promise<LiveInviteRecord> {
  const parsed = InviteTokenSchema.safeParse(token);
  if (!parsed.success) throw new AppError('invite_not_found');
  const invite = await findLiveInviteByTokenHash(db, sha256(parsed.data));
  if (invite === null || invite.group_is_disabled) throw new AppError('invite_not_found');
  return invite;
}

/** A logged-in user joins by link; a member keeps their current role (an owner is never demoted). */
export async function acceptInvite(
  db: Database,
  token: string,
  user: UserRecord,
): Promise<{ groupId: number; role: 1 | 2 | 3; joined: boolean }> {
  if (user.is_guest) throw new AppError('unauthorized');
  const invite = await findInvite(db, token);
  const joined = await db.transaction(async (tx) => {
    // the member maximum of the organisation's settings (a member already in keeps their place)
    if ((await findMemberRole(tx, invite.group_id, user.id)) !== null) return false;
    await assertRoomForMember(tx, invite.group_id, { countInvitations: false });
    return addMemberIfAbsent(tx, invite.group_id, user.id, invite.role);
  });
  const role = (await findMemberRole(db, invite.group_id, user.id)) ?? invite.role;
  return { groupId: invite.group_id, role, joined };
}

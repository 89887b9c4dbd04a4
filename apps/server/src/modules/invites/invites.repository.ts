import type { Queryable } from '../../db/database.ts';

export type InviteRecord = {
  id: number;
  group_id: number;
  role: 2 | 3;
  nonce: string;
  token_hash: string;
  created_by: number | null;
  created_at: Date;
  revoked_at: Date | null;
};

export type LiveInviteRecord = InviteRecord & { group_name: string; group_is_disabled: boolean };

const COLUMNS = 'i.id, i.group_id, i.role, i.nonce, i.token_hash, i.created_by, i.created_at, i.revoked_at';

export async function findLiveInvitesOfGroup(db: Queryable, groupId: number): Promise<InviteRecord[]> {
  const { rows } = await db.query<InviteRecord>(
    `SELECT ${COLUMNS} FROM group_invites i WHERE i.group_id = $1 AND i.revoked_at IS NULL ORDER BY i.role`,
    [groupId],
  );
  return rows;
}

/** A link that still works, with its group's name. */
export async function findLiveInviteByTokenHash(db: Queryable, tokenHash: string): Promise<LiveInviteRecord | null> {
  const { rows } = await db.query<LiveInviteRecord>(
    `SELECT ${COLUMNS}, g.name AS group_name, g.is_disabled AS group_is_disabled
     FROM group_invites i JOIN groups g ON g.id = i.group_id
     WHERE i.token_hash = $1 AND i.revoked_at IS NULL`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function revokeLiveInvite(db: Queryable, groupId: number, role: 2 | 3): Promise<void> {
  await db.query(
    'UPDATE group_invites SET revoked_at = now() WHERE group_id = $1 AND role = $2 AND revoked_at IS NULL',
    [groupId, role],
  );
}

/** Adds the live link of a role; ON CONFLICT: another request created it first, and that one wins. */
export async function insertInvite(
  db: Queryable,
  invite: { groupId: number; role: 2 | 3; nonce: string; tokenHash: string; createdBy: number },
): Promise<InviteRecord | null> {
  const { rows } = await db.query<InviteRecord>(
    `INSERT INTO group_invites AS i (group_id, role, nonce, token_hash, created_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (group_id, role) WHERE revoked_at IS NULL DO NOTHING
     RETURNING ${COLUMNS}`,
    [invite.groupId, invite.role, invite.nonce, invite.tokenHash, invite.createdBy],
  );
  return rows[0] ?? null;
}

export async function findMemberRole(db: Queryable, groupId: number, userId: number): Promise<1 | 2 | 3 | null> {
  const { rows } = await db.query<{ role: 1 | 2 | 3 }>(
    'SELECT role FROM group_members WHERE group_id = $1 AND user_id = $2',
    [groupId, userId],
  );
  return rows[0]?.role ?? null;
}

/** Joins a group; a member already there keeps the role they have. True when the user was added. */
export async function addMemberIfAbsent(db: Queryable, groupId: number, userId: number, role: 2 | 3): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (group_id, user_id) DO NOTHING`,
    [groupId, userId, role],
  );
  return rowCount > 0;
}

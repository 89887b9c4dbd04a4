import type { Queryable } from '../../db/database.ts';

/** A pending invitation to a group (migration 0017). */
export type InvitationRecord = {
  id: number;
  group_id: number;
  user_id: number;
  email: string;
  role: 2 | 3;
  page_limit: number | null;
  invited_by: number | null;
  created_at: Date;
};

const COLUMNS = 'i.id, i.group_id, i.user_id, i.email, i.role, i.page_limit, i.invited_by, i.created_at';

/** Records an invitation; null when the user already has one to this group (the existing one stays). */
export async function insertInvitation(
  db: Queryable,
  invitation: {
    groupId: number;
    userId: number;
    email: string;
    role: 2 | 3;
    limit: number | null;
    invitedBy: number | null;
  },
): Promise<InvitationRecord | null> {
  const { rows } = await db.query<InvitationRecord>(
    `INSERT INTO group_invitations AS i (group_id, user_id, email, role, page_limit, invited_by)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (group_id, user_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [invitation.groupId, invitation.userId, invitation.email, invitation.role, invitation.limit, invitation.invitedBy],
  );
  return rows[0] ?? null;
}

/** A group's pending invitations, newest first. */
export async function listInvitationsOfGroup(db: Queryable, groupId: number): Promise<InvitationRecord[]> {
  const { rows } = await db.query<InvitationRecord>(
    `SELECT ${COLUMNS} FROM group_invitations i WHERE i.group_id = $1 ORDER BY i.created_at DESC, i.id DESC`,
    [groupId],
  );
  return rows;
}

export type MyInvitationRecord = InvitationRecord & { group_name: string; inviter: string };

/** The user's pending invitations with the group's name and the inviter's name (or address), newest first. */
export async function listInvitationsOfUser(db: Queryable, userId: number): Promise<MyInvitationRecord[]> {
  const { rows } = await db.query<MyInvitationRecord>(
    `SELECT ${COLUMNS}, g.name AS group_name,
            COALESCE(NULLIF(btrim(o.name), ''), o.email, '') AS inviter
     FROM group_invitations i
     JOIN groups g ON g.id = i.group_id
     LEFT JOIN users o ON o.id = i.invited_by
     WHERE i.user_id = $1
     ORDER BY i.created_at DESC, i.id DESC`,
    [userId],
  );
  return rows;
}

/** The user's invitation, locked until the transaction ends (an answer and a cancel do not cross). */
export async function lockInvitationOfUser(
  db: Queryable,
  invitationId: number,
  userId: number,
): Promise<(InvitationRecord & { group_name: string }) | null> {
  const { rows } = await db.query<InvitationRecord & { group_name: string }>(
    `SELECT ${COLUMNS}, g.name AS group_name
     FROM group_invitations i JOIN groups g ON g.id = i.group_id
     WHERE i.id = $1 AND i.user_id = $2
     FOR UPDATE OF i`,
    [invitationId, userId],
  );
  return rows[0] ?? null;
}

export async function deleteInvitation(db: Queryable, invitationId: number): Promise<void> {
  await db.query('DELETE FROM group_invitations WHERE id = $1', [invitationId]);
}

/** The owner's cancel: false when the group has no such invitation. */
export async function deleteInvitationOfGroup(db: Queryable, groupId: number, invitationId: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM group_invitations WHERE id = $1 AND group_id = $2', [
    invitationId,
    groupId,
  ]);
  return rowCount > 0;
}

/** The membership an accepted invitation makes; false when the user already is a member (nothing changes). */
export async function insertMembershipFromInvitation(db: Queryable, invitation: InvitationRecord): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO group_members (group_id, user_id, role, page_limit, added_by)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (group_id, user_id) DO NOTHING`,
    [invitation.group_id, invitation.user_id, invitation.role, invitation.page_limit, invitation.invited_by],
  );
  return rowCount > 0;
}

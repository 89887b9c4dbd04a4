import type { NotifyReason } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';

export type NoticeRecord = {
  id: number;
  user_id: number;
  kind: 'notify_admin';
  reason: NotifyReason;
  group_id: number;
  group_name: string;
  from_name: string;
  from_email: string;
  created_at: Date;
  read_at: Date | null;
};

export type GroupOwner = { id: number; name: string; email: string; language: string | null };

/** The organisation's owners (role 1): whom a member's request goes to. */
export async function findGroupOwners(db: Queryable, groupId: number): Promise<GroupOwner[]> {
  const { rows } = await db.query<GroupOwner>(
    `SELECT u.id, u.name, u.email, u.language FROM group_members m JOIN users u ON u.id = m.user_id
     WHERE m.group_id = $1 AND m.role = 1 AND u.email IS NOT NULL ORDER BY u.id`,
    [groupId],
  );
  return rows;
}

/** Whether the member asked the same thing of this organisation since `since`. */
export async function hasRecentRequest(
  db: Queryable,
  r: { fromUserId: number; groupId: number; reason: NotifyReason; since: Date },
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM notices WHERE from_user_id = $1 AND group_id = $2 AND reason = $3 AND created_at >= $4 LIMIT 1`,
    [r.fromUserId, r.groupId, r.reason, r.since],
  );
  return rows.length > 0;
}

export async function insertNotice(
  tx: Queryable,
  n: { userId: number; reason: NotifyReason; groupId: number; fromUserId: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO notices (user_id, kind, reason, group_id, from_user_id) VALUES ($1, 'notify_admin', $2, $3, $4)`,
    [n.userId, n.reason, n.groupId, n.fromUserId],
  );
}

export async function listNotices(db: Queryable, userId: number, limit = 50): Promise<NoticeRecord[]> {
  const { rows } = await db.query<NoticeRecord>(
    `SELECT n.id, n.user_id, n.kind, n.reason, n.group_id, g.name AS group_name,
            COALESCE(u.name, '') AS from_name, COALESCE(u.email, '') AS from_email, n.created_at, n.read_at
     FROM notices n JOIN groups g ON g.id = n.group_id LEFT JOIN users u ON u.id = n.from_user_id
     WHERE n.user_id = $1 ORDER BY n.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

export async function countUnread(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notices WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** Marks the recipient's notice read; false when it is not theirs (or does not exist). */
export async function markRead(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE notices SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
}

import type { Queryable } from '../../db/database.ts';

export async function insertSession(
  db: Queryable,
  session: { idHash: string; userId: number; isPersistent: boolean; ttlSeconds: number; userAgent: string; ip: string },
): Promise<void> {
  await db.query(
    `INSERT INTO sessions (id_hash, user_id, is_persistent, expires_at, user_agent, ip)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5, $6)`,
    [
      session.idHash,
      session.userId,
      session.isPersistent,
      session.ttlSeconds,
      session.userAgent.slice(0, 300),
      session.ip,
    ],
  );
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
}

export async function deleteSessionsOfUser(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

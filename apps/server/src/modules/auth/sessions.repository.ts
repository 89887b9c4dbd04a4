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

export type SessionRecord = { id_hash: string; user_id: number; is_persistent: boolean; ttl_seconds: number };

/** A live session with the seconds it has left. */
export async function findLiveSession(db: Queryable, idHash: string): Promise<SessionRecord | null> {
  const { rows } = await db.query<SessionRecord>(
    `SELECT id_hash, user_id, is_persistent, GREATEST(1, floor(extract(epoch FROM expires_at - now())))::int AS ttl_seconds
     FROM sessions WHERE id_hash = $1 AND expires_at > now()`,
    [idHash],
  );
  return rows[0] ?? null;
}

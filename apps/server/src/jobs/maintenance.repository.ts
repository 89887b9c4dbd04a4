import type { Queryable } from '../db/database.ts';

export type ExpiredRowsDeleted = { sessions: number; botChallenges: number };

/** Deletes sessions and used bot-check solutions whose expiry has passed. */
export async function deleteExpiredRows(db: Queryable): Promise<ExpiredRowsDeleted> {
  const sessions = await db.query('DELETE FROM sessions WHERE expires_at < now()');
  const botChallenges = await db.query('DELETE FROM used_bot_challenges WHERE expires_at < now()');
  return { sessions: sessions.rowCount, botChallenges: botChallenges.rowCount };
}

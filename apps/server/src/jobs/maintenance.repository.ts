import type { Queryable } from '../db/database.ts';
import { deleteOldTrackingEvents } from '../modules/tracking/tracking.repository.ts';

export type ExpiredRowsDeleted = { sessions: number; botChallenges: number; trackingEvents: number };

/** Tracking events (migration 0032) are kept this many days. */
export const TRACKING_RETENTION_DAYS = 180;

/** Deletes sessions and used bot-check solutions whose expiry has passed, and tracking events past retention. */
export async function deleteExpiredRows(db: Queryable): Promise<ExpiredRowsDeleted> {
  const sessions = await db.query('DELETE FROM sessions WHERE expires_at < now()');
  const botChallenges = await db.query('DELETE FROM used_bot_challenges WHERE expires_at < now()');
  const trackingEvents = await deleteOldTrackingEvents(db, TRACKING_RETENTION_DAYS);
  return { sessions: sessions.rowCount, botChallenges: botChallenges.rowCount, trackingEvents };
}

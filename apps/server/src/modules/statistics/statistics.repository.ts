import { AI_CHECK_STATUS, STATISTICS_RECENT_WORKS, TEXT_STATE } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import type { AiCheckFact, CheckFact } from './statistics.figures.ts';

/** What the statistics read of a group: its checks and AI checks in a range, its members, its recent works. */

// Checks that hold or charged pages (as the members page counts them): a failed one gave its pages back.
const COUNTED_TEXT_STATES = [TEXT_STATE.inProgress, TEXT_STATE.ready];
const COUNTED_AI_STATUSES = [AI_CHECK_STATUS.queued, AI_CHECK_STATUS.processing, AI_CHECK_STATUS.done];

export type StatisticsScope = { groupId: number; start: Date; end: Date; userId: number | null };

/** The group's counted plagiarism checks made in [start, end), one member's with userId; oldest first. */
export async function findCheckFacts(db: Queryable, scope: StatisticsScope): Promise<CheckFact[]> {
  const { rows } = await db.query<CheckFact>(
    `SELECT user_id, state, pages, percent, created_at AS at FROM text_checks
     WHERE group_id = $1 AND created_at >= $2 AND created_at < $3 AND ($4::int IS NULL OR user_id = $4::int)
       AND state IN (${COUNTED_TEXT_STATES.join(', ')})
     ORDER BY created_at, id`,
    [scope.groupId, scope.start, scope.end, scope.userId],
  );
  return rows;
}

/** The group's counted AI checks (stand-alone, or of a document) made in [start, end); oldest first. */
export async function findAiCheckFacts(db: Queryable, scope: StatisticsScope): Promise<AiCheckFact[]> {
  const { rows } = await db.query<AiCheckFact>(
    `SELECT user_id, status, verdict, unfamiliar, words, created_at AS at FROM ai_checks
     WHERE group_id = $1 AND created_at >= $2 AND created_at < $3 AND ($4::int IS NULL OR user_id = $4::int)
       AND status IN (${COUNTED_AI_STATUSES.join(', ')})
     ORDER BY created_at, id`,
    [scope.groupId, scope.start, scope.end, scope.userId],
  );
  return rows;
}

export type PersonRecord = { user_id: number; name: string; email: string; role: 1 | 2 | 3 | null };

/** The group's current members: the administrators first, then by name and e-mail (as the members page). */
export async function findGroupMembers(db: Queryable, groupId: number): Promise<PersonRecord[]> {
  const { rows } = await db.query<PersonRecord>(
    `SELECT m.user_id, u.name, COALESCE(u.email, '') AS email, m.role
     FROM group_members m JOIN users u ON u.id = m.user_id
     WHERE m.group_id = $1
     ORDER BY (m.role = 1) DESC, lower(u.name), lower(COALESCE(u.email, '')), m.user_id`,
    [groupId],
  );
  return rows;
}

/** Accounts by id (those who left the group but whose checks stay with it); role null. */
export async function findPeople(db: Queryable, userIds: readonly number[]): Promise<PersonRecord[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<PersonRecord>(
    `SELECT id AS user_id, name, COALESCE(email, '') AS email, NULL::smallint AS role FROM users
     WHERE id = ANY($1::int[]) ORDER BY lower(name), lower(COALESCE(email, '')), id`,
    [[...userIds]],
  );
  return rows;
}

/** Whether the user made any check or AI check in the group, at any time. */
export async function madeChecksIn(db: Queryable, groupId: number, userId: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM text_checks WHERE group_id = $1 AND user_id = $2
     UNION ALL SELECT 1 FROM ai_checks WHERE group_id = $1 AND user_id = $2 LIMIT 1`,
    [groupId, userId],
  );
  return rows.length > 0;
}

export type RecentWorkRecord = {
  id: number;
  user_id: number | null;
  name: string | null;
  email: string | null;
};

/** The group's most recent documents (one member's with userId), newest first, with their authors. */
export async function findRecentWorks(
  db: Queryable,
  groupId: number,
  userId: number | null,
): Promise<RecentWorkRecord[]> {
  const { rows } = await db.query<RecentWorkRecord>(
    `SELECT t.id, t.user_id, u.name, COALESCE(u.email, '') AS email
     FROM text_checks t LEFT JOIN users u ON u.id = t.user_id
     WHERE t.group_id = $1 AND ($2::int IS NULL OR t.user_id = $2::int)
     ORDER BY t.created_at DESC, t.id DESC LIMIT $3`,
    [groupId, userId, STATISTICS_RECENT_WORKS],
  );
  return rows;
}

/** The time zone of the user's profile (users.timezone; UTC by default). */
export async function findTimeZoneOfUser(db: Queryable, userId: number): Promise<string> {
  const { rows } = await db.query<{ timezone: string }>('SELECT timezone FROM users WHERE id = $1', [userId]);
  return rows[0]?.timezone ?? 'UTC';
}

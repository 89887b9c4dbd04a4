import type { Queryable } from '../../db/database.ts';

/** The SQL of the guest retention sweep (issue 13, A5). `$1` is the retention in days in every statement. */

/**
 * A guest (alias u) past retention: created more than $1 days ago, no plagiarism or AI check of its own in the
 * last $1 days, and an account that pays for no check of someone else (a guest's checks handed over to an
 * account keep the guest's account as their payer, and deleting that account would delete them with it).
 */
const EXPIRED_GUEST = `u.is_guest
  AND u.created_at < now() - make_interval(days => $1)
  AND NOT EXISTS (SELECT 1 FROM text_checks t WHERE t.user_id = u.id AND t.created_at >= now() - make_interval(days => $1))
  AND NOT EXISTS (SELECT 1 FROM ai_checks a WHERE a.user_id = u.id AND a.created_at >= now() - make_interval(days => $1))
  AND NOT EXISTS (SELECT 1 FROM accounts acc JOIN text_checks t ON t.account_id = acc.id
                  WHERE acc.user_id = u.id AND t.user_id IS DISTINCT FROM u.id)
  AND NOT EXISTS (SELECT 1 FROM accounts acc JOIN ai_checks a ON a.account_id = acc.id
                  WHERE acc.user_id = u.id AND a.user_id IS DISTINCT FROM u.id)`;

/** Guests past retention, oldest first, at most `limit`. */
export async function findExpiredGuests(db: Queryable, days: number, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u WHERE ${EXPIRED_GUEST} ORDER BY u.created_at, u.id LIMIT $2`,
    [days, limit],
  );
  return rows.map((row) => row.id);
}

/**
 * Locks one guest's row (FOR UPDATE) for the rest of the transaction, then says whether it is still past
 * retention: a check made or handed over in the meantime keeps the guest.
 */
export async function lockExpiredGuest(db: Queryable, days: number, userId: number): Promise<boolean> {
  const locked = await db.query('SELECT id FROM users WHERE id = $1 AND is_guest FOR UPDATE', [userId]);
  if (locked.rows.length === 0) return false;
  const { rows } = await db.query(`SELECT u.id FROM users u WHERE u.id = $2 AND ${EXPIRED_GUEST}`, [days, userId]);
  return rows.length === 1;
}

/** The guest's own plagiarism checks (a guest has no group). */
export async function findTextCheckIdsOfUser(db: Queryable, userId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM text_checks WHERE user_id = $1 ORDER BY id', [
    userId,
  ]);
  return rows.map((row) => row.id);
}

/** The guest's own stand-alone AI checks (those of its documents go with the documents). */
export async function deleteAiChecksOfUser(db: Queryable, userId: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM ai_checks WHERE user_id = $1', [userId]);
  return rowCount;
}

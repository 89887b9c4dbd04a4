import { AI_CHECK_STATUS, TEXT_STATE } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';

export type MemberRecord = {
  user_id: number;
  name: string;
  email: string;
  role: 1 | 2 | 3;
  page_limit: number | null;
  used_pages: number;
  is_invited: boolean;
  created_at: Date;
};

/** The pages one AI check holds or charges (as modules/ai-checks' AI_CHECK_PAGES). */
const AI_CHECK_PAGES = 1;

// Checks that hold or charged pages: a plagiarism check in progress or ready (a failed one released its
// pages), an AI check queued, processing or done (the others released their page).
const USED_TEXT_STATES = [TEXT_STATE.inProgress, TEXT_STATE.ready];
const USED_AI_STATUSES = [AI_CHECK_STATUS.queued, AI_CHECK_STATUS.processing, AI_CHECK_STATUS.done];

const USED_PAGES = `(
  COALESCE((SELECT sum(t.pages) FROM text_checks t
            WHERE t.group_id = m.group_id AND t.user_id = m.user_id
              AND t.state IN (${USED_TEXT_STATES.join(', ')})), 0)
  + ${String(AI_CHECK_PAGES)} * (SELECT count(*) FROM ai_checks a
            WHERE a.group_id = m.group_id AND a.user_id = m.user_id
              AND a.status IN (${USED_AI_STATUSES.join(', ')}))
)::int`;

const COLUMNS = `m.user_id, u.name, COALESCE(u.email, '') AS email, m.role, m.page_limit, ${USED_PAGES} AS used_pages,
  (m.invited_at IS NOT NULL AND u.password_hash IS NULL) AS is_invited, m.created_at`;

/** The group's members: the administrators (role 1) first, then by name and e-mail. */
export async function listMembers(db: Queryable, groupId: number): Promise<MemberRecord[]> {
  const { rows } = await db.query<MemberRecord>(
    `SELECT ${COLUMNS} FROM group_members m JOIN users u ON u.id = m.user_id
     WHERE m.group_id = $1
     ORDER BY (m.role = 1) DESC, lower(u.name), lower(COALESCE(u.email, '')), m.user_id`,
    [groupId],
  );
  return rows;
}

export async function findMember(db: Queryable, groupId: number, userId: number): Promise<MemberRecord | null> {
  const { rows } = await db.query<MemberRecord>(
    `SELECT ${COLUMNS} FROM group_members m JOIN users u ON u.id = m.user_id
     WHERE m.group_id = $1 AND m.user_id = $2`,
    [groupId, userId],
  );
  return rows[0] ?? null;
}

export async function groupExists(db: Queryable, groupId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM groups WHERE id = $1', [groupId]);
  return rows.length > 0;
}

export async function updateMember(
  db: Queryable,
  groupId: number,
  userId: number,
  change: { role: 1 | 2 | 3; limit: number | null },
): Promise<void> {
  await db.query('UPDATE group_members SET role = $3, page_limit = $4 WHERE group_id = $1 AND user_id = $2', [
    groupId,
    userId,
    change.role,
    change.limit,
  ]);
}

export async function deleteMember(db: Queryable, groupId: number, userId: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2 AND role <> 1', [
    groupId,
    userId,
  ]);
  return rowCount > 0;
}

/**
 * Locks the membership row until the transaction ends and says its page limit and the pages already used:
 * two checks of one member in parallel wait for each other here, so they cannot both pass the limit.
 * null: not a member (a group token, or the user left the group).
 */
export async function lockMemberUsage(
  db: Queryable,
  groupId: number,
  userId: number,
): Promise<{ page_limit: number | null; used_pages: number } | null> {
  const locked = await db.query<{ page_limit: number | null }>(
    'SELECT page_limit FROM group_members WHERE group_id = $1 AND user_id = $2 FOR UPDATE',
    [groupId, userId],
  );
  const row = locked.rows[0];
  if (row === undefined) return null;
  if (row.page_limit === null) return { page_limit: null, used_pages: 0 };
  const { rows } = await db.query<{ used_pages: number }>(
    `SELECT ${USED_PAGES} AS used_pages FROM group_members m WHERE m.group_id = $1 AND m.user_id = $2`,
    [groupId, userId],
  );
  return { page_limit: row.page_limit, used_pages: rows[0]?.used_pages ?? 0 };
}

/* ---- accounts an organisation makes for the members it adds (issue 13 B8, migration 0016) ---- */

/**
 * How many accounts the group's member additions made in the last `hours`, the group's row locked until the
 * transaction ends, so two additions at once cannot both take the last one.
 */
export async function lockAndCountAccountsMadeByGroup(db: Queryable, groupId: number, hours: number): Promise<number> {
  await db.query('SELECT id FROM groups WHERE id = $1 FOR UPDATE', [groupId]);
  const { rows } = await db.query<{ made: number }>(
    `SELECT count(*)::int AS made FROM users
     WHERE created_by_group_id = $1 AND created_at > now() - make_interval(hours => $2::int)`,
    [groupId, hours],
  );
  return rows[0]?.made ?? 0;
}

/** Records that the group's member addition made this account. */
export async function markAccountMadeByGroup(db: Queryable, userId: number, groupId: number): Promise<void> {
  await db.query('UPDATE users SET created_by_group_id = $2 WHERE id = $1', [userId, groupId]);
}

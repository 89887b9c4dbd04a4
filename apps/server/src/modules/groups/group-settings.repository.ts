import { AI_CHECK_STATUS, TEXT_STATE } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';

/** A group's row as the settings screen and the site administrators read it (migrations 0001, 0005, 0027). */
export type GroupSettingsRecord = {
  id: number;
  name: string;
  description: string;
  balance_type: 1 | 2 | 3;
  hide_new_check_for_student: boolean;
  website_checks_disabled: boolean;
  share_checked_documents: boolean;
  authorship_check_allowed: boolean;
  grammar_checker_enabled: boolean;
  max_members: number | null;
  is_disabled: boolean;
  disabled_at: Date | null;
  disabled_reason: string;
  created_at: Date;
  created_by_user_id: number | null;
  /** From the group's account. */
  account_id: number;
  negative_balance_allowed: boolean;
  balance: number;
  bonus: number;
  ai_balance: number;
  member_count: number;
  pending_invitations: number;
};

const COLUMNS = `g.id, g.name, g.description, g.balance_type, g.hide_new_check_for_student, g.website_checks_disabled,
  g.share_checked_documents, g.authorship_check_allowed, g.grammar_checker_enabled, g.max_members, g.is_disabled,
  g.disabled_at, g.disabled_reason, g.created_at, g.created_by_user_id,
  a.id AS account_id, a.negative_balance_allowed, a.balance, a.bonus, a.ai_balance,
  (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id) AS member_count,
  (SELECT count(*)::int FROM group_invitations i WHERE i.group_id = g.id) AS pending_invitations`;

/** The group with its account and counts; `lock` locks the group's row until the transaction ends. */
export async function findGroupSettings(
  db: Queryable,
  groupId: number,
  lock = false,
): Promise<GroupSettingsRecord | null> {
  if (lock) await db.query('SELECT id FROM groups WHERE id = $1 FOR UPDATE', [groupId]);
  const { rows } = await db.query<GroupSettingsRecord>(
    `SELECT ${COLUMNS} FROM groups g JOIN accounts a ON a.group_id = g.id WHERE g.id = $1`,
    [groupId],
  );
  return rows[0] ?? null;
}

/** The columns of the groups row the settings screen changes. */
export type GroupSettingsChange = {
  name: string;
  description: string;
  balance_type: 1 | 2 | 3;
  hide_new_check_for_student: boolean;
  website_checks_disabled: boolean;
  share_checked_documents: boolean;
  authorship_check_allowed: boolean;
  grammar_checker_enabled: boolean;
  max_members: number | null;
};

export async function updateGroupSettings(db: Queryable, groupId: number, change: GroupSettingsChange): Promise<void> {
  await db.query(
    `UPDATE groups SET name = $2, description = $3, balance_type = $4, hide_new_check_for_student = $5,
       website_checks_disabled = $6, share_checked_documents = $7, authorship_check_allowed = $8,
       grammar_checker_enabled = $9, max_members = $10
     WHERE id = $1`,
    [
      groupId,
      change.name,
      change.description,
      change.balance_type,
      change.hide_new_check_for_student,
      change.website_checks_disabled,
      change.share_checked_documents,
      change.authorship_check_allowed,
      change.grammar_checker_enabled,
      change.max_members,
    ],
  );
}

/** The account's balance type follows the group's (subscriptions set both to 3 and back). */
export async function updateGroupAccount(
  db: Queryable,
  accountId: number,
  change: { balance_type: 1 | 2 | 3; negative_balance_allowed: boolean },
): Promise<void> {
  await db.query('UPDATE accounts SET balance_type = $2, negative_balance_allowed = $3 WHERE id = $1', [
    accountId,
    change.balance_type,
    change.negative_balance_allowed,
  ]);
}

export async function setGroupDescription(db: Queryable, groupId: number, description: string): Promise<void> {
  await db.query('UPDATE groups SET description = $2 WHERE id = $1', [groupId, description]);
}

/* ---------------- member maximum ---------------- */

/**
 * The member maximum and the places taken, the group's row locked until the transaction ends (two additions at
 * once wait for each other). null: no such group.
 */
export async function lockMemberPlaces(
  db: Queryable,
  groupId: number,
): Promise<{ max_members: number | null; members: number; invitations: number } | null> {
  const { rows } = await db.query<{ max_members: number | null }>(
    'SELECT max_members FROM groups WHERE id = $1 FOR UPDATE',
    [groupId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  const counts = await db.query<{ members: number; invitations: number }>(
    `SELECT (SELECT count(*)::int FROM group_members WHERE group_id = $1) AS members,
            (SELECT count(*)::int FROM group_invitations WHERE group_id = $1) AS invitations`,
    [groupId],
  );
  return {
    max_members: row.max_members,
    members: counts.rows[0]?.members ?? 0,
    invitations: counts.rows[0]?.invitations ?? 0,
  };
}

/* ---------------- deleting a team ---------------- */

const OPEN_AI = [AI_CHECK_STATUS.queued, AI_CHECK_STATUS.processing];

/** Checks of the group still running (a document in progress, an AI check queued or processing). */
export async function countRunningChecks(db: Queryable, groupId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM text_checks WHERE group_id = $1 AND state = ${String(TEXT_STATE.inProgress)})::int
          + (SELECT count(*) FROM ai_checks WHERE group_id = $1 AND status IN (${OPEN_AI.join(', ')}))::int AS n`,
    [groupId],
  );
  return rows[0]?.n ?? 0;
}

/** The index keys of the group's documents that must leave the index: its private collection's, and those without an author. */
export async function findIndexKeysToDrop(
  db: Queryable,
  groupId: number,
  privateCollection: string,
): Promise<string[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM text_checks WHERE group_id = $1 AND in_index AND (index_collection = $2 OR user_id IS NULL)
     ORDER BY id`,
    [groupId, privateCollection],
  );
  return rows.map((row) => `check:${String(row.id)}`);
}

/**
 * The group's checks with an author become the author's own private checks: no group, paid by the author's own
 * account (the group's account goes), no open hold (none is running), out of the index when they were in the
 * organisation's private collection. Answers the documents and AI checks moved.
 */
export async function moveChecksToAuthors(
  db: Queryable,
  groupId: number,
  privateCollection: string,
): Promise<{ documents: number[]; aiChecks: number }> {
  const documents = await db.query<{ id: number }>(
    `UPDATE text_checks t
        SET group_id = NULL, account_id = a.id, hold_entry_ids = '{}',
            in_index = CASE WHEN t.index_collection = $2 THEN false ELSE t.in_index END
       FROM accounts a
      WHERE t.group_id = $1 AND t.user_id IS NOT NULL AND a.user_id = t.user_id
      RETURNING t.id`,
    [groupId, privateCollection],
  );
  const ai = await db.query(
    `UPDATE ai_checks c SET group_id = NULL, account_id = a.id, hold_entry_id = NULL
       FROM accounts a
      WHERE c.group_id = $1 AND c.user_id IS NOT NULL AND a.user_id = c.user_id`,
    [groupId],
  );
  return { documents: documents.rows.map((row) => row.id), aiChecks: ai.rowCount };
}

/** The group's checks without an author (its token's, a deleted account's): they go with the group. */
export async function deleteAuthorlessChecks(db: Queryable, groupId: number): Promise<number> {
  const ai = await db.query('DELETE FROM ai_checks WHERE group_id = $1 AND user_id IS NULL', [groupId]);
  const text = await db.query('DELETE FROM text_checks WHERE group_id = $1 AND user_id IS NULL', [groupId]);
  return ai.rowCount + text.rowCount;
}

/**
 * Report links by e-mail (migration 0026, where it exists) that someone other than the author made on the moved
 * documents stop working: those documents are now private to their authors.
 */
export async function revokeOthersShares(db: Queryable, documentIds: readonly number[]): Promise<void> {
  if (documentIds.length === 0) return;
  const { rows } = await db.query<{ present: boolean }>("SELECT to_regclass('report_shares') IS NOT NULL AS present");
  if (rows[0]?.present !== true) return;
  await db.query(
    `UPDATE report_shares s SET revoked_at = now()
       FROM text_checks t
      WHERE s.text_check_id = t.id AND t.id = ANY($1::int[]) AND s.created_by <> t.user_id AND s.revoked_at IS NULL`,
    [[...documentIds]],
  );
}

/** The group goes with its account, ledger, members, invitations, links, notices and order lines (ON DELETE CASCADE). */
export async function deleteGroupRow(db: Queryable, groupId: number): Promise<void> {
  await db.query('DELETE FROM groups WHERE id = $1', [groupId]);
}

/* ---------------- site administrators ---------------- */

export type AdminGroupRecord = GroupSettingsRecord & { owner_email: string | null };

const ADMIN_COLUMNS = `${COLUMNS},
  (SELECT u.email FROM group_members m JOIN users u ON u.id = m.user_id
    WHERE m.group_id = g.id AND m.role = 1 ORDER BY m.created_at, m.user_id LIMIT 1) AS owner_email`;

/** Organisations whose name or owner's e-mail contains `q` (or whose id is `q`), newest first. */
export async function searchGroups(
  db: Queryable,
  query: { q: string; limit: number; offset: number },
): Promise<{ groups: AdminGroupRecord[]; total: number }> {
  const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : -1;
  const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = `($1 = '' OR g.id = $2 OR g.name ILIKE $3 OR EXISTS (
      SELECT 1 FROM group_members m JOIN users u ON u.id = m.user_id
       WHERE m.group_id = g.id AND m.role = 1 AND u.email ILIKE $3))`;
  const { rows } = await db.query<AdminGroupRecord>(
    `SELECT ${ADMIN_COLUMNS} FROM groups g JOIN accounts a ON a.group_id = g.id
      WHERE ${where} ORDER BY g.id DESC LIMIT $4 OFFSET $5`,
    [query.q, id, pattern, query.limit, query.offset],
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM groups g WHERE ${where}`, [
    query.q,
    id,
    pattern,
  ]);
  return { groups: rows, total: total.rows[0]?.n ?? 0 };
}

export async function findAdminGroup(db: Queryable, groupId: number): Promise<AdminGroupRecord | null> {
  const { rows } = await db.query<AdminGroupRecord>(
    `SELECT ${ADMIN_COLUMNS} FROM groups g JOIN accounts a ON a.group_id = g.id WHERE g.id = $1`,
    [groupId],
  );
  return rows[0] ?? null;
}

/** Disables (with when and why) or enables the group; false when there is no such group. */
export async function setGroupDisabled(
  db: Queryable,
  groupId: number,
  disabled: { reason: string } | null,
): Promise<boolean> {
  const { rowCount } =
    disabled === null
      ? await db.query(
          "UPDATE groups SET is_disabled = false, disabled_at = NULL, disabled_reason = '' WHERE id = $1",
          [groupId],
        )
      : await db.query(
          `UPDATE groups SET is_disabled = true, disabled_at = COALESCE(disabled_at, now()), disabled_reason = $2
            WHERE id = $1`,
          [groupId, disabled.reason],
        );
  return rowCount > 0;
}

import type { AuthorshipResult } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import type { StoredReport } from '../text-checks/text-checks.repository.ts';

/** The only SQL of the authorship check (table authorship_checks, migration 0031). */

export type AuthorshipRow = {
  id: number;
  text_check_id: number;
  group_id: number;
  status: number;
  result: Omit<AuthorshipResult, 'id' | 'text_check_id' | 'pages' | 'created_at'>;
  created_at: Date;
};

export type PaperRow = {
  id: number;
  user_id: number;
  title: string;
  content: string;
  report: StoredReport | null;
  created_at: Date;
};

export async function findAuthorshipCheck(db: Queryable, textCheckId: number): Promise<AuthorshipRow | null> {
  const { rows } = await db.query<AuthorshipRow>(
    'SELECT id, text_check_id, group_id, status, result, created_at FROM authorship_checks WHERE text_check_id = $1',
    [textCheckId],
  );
  return rows[0] ?? null;
}

/** Null when the document already has one (the caller answers that one). */
export async function insertAuthorshipCheck(
  db: Queryable,
  row: {
    textCheckId: number;
    groupId: number;
    authorUserId: number;
    requestedByUserId: number | null;
    chargeEntryId: number;
    status: number;
    result: AuthorshipRow['result'];
  },
): Promise<AuthorshipRow | null> {
  const { rows } = await db.query<AuthorshipRow>(
    `INSERT INTO authorship_checks (text_check_id, group_id, author_user_id, requested_by_user_id, charge_entry_id,
       status, score, verdict, result)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
     ON CONFLICT (text_check_id) DO NOTHING
     RETURNING id, text_check_id, group_id, status, result, created_at`,
    [
      row.textCheckId,
      row.groupId,
      row.authorUserId,
      row.requestedByUserId,
      row.chargeEntryId,
      row.status,
      row.result.score,
      row.result.verdict,
      JSON.stringify(row.result),
    ],
  );
  return rows[0] ?? null;
}

export async function findGroupAuthorship(
  db: Queryable,
  groupId: number,
): Promise<{ authorship_check_allowed: boolean } | null> {
  const { rows } = await db.query<{ authorship_check_allowed: boolean }>(
    'SELECT authorship_check_allowed FROM groups WHERE id = $1',
    [groupId],
  );
  return rows[0] ?? null;
}

/** Whether the user is a student (role 3) of the organisation now. */
export async function isStudentMember(db: Queryable, groupId: number, userId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM group_members WHERE group_id = $1 AND user_id = $2 AND role = 3', [
    groupId,
    userId,
  ]);
  return rows.length > 0;
}

/** How many ready papers of each kind are read (newest first) before those with too little original text drop out. */
const READ_LIMIT = 200;

/**
 * The ready papers in the same language of the organisation: the student's made before the document (`own`), and
 * those of its other students as they are now (`others`), newest first.
 */
export async function findPapers(
  db: Queryable,
  query: { groupId: number; authorId: number; checkId: number; language: string; before: Date },
): Promise<{ own: PaperRow[]; others: PaperRow[]; authorName: string }> {
  const own = await db.query<PaperRow>(
    `SELECT id, user_id, title, content, report, created_at FROM text_checks
     WHERE group_id = $1 AND user_id = $2 AND id <> $3 AND state = 5 AND language = $4 AND created_at <= $5
     ORDER BY created_at DESC, id DESC LIMIT ${String(READ_LIMIT)}`,
    [query.groupId, query.authorId, query.checkId, query.language, query.before],
  );
  const others = await db.query<PaperRow>(
    `SELECT t.id, t.user_id, t.title, t.content, t.report, t.created_at FROM text_checks t
     JOIN group_members m ON m.group_id = t.group_id AND m.user_id = t.user_id AND m.role = 3
     WHERE t.group_id = $1 AND t.user_id <> $2 AND t.state = 5 AND t.language = $3
     ORDER BY t.created_at DESC, t.id DESC LIMIT ${String(READ_LIMIT)}`,
    [query.groupId, query.authorId, query.language],
  );
  const author = await db.query<{ name: string; email: string | null }>('SELECT name, email FROM users WHERE id = $1', [
    query.authorId,
  ]);
  const person = author.rows[0];
  const authorName = person === undefined ? '' : person.name !== '' ? person.name : (person.email ?? '');
  return { own: own.rows, others: others.rows, authorName };
}

import type { Queryable } from '../../db/database.ts';

/** The only SQL of report comments (table report_comments, migration 0026). */

/** What the access rules need of a check, and its text for a selection. */
export type CommentedCheck = {
  id: number;
  user_id: number | null;
  group_id: number | null;
  state: number;
  content: string;
};

export async function findCommentedCheck(db: Queryable, id: number): Promise<CommentedCheck | null> {
  const { rows } = await db.query<CommentedCheck>(
    'SELECT id, user_id, group_id, state, content FROM text_checks WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export type CommentRecord = {
  id: number;
  text_check_id: number;
  author_user_id: number | null;
  body: string;
  start_offset: number | null;
  end_offset: number | null;
  quote: string | null;
  created_at: Date;
  /** The author's name (null: the account is gone) and role in the check's organisation now (null: none). */
  author_name: string | null;
  author_email: string | null;
  author_role: number | null;
};

const SELECT = `SELECT c.id, c.text_check_id, c.author_user_id, c.body, c.start_offset, c.end_offset, c.quote,
    c.created_at, u.name AS author_name, u.email AS author_email, m.role AS author_role
  FROM report_comments c
  JOIN text_checks t ON t.id = c.text_check_id
  LEFT JOIN users u ON u.id = c.author_user_id
  LEFT JOIN group_members m ON m.group_id = t.group_id AND m.user_id = c.author_user_id`;

/** The comments of a check, oldest first (general and on a selection together). */
export async function listComments(db: Queryable, checkId: number): Promise<CommentRecord[]> {
  const { rows } = await db.query<CommentRecord>(`${SELECT} WHERE c.text_check_id = $1 ORDER BY c.id`, [checkId]);
  return rows;
}

export async function findComment(db: Queryable, checkId: number, commentId: number): Promise<CommentRecord | null> {
  const { rows } = await db.query<CommentRecord>(`${SELECT} WHERE c.text_check_id = $1 AND c.id = $2`, [
    checkId,
    commentId,
  ]);
  return rows[0] ?? null;
}

export async function insertComment(
  db: Queryable,
  comment: {
    checkId: number;
    authorUserId: number;
    body: string;
    selection: { start: number; end: number; quote: string } | null;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO report_comments (text_check_id, author_user_id, body, start_offset, end_offset, quote)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      comment.checkId,
      comment.authorUserId,
      comment.body,
      comment.selection?.start ?? null,
      comment.selection?.end ?? null,
      comment.selection?.quote ?? null,
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertComment returned no row');
  return row.id;
}

/** Deletes the author's own comment; false when there is none such. */
export async function deleteOwnComment(
  db: Queryable,
  input: { checkId: number; commentId: number; authorUserId: number },
): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    'DELETE FROM report_comments WHERE id = $1 AND text_check_id = $2 AND author_user_id = $3 RETURNING id',
    [input.commentId, input.checkId, input.authorUserId],
  );
  return rows.length > 0;
}

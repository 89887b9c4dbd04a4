import type { Queryable } from '../../db/database.ts';

/** The only SQL of the citation history (table citations, migration 0029). */

export type CitationRecord = {
  id: number;
  user_id: number;
  style: string;
  source_type: string;
  source: unknown;
  text: string;
  html: string;
  created_at: Date;
};

const COLUMNS = 'id, user_id, style, source_type, source, text, html, created_at';

/** Adds an entry and drops the account's entries beyond the newest `keep`, in one statement each. */
export async function insertCitation(
  db: Queryable,
  entry: { userId: number; style: string; type: string; source: unknown; text: string; html: string; keep: number },
): Promise<CitationRecord> {
  const { rows } = await db.query<CitationRecord>(
    `INSERT INTO citations (user_id, style, source_type, source, text, html)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6) RETURNING ${COLUMNS}`,
    [entry.userId, entry.style, entry.type, JSON.stringify(entry.source), entry.text, entry.html],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertCitation returned no row');
  await db.query(
    `DELETE FROM citations WHERE user_id = $1 AND id NOT IN (
       SELECT id FROM citations WHERE user_id = $1 ORDER BY id DESC LIMIT $2)`,
    [entry.userId, entry.keep],
  );
  return row;
}

export async function listCitations(db: Queryable, userId: number, limit: number): Promise<CitationRecord[]> {
  const { rows } = await db.query<CitationRecord>(
    `SELECT ${COLUMNS} FROM citations WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

/** Removes one of the account's entries; 0 when it has none of that id. */
export async function deleteCitation(db: Queryable, userId: number, id: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>('DELETE FROM citations WHERE id = $1 AND user_id = $2 RETURNING id', [
    id,
    userId,
  ]);
  return rows.length;
}

export async function clearCitations(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>('DELETE FROM citations WHERE user_id = $1 RETURNING id', [userId]);
  return rows.length;
}

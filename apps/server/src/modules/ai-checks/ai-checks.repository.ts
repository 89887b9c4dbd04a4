import type { Queryable } from '../../db/database.ts';

/** The only SQL of the AI detector's checks (table ai_checks, migration 0003). */

export type StoredChunk = { position: [number, number]; reliability: 0 | 1 | 2; score: number | null };

export type AiCheckRecord = {
  id: number;
  user_id: number | null;
  group_id: number | null;
  account_id: number;
  hold_entry_id: number | null;
  status: number;
  content: string;
  file_name: string | null;
  force_language: 'en' | 'es' | null;
  lang: string | null;
  detected_language: string | null;
  words: number | null;
  score: number | null;
  level: number | null;
  verdict: string | null;
  flagged: boolean;
  /** The detector found the text's style unfamiliar and capped its verdict (migration 0019; null before it). */
  unfamiliar?: boolean | null;
  chunks: StoredChunk[];
  processed_percent: number;
  likely_percent: number;
  strong_percent: number;
  model_version: string | null;
  error: string | null;
  mark: '0' | '1' | null;
  comment: string | null;
  /** The document this AI check belongs to (the fingerprint calls), or null for the stand-alone detector. */
  text_check_id: number | null;
  created_at: Date;
};

const COLUMNS = `id, user_id, group_id, account_id, hold_entry_id, status, content, file_name, force_language, lang,
  detected_language, words, score, level, verdict, flagged, unfamiliar, chunks, processed_percent, likely_percent,
  strong_percent, model_version, error, mark, comment, text_check_id, created_at`;

export async function insertAiCheck(
  db: Queryable,
  check: {
    userId: number | null;
    groupId: number | null;
    accountId: number;
    content: string;
    fileName: string | null;
    forceLanguage: 'en' | 'es' | null;
    status: number;
    textCheckId?: number | null;
  },
): Promise<AiCheckRecord> {
  const { rows } = await db.query<AiCheckRecord>(
    `INSERT INTO ai_checks (user_id, group_id, account_id, content, file_name, force_language, status, text_check_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [
      check.userId,
      check.groupId,
      check.accountId,
      check.content,
      check.fileName,
      check.forceLanguage,
      check.status,
      check.textCheckId ?? null,
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertAiCheck returned no row');
  return row;
}

export async function setHoldEntry(db: Queryable, checkId: number, holdEntryId: number): Promise<void> {
  await db.query('UPDATE ai_checks SET hold_entry_id = $2 WHERE id = $1', [checkId, holdEntryId]);
}

export async function findAiCheck(db: Queryable, id: number): Promise<AiCheckRecord | null> {
  const { rows } = await db.query<AiCheckRecord>(`SELECT ${COLUMNS} FROM ai_checks WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks the check's row for the rest of the transaction (one settlement at a time). */
export async function lockAiCheck(db: Queryable, id: number): Promise<AiCheckRecord | null> {
  const { rows } = await db.query<AiCheckRecord>(`SELECT ${COLUMNS} FROM ai_checks WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/** Ids of checks in one of `statuses` made more than `minutes` ago, oldest first (at most 1,000). */
export async function findStaleAiChecks(
  db: Queryable,
  statuses: readonly number[],
  minutes: number,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM ai_checks WHERE status = ANY($1::smallint[]) AND created_at < now() - make_interval(mins => $2)
     ORDER BY id LIMIT 1000`,
    [[...statuses], minutes],
  );
  return rows.map((row) => row.id);
}

/** Queued (or processing again, on a retry) -> processing. False when the check is already settled. */
export async function markProcessing(db: Queryable, id: number, processing: number, open: readonly number[]) {
  const result = await db.query(
    'UPDATE ai_checks SET status = $2, started_at = now() WHERE id = $1 AND status = ANY($3::smallint[]) RETURNING id',
    [id, processing, [...open]],
  );
  return result.rows.length > 0;
}

export async function storeOutcome(
  db: Queryable,
  id: number,
  outcome: {
    status: number;
    lang: string | null;
    detectedLanguage: string | null;
    words: number | null;
    score: number | null;
    level: number | null;
    verdict: string | null;
    flagged: boolean;
    unfamiliar: boolean | null;
    chunks: StoredChunk[];
    processedPercent: number;
    likelyPercent: number;
    strongPercent: number;
    modelVersion: string | null;
    error: string | null;
  },
): Promise<void> {
  await db.query(
    `UPDATE ai_checks SET status = $2, lang = $3, detected_language = $4, words = $5, score = $6, level = $7,
       verdict = $8, flagged = $9, chunks = $10::jsonb, processed_percent = $11, likely_percent = $12,
       strong_percent = $13, model_version = $14, error = $15, unfamiliar = $16, finished_at = now()
     WHERE id = $1`,
    [
      id,
      outcome.status,
      outcome.lang,
      outcome.detectedLanguage,
      outcome.words,
      outcome.score,
      outcome.level,
      outcome.verdict,
      outcome.flagged,
      JSON.stringify(outcome.chunks),
      outcome.processedPercent,
      outcome.likelyPercent,
      outcome.strongPercent,
      outcome.modelVersion,
      outcome.error,
      outcome.unfamiliar,
    ],
  );
}

/** Sets the feedback mark once; false when the check already has one. */
export async function setMarkOnce(
  db: Queryable,
  id: number,
  mark: '0' | '1',
  comment: string | null,
): Promise<boolean> {
  const result = await db.query(
    'UPDATE ai_checks SET mark = $2, comment = $3, marked_at = now() WHERE id = $1 AND mark IS NULL RETURNING id',
    [id, mark, comment],
  );
  return result.rows.length > 0;
}

/** The AI check of a document, if one was sent. */
export async function findAiCheckOfText(db: Queryable, textCheckId: number): Promise<AiCheckRecord | null> {
  const { rows } = await db.query<AiCheckRecord>(`SELECT ${COLUMNS} FROM ai_checks WHERE text_check_id = $1`, [
    textCheckId,
  ]);
  return rows[0] ?? null;
}

/** Locks the AI check of a document, if one was sent (a deletion of the document waits for its settlement). */
export async function lockAiCheckOfText(db: Queryable, textCheckId: number): Promise<AiCheckRecord | null> {
  const { rows } = await db.query<AiCheckRecord>(
    `SELECT ${COLUMNS} FROM ai_checks WHERE text_check_id = $1 FOR UPDATE`,
    [textCheckId],
  );
  return rows[0] ?? null;
}

/** Deletes stand-alone AI checks for good (issue 13, A5); answers how many were there. */
export async function deleteAiChecks(db: Queryable, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { rowCount } = await db.query('DELETE FROM ai_checks WHERE id = ANY($1::int[])', [[...ids]]);
  return rowCount;
}

/** An AI check as the list shows it: the start of its text only (never the whole text). */
export type AiCheckListRow = Pick<
  AiCheckRecord,
  | 'id'
  | 'user_id'
  | 'group_id'
  | 'status'
  | 'file_name'
  | 'words'
  | 'verdict'
  | 'flagged'
  | 'unfamiliar'
  | 'likely_percent'
  | 'strong_percent'
  | 'created_at'
> & { head: string };

/**
 * A page of stand-alone AI checks (a document's AI check is listed with its document), newest first: a user's
 * own made outside any group (groupId null), or a group's (`onlyUserId` narrows them to one member's).
 */
export async function listAiCheckRows(
  db: Queryable,
  scope: { userId: number | null; groupId: number | null; onlyUserId: number | null },
  page: { limit: number; offset: number },
): Promise<{ rows: AiCheckListRow[]; total: number }> {
  const [where, params] =
    scope.groupId === null
      ? ['user_id = $1 AND group_id IS NULL', [scope.userId]]
      : ['group_id = $1 AND ($2::int IS NULL OR user_id = $2::int)', [scope.groupId, scope.onlyUserId]];
  const standAlone = `${where} AND text_check_id IS NULL`;
  const next = params.length + 1;
  const [{ rows }, count] = await Promise.all([
    db.query<AiCheckListRow>(
      `SELECT id, user_id, group_id, status, file_name, words, verdict, flagged, unfamiliar, likely_percent,
         strong_percent, created_at, left(content, 400) AS head
       FROM ai_checks WHERE ${standAlone} ORDER BY id DESC LIMIT $${String(next)} OFFSET $${String(next + 1)}`,
      [...params, page.limit, page.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ai_checks WHERE ${standAlone}`, params),
  ]);
  return { rows, total: count.rows[0]?.total ?? 0 };
}

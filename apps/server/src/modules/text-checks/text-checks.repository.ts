import type { ComparedWith, PlagiarismReport, ReportSourceOrigin } from '@veritext/contracts';
import type { ReportBasis } from '@veritext/reuse';
import type { Trick } from '@veritext/text';
import type { Queryable } from '../../db/database.ts';

/** The only SQL of the plagiarism check's documents (table text_checks, migration 0005). */

/**
 * `compared_with` is absent from reports stored before it was recorded. `plagiarism` is the report as its settings
 * make it; `basis` (what it is rebuilt from, report-settings.ts) and `web_origins` (the internet pages among its
 * sources, by db_id) are absent from reports stored before settings could be changed (issue 17).
 */
export type StoredReport = {
  plagiarism: PlagiarismReport;
  tricks: Trick[];
  compared_with?: ComparedWith;
  basis?: ReportBasis;
  web_origins?: Record<string, WebOrigin>;
  /** The sources its settings left out, and why. */
  excluded?: { sourceId: string; reason: 'ignored' | 'self' | 'below' }[];
};
export type WebOrigin = Extract<ReportSourceOrigin, { kind: 'web' }>;

export type TextCheckRecord = {
  id: number;
  user_id: number | null;
  group_id: number | null;
  account_id: number;
  hold_entry_ids: number[];
  state: number;
  title: string;
  file_name: string | null;
  content: string;
  hash: string;
  language: string;
  words: number;
  pages: number;
  exclude_from_index: boolean;
  index_collection: string;
  in_index: boolean;
  report: StoredReport | null;
  percent: number | null;
  error: string | null;
  attempts: number;
  created_at: Date;
  finished_at: Date | null;
  /** Its folder in My Documents (issue 17, migration 0024). */
  folder_id: number | null;
};

/**
 * A document as My Documents lists it: no content, no report; the AI check's status and share, and (when the AI check
 * is done) the collections of the report's sources, for the share to leave out text found in published sources
 * (text-checks.read.ts, ai-published.ts).
 */
export type TextCheckSummary = Omit<TextCheckRecord, 'content' | 'report'> & {
  /** Who submitted it (issue 17); null for a check made by a group's token. */
  author: { id: number; name: string; email: string | null } | null;
  ai_status: number | null;
  ai_percent: number | null;
  ai_source_types: string[] | null;
};

const COLUMNS = `id, user_id, group_id, account_id, hold_entry_ids, state, title, file_name, content, hash, language, words,
  pages, exclude_from_index, index_collection, in_index, report, percent, error, attempts, created_at, finished_at,
  folder_id`;

export const SUMMARY_COLUMNS = `t.id, t.user_id, t.group_id, t.account_id, t.hold_entry_ids, t.state, t.title, t.file_name, t.hash,
  t.language, t.words, t.pages, t.exclude_from_index, t.index_collection, t.in_index, t.percent, t.error, t.attempts,
  t.created_at, t.finished_at, t.folder_id, a.status AS ai_status,
  (SELECT jsonb_build_object('id', u.id, 'name', u.name, 'email', u.email) FROM users u WHERE u.id = t.user_id)
    AS author,
  CASE WHEN a.status = 4 THEN a.likely_percent + a.strong_percent END AS ai_percent,
  CASE WHEN a.status = 4 THEN jsonb_path_query_array(t.report, '$.plagiarism.sources[*].sourceType')
    || jsonb_path_query_array(t.report, '$.plagiarism.quSources[*].sourceType')
    || jsonb_path_query_array(t.report, '$.plagiarism.reSources[*].sourceType') END AS ai_source_types`;

export async function insertTextCheck(
  db: Queryable,
  check: {
    userId: number | null;
    groupId: number | null;
    accountId: number;
    title: string;
    fileName: string | null;
    content: string;
    hash: string;
    language: string;
    words: number;
    pages: number;
    excludeFromIndex: boolean;
    indexCollection: string;
  },
): Promise<TextCheckRecord> {
  const { rows } = await db.query<TextCheckRecord>(
    `INSERT INTO text_checks (user_id, group_id, account_id, title, file_name, content, hash, language, words, pages,
       exclude_from_index, index_collection)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
    [
      check.userId,
      check.groupId,
      check.accountId,
      check.title,
      check.fileName,
      check.content,
      check.hash,
      check.language,
      check.words,
      check.pages,
      check.excludeFromIndex,
      check.indexCollection,
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertTextCheck returned no row');
  return row;
}

export async function setHoldEntries(db: Queryable, checkId: number, holdEntryIds: number[]): Promise<void> {
  await db.query('UPDATE text_checks SET hold_entry_ids = $2::int[] WHERE id = $1', [checkId, holdEntryIds]);
}

export async function findTextCheck(db: Queryable, id: number): Promise<TextCheckRecord | null> {
  const { rows } = await db.query<TextCheckRecord>(`SELECT ${COLUMNS} FROM text_checks WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks the check's row for the rest of the transaction (one settlement at a time). */
export async function lockTextCheck(db: Queryable, id: number): Promise<TextCheckRecord | null> {
  const { rows } = await db.query<TextCheckRecord>(`SELECT ${COLUMNS} FROM text_checks WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/**
 * Serialises the submissions of one submitter for the rest of the transaction, so that the duplicate
 * rules see each other's rows (two tabs sending the same text at once).
 */
export async function lockSubmitter(db: Queryable, submitter: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`text-check:${submitter}`]);
}

/** The submitter's latest check of this text: when it was made and its state (null: none). */
export async function findLatestSameText(
  db: Queryable,
  owner: { userId: number | null; groupId: number | null },
  hash: string,
): Promise<{ state: number; age_seconds: number } | null> {
  const { rows } = await db.query<{ state: number; age_seconds: number }>(
    `SELECT state, EXTRACT(EPOCH FROM (now() - created_at))::float8 AS age_seconds FROM text_checks
     WHERE hash = $1 AND user_id IS NOT DISTINCT FROM $2 AND group_id IS NOT DISTINCT FROM $3
     ORDER BY id DESC LIMIT 1`,
    [hash, owner.userId, owner.groupId],
  );
  return rows[0] ?? null;
}

/** Whether the submitter has this text in progress. */
export async function hasSameTextInProgress(
  db: Queryable,
  owner: { userId: number | null; groupId: number | null },
  hash: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM text_checks
     WHERE hash = $1 AND state = 3 AND user_id IS NOT DISTINCT FROM $2 AND group_id IS NOT DISTINCT FROM $3 LIMIT 1`,
    [hash, owner.userId, owner.groupId],
  );
  return rows.length > 0;
}

/** A new attempt starts: counted, and its start time kept. False when the check is no longer in progress. */
export async function startAttempt(db: Queryable, id: number): Promise<boolean> {
  const result = await db.query(
    'UPDATE text_checks SET attempts = attempts + 1, started_at = now() WHERE id = $1 AND state = 3 RETURNING id',
    [id],
  );
  return result.rows.length > 0;
}

export async function storeReady(
  db: Queryable,
  id: number,
  outcome: { report: StoredReport; percent: number; inIndex: boolean; language: string },
): Promise<void> {
  await db.query(
    `UPDATE text_checks SET state = 5, report = $2::jsonb, percent = $3, in_index = $4, language = $5, error = NULL,
       finished_at = now()
     WHERE id = $1`,
    [id, JSON.stringify(outcome.report), outcome.percent, outcome.inIndex, outcome.language],
  );
}

export async function storeFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.query('UPDATE text_checks SET state = 4, error = $2, in_index = false, finished_at = now() WHERE id = $1', [
    id,
    error,
  ]);
}

/** Ids of checks in progress made more than `minutes` ago, oldest first (at most 1,000). */
export async function findStaleTextChecks(db: Queryable, minutes: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM text_checks WHERE state = 3 AND created_at < now() - make_interval(mins => $1)
     ORDER BY id LIMIT 1000`,
    [minutes],
  );
  return rows.map((row) => row.id);
}

/**
 * A page of documents, newest first: a user's own (groupId null: those made outside any group), or a
 * group's (`onlyUserId` narrows them to one member's, as for a student).
 */
export async function listTextChecks(
  db: Queryable,
  scope: { userId: number | null; groupId: number | null; onlyUserId: number | null },
  page: { limit: number; offset: number },
): Promise<{ rows: TextCheckSummary[]; total: number }> {
  // personal: the user's checks made outside any group; a group's: all, or one member's
  const [where, params] =
    scope.groupId === null
      ? ['t.user_id = $1 AND t.group_id IS NULL', [scope.userId]]
      : ['t.group_id = $1 AND ($2::int IS NULL OR t.user_id = $2::int)', [scope.groupId, scope.onlyUserId]];
  const next = params.length + 1;
  const [{ rows }, count] = await Promise.all([
    db.query<TextCheckSummary>(
      `SELECT ${SUMMARY_COLUMNS} FROM text_checks t LEFT JOIN ai_checks a ON a.text_check_id = t.id
       WHERE ${where} ORDER BY t.id DESC LIMIT $${String(next)} OFFSET $${String(next + 1)}`,
      [...params, page.limit, page.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM text_checks t WHERE ${where}`, params),
  ]);
  return { rows, total: count.rows[0]?.total ?? 0 };
}

export async function findTextCheckSummary(db: Queryable, id: number): Promise<TextCheckSummary | null> {
  const { rows } = await db.query<TextCheckSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM text_checks t LEFT JOIN ai_checks a ON a.text_check_id = t.id WHERE t.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** How many documents each collection holds, the check's own (`exceptKey`) left out; a collection without any is 0. */
export async function countIndexedDocuments(
  db: Queryable,
  collections: readonly string[],
  exceptKey: string,
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ collection: string; documents: number }>(
    `SELECT collection, count(*)::int AS documents FROM reuse_sources
     WHERE collection = ANY($1::text[]) AND key <> $2 GROUP BY collection`,
    [collections, exceptKey],
  );
  const counts = new Map(collections.map((collection) => [collection, 0]));
  for (const row of rows) counts.set(row.collection, row.documents);
  return counts;
}

/** The reference collections with their titles and sizes (documents), in the order they were made. */
export async function referenceCollectionSizes(
  db: Queryable,
): Promise<{ source_collection: string; title: string; documents: number }[]> {
  const { rows } = await db.query<{ source_collection: string; title: string; documents: number }>(
    'SELECT source_collection, title, documents FROM reuse_collections ORDER BY id',
  );
  return rows;
}

/** What the reader may learn of checked documents that are sources: their owner, group, title and date. */
export type SourceCheck = {
  id: number;
  user_id: number | null;
  group_id: number | null;
  title: string;
  created_at: Date;
};

export async function findSourceChecks(db: Queryable, ids: readonly number[]): Promise<Map<number, SourceCheck>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<SourceCheck>(
    'SELECT id, user_id, group_id, title, created_at FROM text_checks WHERE id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Deletes documents for good (issue 13, A5); their AI checks go with them (ai_checks.text_check_id ON DELETE
 * CASCADE, counted here). Their index entries are the caller's to remove (reuse/fingerprint-store.ts).
 */
export async function deleteTextChecks(
  db: Queryable,
  ids: readonly number[],
): Promise<{ textChecks: number; aiChecks: number }> {
  if (ids.length === 0) return { textChecks: 0, aiChecks: 0 };
  const ai = await db.query('DELETE FROM ai_checks WHERE text_check_id = ANY($1::int[])', [[...ids]]);
  const text = await db.query('DELETE FROM text_checks WHERE id = ANY($1::int[])', [[...ids]]);
  return { textChecks: text.rowCount, aiChecks: ai.rowCount };
}

import type { Queryable } from '../../db/database.ts';
import type { ReadFailure } from './collection-files.ts';

export type CollectionImportState = 'queued' | 'running' | 'done' | 'failed';
export type CollectionImportKind = 'files' | 'wikipedia';

/** Why pages of a Wikipedia dump were not imported (wikipedia-import.ts says the rules). */
export type WikipediaSkipReason = 'redirect' | 'namespace' | 'disambiguation' | 'short';
export type WikipediaSkipped = Record<WikipediaSkipReason, number>;

export type CollectionImportRow = {
  id: number;
  collection_name: string;
  title: string | null;
  user_id: number | null;
  state: CollectionImportState;
  kind: CollectionImportKind;
  /** The folder of the uploaded files; null for a Wikipedia dump imported by the CLI where it lies. */
  upload_dir: string | null;
  files: number;
  ignored: number;
  total: number | null;
  done: number;
  failed: number;
  failures: ReadFailure[];
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  /** A Wikipedia import: the dump and its size, where it stands (migration 0018). */
  source_file: string | null;
  source_bytes: number | null;
  pages_done: number;
  bytes_done: number;
  skipped: Partial<WikipediaSkipped>;
};

/** A Wikipedia import's skipped pages by reason (a reason it has not met yet counts 0). */
export function skippedOf(row: Pick<CollectionImportRow, 'skipped'>): WikipediaSkipped {
  return {
    redirect: row.skipped.redirect ?? 0,
    namespace: row.skipped.namespace ?? 0,
    disambiguation: row.skipped.disambiguation ?? 0,
    short: row.skipped.short ?? 0,
  };
}

const COLUMNS =
  'id, collection_name, title, user_id, state, kind, upload_dir, files, ignored, total, done, failed, failures, ' +
  'error, created_at, started_at, finished_at, source_file, source_bytes::float8 AS source_bytes, pages_done, ' +
  'bytes_done::float8 AS bytes_done, skipped';

export async function insertCollectionImport(
  db: Queryable,
  input: {
    name: string;
    title: string | null;
    userId: number | null;
    uploadDir: string;
    files: number;
    ignored: number;
  },
): Promise<CollectionImportRow> {
  const { rows } = await db.query<CollectionImportRow>(
    `INSERT INTO collection_imports (collection_name, title, user_id, upload_dir, files, ignored)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [input.name, input.title, input.userId, input.uploadDir, input.files, input.ignored],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('INSERT INTO collection_imports returned no row');
  return row;
}

export async function findCollectionImport(db: Queryable, id: number): Promise<CollectionImportRow | null> {
  const { rows } = await db.query<CollectionImportRow>(`SELECT ${COLUMNS} FROM collection_imports WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Imports still queued or running, oldest first. */
export async function listOpenCollectionImports(db: Queryable): Promise<CollectionImportRow[]> {
  const { rows } = await db.query<CollectionImportRow>(
    `SELECT ${COLUMNS} FROM collection_imports WHERE state IN ('queued', 'running') ORDER BY created_at, id LIMIT 50`,
  );
  return rows;
}

/** Moves a queued (or retried running) import to running; null when it has already finished. */
export async function startCollectionImport(db: Queryable, id: number): Promise<CollectionImportRow | null> {
  const { rows } = await db.query<CollectionImportRow>(
    `UPDATE collection_imports
     SET state = 'running', started_at = coalesce(started_at, now()), updated_at = now()
     WHERE id = $1 AND state IN ('queued', 'running') RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function recordCollectionImportProgress(
  db: Queryable,
  id: number,
  progress: { total: number; done: number; failed: number },
): Promise<void> {
  await db.query(
    `UPDATE collection_imports SET total = $2, done = $3, failed = $4, updated_at = now()
     WHERE id = $1 AND state = 'running'`,
    [id, progress.total, progress.done, progress.failed],
  );
}

export async function finishCollectionImport(
  db: Queryable,
  id: number,
  outcome: {
    state: 'done' | 'failed';
    total: number | null;
    done: number;
    failed: number;
    failures: readonly ReadFailure[];
    error: string | null;
  },
): Promise<void> {
  await db.query(
    `UPDATE collection_imports
     SET state = $2, total = coalesce($3, total), done = $4, failed = $5, failures = $6::jsonb, error = $7,
         finished_at = now(), updated_at = now()
     WHERE id = $1`,
    [id, outcome.state, outcome.total, outcome.done, outcome.failed, JSON.stringify(outcome.failures), outcome.error],
  );
}

/** A Wikipedia dump to import (an upload's, or one the CLI reads where it lies: uploadDir null). */
export async function insertWikipediaImport(
  db: Queryable,
  input: {
    name: string;
    title: string | null;
    userId: number | null;
    uploadDir: string | null;
    sourceFile: string;
    sourceBytes: number;
  },
): Promise<CollectionImportRow> {
  const { rows } = await db.query<CollectionImportRow>(
    `INSERT INTO collection_imports (kind, collection_name, title, user_id, upload_dir, files, source_file, source_bytes)
     VALUES ('wikipedia', $1, $2, $3, $4, 1, $5, $6) RETURNING ${COLUMNS}`,
    [input.name, input.title, input.userId, input.uploadDir, input.sourceFile, input.sourceBytes],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('INSERT INTO collection_imports returned no row');
  return row;
}

/** The latest import of this dump (path and size) into collection `name`, if any. */
export async function findWikipediaImport(
  db: Queryable,
  input: { name: string; sourceFile: string; sourceBytes: number },
): Promise<CollectionImportRow | null> {
  const { rows } = await db.query<CollectionImportRow>(
    `SELECT ${COLUMNS} FROM collection_imports
     WHERE kind = 'wikipedia' AND collection_name = $1 AND source_file = $2 AND source_bytes = $3
     ORDER BY id DESC LIMIT 1`,
    [input.name, input.sourceFile, input.sourceBytes],
  );
  return rows[0] ?? null;
}

/**
 * Makes `runner` the run of a Wikipedia import and sets it running; a run that held it before loses it (its next
 * batch rolls back). `states` are those it may be taken from. Null when the import is in none of them.
 */
export async function claimWikipediaImport(
  db: Queryable,
  id: number,
  runner: string,
  states: readonly CollectionImportState[],
): Promise<CollectionImportRow | null> {
  const { rows } = await db.query<CollectionImportRow>(
    `UPDATE collection_imports
     SET state = 'running', runner = $2, error = NULL, finished_at = NULL, started_at = coalesce(started_at, now()),
         updated_at = now()
     WHERE id = $1 AND kind = 'wikipedia' AND state = ANY($3::text[]) RETURNING ${COLUMNS}`,
    [id, runner, [...states]],
  );
  return rows[0] ?? null;
}

/** Another run has taken the import over (a job retried while a late run still worked): this one stops. */
export class ImportSupersededError extends Error {
  constructor(id: number) {
    super(`Collection import ${String(id)} is now run elsewhere`);
    this.name = 'ImportSupersededError';
  }
}

export type WikipediaCheckpoint = {
  pagesDone: number;
  bytesDone: number;
  done: number;
  failed: number;
  skipped: WikipediaSkipped;
  failures: readonly ReadFailure[];
};

/**
 * Where a Wikipedia import stands, in the transaction of the batch it describes (so that the resume point and
 * the documents commit together); throws ImportSupersededError, rolling the batch back, when `runner` no longer
 * holds the import.
 */
export async function recordWikipediaCheckpoint(
  tx: Queryable,
  id: number,
  runner: string,
  checkpoint: WikipediaCheckpoint,
): Promise<void> {
  const { rowCount } = await tx.query(
    `UPDATE collection_imports
     SET pages_done = $3, bytes_done = $4, done = $5, failed = $6, skipped = $7::jsonb, failures = $8::jsonb,
         updated_at = now()
     WHERE id = $1 AND runner = $2 AND state = 'running'`,
    [
      id,
      runner,
      checkpoint.pagesDone,
      checkpoint.bytesDone,
      checkpoint.done,
      checkpoint.failed,
      JSON.stringify(checkpoint.skipped),
      JSON.stringify(checkpoint.failures),
    ],
  );
  if (rowCount === 0) throw new ImportSupersededError(id);
}

/** The end of a run of a Wikipedia import, unless another run holds it now: done, or failed with why. */
export async function finishWikipediaImport(
  db: Queryable,
  id: number,
  runner: string,
  outcome: { state: 'done' | 'failed'; total: number | null; error: string | null },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE collection_imports
     SET state = $3, total = coalesce($4, total), error = $5, finished_at = now(), updated_at = now()
     WHERE id = $1 AND runner = $2`,
    [id, runner, outcome.state, outcome.total, outcome.error],
  );
  return rowCount > 0;
}

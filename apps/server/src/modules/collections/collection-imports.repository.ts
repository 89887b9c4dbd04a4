import type { Queryable } from '../../db/database.ts';
import type { ReadFailure } from './collection-files.ts';

export type CollectionImportState = 'queued' | 'running' | 'done' | 'failed';

export type CollectionImportRow = {
  id: number;
  collection_name: string;
  title: string | null;
  user_id: number | null;
  state: CollectionImportState;
  upload_dir: string;
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
};

const COLUMNS =
  'id, collection_name, title, user_id, state, upload_dir, files, ignored, total, done, failed, failures, error, ' +
  'created_at, started_at, finished_at';

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

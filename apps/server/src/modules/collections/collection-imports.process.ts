import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import {
  claimWikipediaImport,
  finishCollectionImport,
  finishWikipediaImport,
  recordCollectionImportProgress,
  startCollectionImport,
} from './collection-imports.repository.ts';
import { removeUploadDir } from './collection-uploads.ts';
import { CollectionError, importCollection } from './collections.service.ts';
import { runWikipediaImport } from './wikipedia-import.ts';

/**
 * The job's work: imports the stored files, recording progress after each batch, then deletes them. Bad input
 * as a whole (CollectionError) or no readable document fails the import; another error is retried with the
 * files kept, and fails the import on the last attempt.
 */
export async function runCollectionImport(
  db: Database,
  importId: number,
  run: { isLastAttempt: boolean; logger: Pick<Logger, 'info' | 'warn' | 'error'> },
): Promise<void> {
  const row = await startCollectionImport(db, importId);
  if (row === null) {
    run.logger.info({ importId }, 'collection import not found or already finished');
    return;
  }
  const uploadDir = row.upload_dir;
  if (uploadDir === null) throw new Error(`Collection import ${String(importId)} has no upload folder`);
  // onProgress is synchronous: progress writes are chained, and awaited before the end is recorded.
  let progressWrites: Promise<void> = Promise.resolve();
  let last = { total: row.total, done: row.done, failed: row.failed };
  try {
    const result = await importCollection(
      db,
      { name: row.collection_name, path: uploadDir, ...(row.title === null ? {} : { title: row.title }) },
      (progress) => {
        last = progress;
        progressWrites = progressWrites
          .then(() => recordCollectionImportProgress(db, importId, progress))
          .catch((error: unknown) => {
            run.logger.warn({ err: error, importId }, 'collection import progress not recorded');
          });
      },
    );
    await progressWrites;
    await finishCollectionImport(db, importId, {
      state: result.imported > 0 ? 'done' : 'failed',
      total: result.total,
      done: result.imported,
      failed: result.failed,
      failures: result.failures,
      error: result.imported > 0 ? null : `None of the ${String(result.total)} documents could be read.`,
    });
    run.logger.info({ importId, collection: row.collection_name, imported: result.imported }, 'collection imported');
  } catch (error) {
    await progressWrites;
    const isExpected = error instanceof CollectionError || error instanceof AppError;
    if (!isExpected && !run.isLastAttempt) throw error; // retried with the files kept
    if (!isExpected) run.logger.error({ err: error, importId }, 'collection import failed');
    await finishCollectionImport(db, importId, {
      state: 'failed',
      total: last.total,
      done: last.done,
      failed: last.failed,
      failures: [],
      error: isExpected ? error.message : 'The import failed unexpectedly. Please try again.',
    });
  }
  await removeUploadDir(uploadDir);
}

/**
 * The job's work for an uploaded Wikipedia dump: takes the import over (a retry takes it from a run that is late
 * to stop) and runs it from its resume point. Stopped by the signal (shutdown, or the job's time is up) it keeps
 * the dump: the retry resumes after the last committed batch. Bad input fails the import; another error is
 * retried, and fails the import on the last attempt. A finished or failed import's dump is deleted.
 */
export async function runWikipediaUploadImport(
  db: Database,
  importId: number,
  run: { isLastAttempt: boolean; signal: AbortSignal; logger: Pick<Logger, 'info' | 'warn' | 'error'> },
): Promise<void> {
  const runner = randomUUID();
  const row = await claimWikipediaImport(db, importId, runner, ['queued', 'running']);
  if (row === null) {
    run.logger.info({ importId }, 'Wikipedia import not found or already finished');
    return;
  }
  const fail = async (message: string): Promise<void> => {
    if (await finishWikipediaImport(db, importId, runner, { state: 'failed', total: null, error: message })) {
      if (row.upload_dir !== null) await removeUploadDir(row.upload_dir);
    }
  };
  try {
    const outcome = await runWikipediaImport(db, row, runner, { signal: run.signal });
    if (outcome.state === 'done') {
      if (row.upload_dir !== null) await removeUploadDir(row.upload_dir);
      run.logger.info(
        { importId, collection: row.collection_name, imported: outcome.progress.imported },
        'Wikipedia dump imported',
      );
    } else {
      run.logger.info({ importId, state: outcome.state, pages: outcome.progress.pages }, 'Wikipedia import paused');
    }
  } catch (error) {
    const isExpected = error instanceof CollectionError || error instanceof AppError;
    if (!isExpected && !run.isLastAttempt) throw error; // retried: it resumes after its last batch
    if (!isExpected) run.logger.error({ err: error, importId }, 'Wikipedia import failed');
    await fail(isExpected ? error.message : 'The import failed unexpectedly. Please try again.');
  }
}

import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { runCollectionImport, runWikipediaUploadImport } from './collection-imports.process.ts';

const RETRY_LIMIT = 1;

/**
 * The import of an upload into a reference collection (POST /api/v1/admin/collections/). Idempotent: a finished
 * import is skipped, and importing the same files again replaces their documents.
 */
export const collectionImportJob = defineJob({
  name: 'collection-import',
  version: 1,
  schema: z.object({ importId: z.number().int().positive() }),
  retryLimit: RETRY_LIMIT,
  retryDelaySeconds: 30,
  // 200 files of up to 25 MB, extracted and indexed
  expireInSeconds: 3600,
  async handler(payload, { db, logger, attempt }) {
    await runCollectionImport(db, payload.importId, { isLastAttempt: attempt > RETRY_LIMIT, logger });
  },
});

const WIKIPEDIA_RETRY_LIMIT = 50;

/**
 * The import of an uploaded Wikipedia dump (POST /api/v1/admin/collections/wikipedia/), which takes hours: each
 * attempt runs for at most three hours, then the queue gives it back and the next attempt resumes after the last
 * committed batch, as it does after a worker's shutdown or death. So the attempts are the import's stretches,
 * and a real failure is retried (and resumed) as often before it fails the import.
 */
export const wikipediaImportJob = defineJob({
  name: 'wikipedia-import',
  version: 1,
  schema: z.object({ importId: z.number().int().positive() }),
  retryLimit: WIKIPEDIA_RETRY_LIMIT,
  retryDelaySeconds: 60,
  expireInSeconds: 3 * 3600,
  async handler(payload, { db, logger, attempt, signal }) {
    await runWikipediaUploadImport(db, payload.importId, {
      isLastAttempt: attempt > WIKIPEDIA_RETRY_LIMIT,
      signal,
      logger,
    });
  },
});

export const collectionJobs = [collectionImportJob, wikipediaImportJob] as const;

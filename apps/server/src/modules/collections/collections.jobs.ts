import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { runCollectionImport } from './collection-imports.process.ts';

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

export const collectionJobs = [collectionImportJob] as const;

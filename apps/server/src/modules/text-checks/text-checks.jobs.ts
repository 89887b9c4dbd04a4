import { z } from 'zod';
import { defineJob, defineSweepJob, scheduleSweep, type JobQueue } from '../../jobs/queue.ts';
import { SqlFingerprintStore } from '../reuse/fingerprint-store.ts';
import { sharedReuseChecker } from './reuse-checker.ts';
import { failAbandonedTextChecks, processTextCheck } from './text-checks.process.ts';
import { sharedWebSearch } from '../web-sources/web-search.ts';
import { afterTextCheckSettled } from '../lti/lti.jobs.ts';

const RETRY_LIMIT = 2;

/**
 * One plagiarism check (POST /api/v1/text). Idempotent: a check already settled is skipped and the
 * ledger settles a hold once, so a retry after a crash or an expiry charges its pages once.
 */
export const textCheckJob = defineJob({
  name: 'text-check',
  version: 1,
  schema: z.object({ checkId: z.number().int().positive() }),
  retryLimit: RETRY_LIMIT,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
  async handler(payload, { db, logger, attempt }) {
    await processTextCheck(
      db,
      { checker: sharedReuseChecker(), store: new SqlFingerprintStore(db), web: sharedWebSearch() },
      payload.checkId,
      { isLastAttempt: attempt > RETRY_LIMIT, logger },
    );
    // a check made from an LTI assignment: its score goes back to the platform (issue 19)
    await afterTextCheckSettled(db, payload.checkId, logger);
  },
});

/** Every 15 minutes: checks abandoned by a dead process fail and give their pages back. */
export const sweepAbandonedTextChecks = defineSweepJob(
  'text-checks-sweep',
  (db) => failAbandonedTextChecks(db, new SqlFingerprintStore(db)),
  'abandoned text checks failed and their pages released',
);

export const textCheckJobs = [textCheckJob, sweepAbandonedTextChecks] as const;

/** Called when the worker role starts, next to the maintenance schedule. */
export function scheduleTextCheckJobs(queue: JobQueue): Promise<void> {
  return scheduleSweep(queue, sweepAbandonedTextChecks);
}

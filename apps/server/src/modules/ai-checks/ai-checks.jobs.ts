import { z } from 'zod';
import { defineJob, defineSweepJob, scheduleSweep, type JobQueue } from '../../jobs/queue.ts';
import { failAbandonedAiChecks, processAiCheck } from './ai-checks.service.ts';
import { sharedAiDetector } from './detector.ts';

const RETRY_LIMIT = 2;

/**
 * One AI check (POST /api/v1/chat-gpt/). Idempotent: a check already settled is skipped and the
 * ledger settles a hold once, so a retry after a crash or an expiry charges the page once.
 */
export const aiCheckJob = defineJob({
  name: 'ai-check',
  version: 1,
  schema: z.object({ checkId: z.number().int().positive() }),
  retryLimit: RETRY_LIMIT,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
  async handler(payload, { db, logger, attempt }) {
    await processAiCheck(db, sharedAiDetector(), payload.checkId, {
      isLastAttempt: attempt > RETRY_LIMIT,
      logger,
    });
  },
});

/** Every 15 minutes: checks abandoned by a dead process fail and give their AI page back. */
export const sweepAbandonedAiChecks = defineSweepJob(
  'ai-checks-sweep',
  failAbandonedAiChecks,
  'abandoned AI checks failed and their pages released',
);

export const aiCheckJobs = [aiCheckJob, sweepAbandonedAiChecks] as const;

/** Called when the worker role starts, next to the maintenance schedule. */
export function scheduleAiCheckJobs(queue: JobQueue): Promise<void> {
  return scheduleSweep(queue, sweepAbandonedAiChecks);
}

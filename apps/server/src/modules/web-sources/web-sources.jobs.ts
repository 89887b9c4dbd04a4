import { z } from 'zod';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { SqlFingerprintStore } from '../reuse/fingerprint-store.ts';
import { sweepExpiredWebPages } from './web-cache.repository.ts';

/**
 * Hourly: pages past WEB_CACHE_TTL_DAYS leave the page cache and the reuse index, refusals past theirs are
 * forgotten (web-cache.repository.ts). Idempotent: a retry finds only what is still there. Not a
 * `defineSweepJob`: those recover work a dead process abandoned and warn when they find any, while expired
 * pages are the cache working as meant, and the 15-minute cadence would buy nothing against a TTL of days.
 */
export const webPagesSweep = defineJob({
  name: 'web-pages-sweep',
  version: 1,
  schema: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 900,
  async handler(_payload, { db, logger }) {
    const swept = await sweepExpiredWebPages(db, new SqlFingerprintStore(db), new Date());
    if (swept.pages + swept.indexEntries + swept.refusals > 0) logger.info(swept, 'expired web pages swept');
  },
});

export const webSourceJobs = [webPagesSweep] as const;

/** Called when the worker role starts, next to the maintenance schedule. */
export async function scheduleWebSourceJobs(queue: JobQueue): Promise<void> {
  await queue.schedule(webPagesSweep, '45 * * * *', {});
}

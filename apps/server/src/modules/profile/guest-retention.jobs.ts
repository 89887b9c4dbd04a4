import { z } from 'zod';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { deleteExpiredGuests } from './guest-retention.ts';

/**
 * Hourly: guests idle for longer than GUEST_RETENTION_DAYS are deleted with their checks and index entries
 * (guest-retention.ts). Idempotent: a retry finds only what is still there.
 */
export const guestRetentionSweep = defineJob({
  name: 'guest-retention-sweep',
  version: 1,
  schema: z.object({ days: z.number().int().min(1) }),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 900,
  async handler(payload, { db, logger }) {
    const deleted = await deleteExpiredGuests(db, payload.days);
    if (deleted.guests > 0) logger.info({ ...deleted, days: payload.days }, 'guests past retention deleted');
  },
});

export const guestRetentionJobs = [guestRetentionSweep] as const;

/** Called when the worker role starts, with the configured retention. */
export async function scheduleGuestRetention(queue: JobQueue, days: number): Promise<void> {
  await queue.schedule(guestRetentionSweep, '30 * * * *', { days });
}

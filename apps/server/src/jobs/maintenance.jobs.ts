import { z } from 'zod';
import { deleteExpiredRows } from './maintenance.repository.ts';
import { defineJob, type JobQueue } from './queue.ts';

/** Removes expired sessions, used bot-check solutions and old tracking events. Idempotent, so a retry is harmless. */
export const cleanupExpired = defineJob({
  name: 'cleanup-expired',
  version: 1,
  schema: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  async handler(_payload, { db, logger }) {
    const deleted = await deleteExpiredRows(db);
    logger.info(deleted, 'expired rows deleted');
  },
});

export const maintenanceJobs = [cleanupExpired] as const;

/** Called when the worker role starts: the scheduler of whichever instance runs the cron enqueues it hourly. */
export async function scheduleMaintenance(queue: JobQueue): Promise<void> {
  await queue.schedule(cleanupExpired, '0 * * * *', {});
}

import { z } from 'zod';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { createMailer } from '../mail/mail.service.ts';
import { billingSettings } from './billing.settings.ts';
import { sendDueReceipts } from './receipts.ts';

/**
 * The receipts of the payments recorded since the last run (receipts.ts): every minute, through SMTP when it is
 * configured, else the local outbox. configureBilling (main.ts) gives it the settings.
 */
export const sendReceipts = defineJob({
  name: 'billing-send-receipts',
  version: 1,
  schema: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 300,
  async handler(_payload, { db, logger }) {
    const settings = billingSettings();
    const mailer = createMailer({ smtp: settings.smtp }, db, logger);
    try {
      const summary = await sendDueReceipts(db, mailer, { publicUrl: settings.publicUrl, logger });
      if (summary.sent + summary.failed > 0) logger.info(summary, 'payment receipts');
    } finally {
      mailer.close();
    }
  },
});

export const billingJobs = [sendReceipts] as const;

export async function scheduleBillingJobs(queue: JobQueue): Promise<void> {
  await queue.schedule(sendReceipts, '* * * * *', {});
}

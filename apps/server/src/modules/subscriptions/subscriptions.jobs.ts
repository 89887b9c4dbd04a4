import { z } from 'zod';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { createSandboxGateway } from '../commerce/payment-gateway.ts';
import { renewDueSubscriptions } from './subscriptions.service.ts';

/**
 * The sandbox gateway's renewals (what Stripe does by itself for its subscriptions): every 15 minutes, whatever is
 * due is renewed, retried or ended through signed events (subscriptions.service.ts renewDueSubscriptions). With
 * Stripe configured the job does nothing.
 */
type RenewalSettings = { appSecret: string; vatPercent: number; publicUrl: string; sandbox: boolean };
let settings: RenewalSettings | null = null;

/** Called by the worker role at start-up with the configuration the events are signed and priced with. */
export function configureSubscriptionRenewals(value: RenewalSettings): void {
  settings = value;
}

export const renewSubscriptions = defineJob({
  name: 'subscriptions-renew',
  version: 1,
  schema: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
  async handler(_payload, { db, logger }) {
    if (settings === null) throw new Error('subscriptions-renew: configureSubscriptionRenewals was not called');
    if (!settings.sandbox) return;
    const summary = await renewDueSubscriptions(
      {
        db,
        gateway: createSandboxGateway(settings.appSecret),
        vatPercent: settings.vatPercent,
        publicUrl: settings.publicUrl,
        log: logger,
      },
      new Date(),
    );
    if (summary.renewed + summary.failed + summary.ended > 0) logger.info(summary, 'subscription renewals');
  },
});

export const subscriptionJobs = [renewSubscriptions] as const;

export async function scheduleSubscriptionJobs(queue: JobQueue): Promise<void> {
  await queue.schedule(renewSubscriptions, '*/15 * * * *', {});
}

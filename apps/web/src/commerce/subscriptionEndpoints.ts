import type {
  CANCEL_REASONS,
  NotifyReason,
  SiteLanguage,
  SubscribeResponse,
  Subscription,
  SubscriptionPlansResponse,
  UpgradeResponse,
} from '@veritext/contracts';
import type { ApiClient } from '../api/client.ts';
import type { CsrfCache } from '../api/csrf.ts';
import type * as Schemas from './subscriptionSchemas.ts';

type SchemaName = keyof typeof Schemas;

/** A loader of one schema of subscriptionSchemas.ts (fetched with the first call that needs it). */
function schema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./subscriptionSchemas.ts'))[name];
}

export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The subscription calls (check-tool.md §7; commerce-and-cabinet.md §2-§4): plans, subscribing, upgrading, cancelling. */
export function createSubscriptionEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    /** The monthly plans by kind (public). */
    subscriptionPlans(): Promise<SubscriptionPlansResponse> {
      return client.getJson('/api/v1/subscription-plans/', schema('SubscriptionPlansResponseSchema'));
    },

    /** The caller's own subscriptions, newest first (status 2: active). */
    async mySubscriptions(): Promise<Subscription[]> {
      return (await client.getJson('/api/v1/subscriptions/', schema('SubscriptionsResponseSchema'))).data.subscriptions;
    },

    /** An organisation's subscriptions (its owner, role 1, only). */
    async groupSubscriptions(groupId: number): Promise<Subscription[]> {
      const id = String(groupId);
      return (
        await client.getJson(`/api/v1/groups/subscriptions/${id}/?id=${id}`, schema('SubscriptionsResponseSchema'))
      ).data.subscriptions;
    },

    /** Starts a subscription: answers the card page to go to (already in the page's language). */
    async subscribe(input: {
      service: string;
      groupId?: number | null;
      language: SiteLanguage;
      /** A promo code: its percent off the first month. */
      coupon?: string | null;
    }): Promise<SubscribeResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        '/api/v1/subscriptions/',
        {
          service: input.service,
          group_id: input.groupId === undefined || input.groupId === null ? undefined : String(input.groupId),
          language: input.language === 'es' ? 'es' : undefined,
          coupon:
            input.coupon === undefined || input.coupon === null || input.coupon.trim() === ''
              ? undefined
              : input.coupon.trim(),
          _csrf_token: token,
        },
        schema('SubscribeResponseSchema'),
      );
    },

    /** Upgrades at once to a dearer plan: the prorated difference is charged to the saved card. */
    async upgradeSubscription(id: number, service: string): Promise<UpgradeResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        `/api/v1/subscriptions/${String(id)}/upgrade/`,
        { service, _csrf_token: token },
        schema('UpgradeResponseSchema'),
      );
    },

    /** Cancels at the end of the paid month, with the farewell survey's answer. */
    async cancelSubscription(id: number, survey: { reason: CancelReason; comment: string }): Promise<Subscription> {
      const { token } = await csrf.get();
      const comment = survey.comment.trim();
      return (
        await client.postForm(
          `/api/v1/subscriptions/${String(id)}/cancel/`,
          { reason: survey.reason, comment: comment === '' ? undefined : comment, _csrf_token: token },
          schema('SubscriptionResponseSchema'),
        )
      ).subscription;
    },

    /** A member who cannot buy asks the organisation's owner for pages, AI pages or an upgrade. */
    async notifyAdmin(groupId: number, reason: NotifyReason): Promise<{ message: string }> {
      const { token } = await csrf.get();
      const answer = await client.postForm(
        `/api/v1/groups/${String(groupId)}/notify-admin/`,
        { reason, _csrf_token: token },
        schema('NotifyAdminResponseSchema'),
      );
      return { message: answer.message };
    },
  };
}
export type SubscriptionEndpoints = ReturnType<typeof createSubscriptionEndpoints>;

import {
  CancelSubscriptionFormSchema,
  SubscribeFormSchema,
  SubscribeResponseSchema,
  SubscriptionPlansResponseSchema,
  SubscriptionResponseSchema,
  SubscriptionsResponseSchema,
  UpgradeResponseSchema,
  UpgradeSubscriptionFormSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommerceContext } from '../commerce/commerce.service.ts';
import {
  cancelSubscription,
  subscribe,
  subscriptionPlans,
  subscriptionsOfGroup,
  subscriptionsOfUser,
  upgradeSubscription,
} from './subscriptions.service.ts';

const MAX_ID = 2_147_483_647;
const IdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
const GroupParams = z.object({ groupId: z.coerce.number().int().positive().max(MAX_ID) });
const GroupQuery = z.object({ id: z.coerce.number().int().positive().max(MAX_ID).optional() });

/** Monthly subscriptions (check-tool.md §7; commerce-and-cabinet.md §2-§4). */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ ctx: CommerceContext }> = async (api, { ctx }) => {
  api.get(
    '/api/v1/subscription-plans/',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'The monthly plans by kind (individ, team, ai): price per month in cents, pages and AI pages per month',
        security: [],
        response: { 200: SubscriptionPlansResponseSchema },
      },
    },
    async () => subscriptionPlans(ctx.vatPercent),
  );

  api.get(
    '/api/v1/subscriptions/',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "The caller's own subscriptions, newest first; status 2 is active (1 pending is not listed)",
        response: { 200: SubscriptionsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const subscriptions = await subscriptionsOfUser(ctx, request.auth.user);
      return { success: true as const, data: { subscriptions } };
    },
  );

  api.get(
    '/api/v1/groups/subscriptions/:groupId/',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "An organisation's subscriptions (its owner, role 1, only); the spec also sends ?id={groupId}",
        params: GroupParams,
        querystring: GroupQuery,
        response: { 200: SubscriptionsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const subscriptions = await subscriptionsOfGroup(ctx, request.auth.user, request.params.groupId);
      return { success: true as const, data: { subscriptions } };
    },
  );

  api.post(
    '/api/v1/subscriptions/',
    {
      config: { form: true },
      schema: {
        tags: ['subscriptions'],
        summary:
          'Starts a subscription to a plan (service or key; group_id for an organisation you own; coupon: a promo code off the first month): its first month is paid on the card page redirect_url',
        body: SubscribeFormSchema,
        response: { 200: SubscribeResponseSchema },
      },
    },
    async (request) => {
      const { service, group_id, language, coupon } = request.body;
      const { redirectUrl, subscription } = await subscribe(ctx, request.auth.user, {
        service,
        groupId: group_id ?? null,
        coupon: coupon ?? null,
      });
      const redirect = language === 'es' && redirectUrl.startsWith('/') ? `/es${redirectUrl}` : redirectUrl;
      return { success: true as const, redirect_url: redirect, subscription };
    },
  );

  api.post(
    '/api/v1/subscriptions/:id/cancel/',
    {
      config: { form: true },
      schema: {
        tags: ['subscriptions'],
        summary:
          'Cancels at the end of the paid month (it stays active until then and is not renewed), with the farewell survey',
        params: IdParams,
        body: CancelSubscriptionFormSchema,
        response: { 200: SubscriptionResponseSchema },
      },
    },
    async (request) => {
      const subscription = await cancelSubscription(ctx, request.auth.user, request.params.id, {
        reason: request.body.reason,
        comment: request.body.comment ?? '',
      });
      return { success: true as const, subscription };
    },
  );

  api.post(
    '/api/v1/subscriptions/:id/upgrade/',
    {
      config: { form: true },
      schema: {
        tags: ['subscriptions'],
        summary:
          'Upgrades at once to a dearer plan: the price difference for the days left of the month (plus VAT) is charged to the saved card and the pages difference for those days credited; the new plan renews from then on',
        params: IdParams,
        body: UpgradeSubscriptionFormSchema,
        response: { 200: UpgradeResponseSchema },
      },
    },
    async (request) => {
      const result = await upgradeSubscription(ctx, request.auth.user, request.params.id, request.body.service);
      return { success: true as const, ...result };
    },
  );
};

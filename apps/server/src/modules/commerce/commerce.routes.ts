import {
  AddCouponFormSchema,
  AddItemFormSchema,
  CartResponseSchema,
  CheckoutFormSchema,
  CheckoutResponseSchema,
  CurrentOrderResponseSchema,
  OrderResponseSchema,
  PricingResponseSchema,
  SandboxPayFormSchema,
  SandboxSessionResponseSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addItem,
  applyCoupon,
  checkout,
  currentOrder,
  getSandboxSession,
  handleWebhook,
  orderOfUser,
  paySandboxSession,
  pricing,
  removeItem,
  requireBuyer,
  type CartChange,
  type CommerceContext,
} from './commerce.service.ts';
import type { WebhookPoster } from './payment-gateway.ts';

export type CommerceRoutesOptions = { ctx: CommerceContext; postWebhook: WebhookPoster };

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const SessionParams = z.object({ session_id: z.string().min(1).max(200) });
const CsrfForm = z.object({ _csrf_token: z.string().max(200).optional() });

function cartResponse(change: CartChange, message?: string) {
  return {
    success: true as const,
    ...(message === undefined ? {} : { message }),
    data: { order_items: change.order_items },
    order: change.order,
  };
}

/** Pay-per-use packs: the catalogue, the cart and its promo code, checkout, and the sandbox card page. */
export const commerceRoutes: FastifyPluginAsyncZod<CommerceRoutesOptions> = async (api, { ctx, postWebhook }) => {
  api.get(
    '/api/v1/pricing/',
    {
      schema: {
        tags: ['commerce'],
        summary: 'The pay-per-use packs by tab (individ, business, ai), prices in cents (USD) and the VAT percent',
        security: [],
        response: { 200: PricingResponseSchema },
      },
    },
    async () => pricing(ctx.vatPercent),
  );

  api.get(
    '/api/v1/orders/current/',
    {
      schema: {
        tags: ['commerce'],
        summary: "The caller's cart: the open or pending order, or null",
        response: { 200: CurrentOrderResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, order: await currentOrder(ctx, requireBuyer(request.auth.user)) };
    },
  );

  api.get(
    '/api/v1/orders/:id/',
    {
      schema: {
        tags: ['commerce'],
        summary: "One of the caller's orders, with its payment state (0 open, 1 pending, 2 paid, 3 failed)",
        params: IdParams,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        order: await orderOfUser(ctx, requireBuyer(request.auth.user), request.params.id),
      };
    },
  );

  api.post(
    '/order/add_item',
    {
      config: { form: true },
      schema: {
        tags: ['commerce'],
        summary: 'Adds a pack to the cart (the same pack for the same account adds to its quantity)',
        body: AddItemFormSchema,
        response: { 200: CartResponseSchema },
      },
    },
    async (request) => {
      const user = requireBuyer(request.auth.user);
      const { service, quantity, group_id } = request.body;
      return cartResponse(await addItem(ctx, user, { service, quantity, groupId: group_id ?? null }));
    },
  );

  api.post(
    '/order/delete_item/:id',
    {
      config: { form: true },
      schema: {
        tags: ['commerce'],
        summary: 'Removes a line (or the promo code) from the cart',
        params: IdParams,
        body: CsrfForm,
        response: { 200: CartResponseSchema },
      },
    },
    async (request) => {
      const change = await removeItem(ctx, requireBuyer(request.auth.user), request.params.id);
      return cartResponse(change, 'The item was removed from your cart');
    },
  );

  api.post(
    '/order/add_coupon',
    {
      config: { form: true },
      schema: {
        tags: ['commerce'],
        summary: 'Applies a promo code to the cart (replacing an earlier one)',
        body: AddCouponFormSchema,
        response: { 200: CartResponseSchema },
      },
    },
    async (request) => {
      const change = await applyCoupon(ctx, requireBuyer(request.auth.user), request.body.coupon);
      return cartResponse(change, 'Promo code applied');
    },
  );

  api.post(
    '/order/checkout',
    {
      config: { form: true },
      schema: {
        tags: ['commerce'],
        summary:
          'Freezes the cart in a payment session and redirects (303) to the card page: Stripe Checkout, or the sandbox; JSON with Accept: application/json',
        body: CheckoutFormSchema,
        response: { 200: CheckoutResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireBuyer(request.auth.user);
      const referral = request.body.referral?.trim() ?? '';
      const { redirectUrl: gatewayUrl } = await checkout(ctx, user, { referral: referral === '' ? null : referral });
      // The built-in card page is ours (a path): a Spanish buyer gets its Spanish twin. Stripe's is absolute.
      const redirectUrl =
        request.body.language === 'es' && gatewayUrl.startsWith('/') ? `/es${gatewayUrl}` : gatewayUrl;
      const wantsJson = (request.headers.accept ?? '').toLowerCase().includes('application/json');
      if (wantsJson) return { success: true as const, redirect_url: redirectUrl };
      return reply.redirect(redirectUrl, 303);
    },
  );

  api.get(
    '/api/v1/sandbox-pay/:session_id/',
    {
      schema: {
        tags: ['commerce'],
        summary: 'A payment session of the sandbox gateway (404 when Stripe is configured)',
        params: SessionParams,
        response: { 200: SandboxSessionResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const session = await getSandboxSession(ctx, requireBuyer(request.auth.user), request.params.session_id);
      return { success: true as const, session };
    },
  );

  api.post(
    '/api/v1/sandbox-pay/:session_id/',
    {
      config: { form: true },
      schema: {
        tags: ['commerce'],
        summary:
          'Pays a sandbox session with a test card (4000 0000 0000 0002 is declined); the signed event goes to /webhooks/stripe',
        params: SessionParams,
        body: SandboxPayFormSchema,
        response: { 200: CheckoutResponseSchema },
      },
    },
    async (request) => {
      const { redirectUrl } = await paySandboxSession(
        ctx,
        requireBuyer(request.auth.user),
        request.params.session_id,
        request.body,
        postWebhook,
      );
      return { success: true as const, redirect_url: redirectUrl };
    },
  );
};

const WebhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });

/**
 * POST /webhooks/stripe: the gateway's events, Stripe's or the sandbox's. Its own scope keeps the JSON body
 * raw (the signature covers the exact bytes); no session, no CSRF: the signature is the credential.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ ctx: CommerceContext }> = async (scope, { ctx }) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_request, body, done) => {
      done(null, body);
    },
  );
  scope.post(
    '/webhooks/stripe',
    {
      schema: {
        tags: ['commerce'],
        summary: 'Payment events (Stripe-Signature verified; each event id processed once)',
        security: [],
        headers: z.object({ 'stripe-signature': z.string().max(4000).optional() }),
        response: { 200: WebhookResponseSchema },
      },
    },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      return handleWebhook(ctx, rawBody, request.headers['stripe-signature']);
    },
  );
};

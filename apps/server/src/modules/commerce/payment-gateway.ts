import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../errors.ts';

/**
 * The card gateway (DESIGN.md §6): Stripe Checkout when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set,
 * else the built-in sandbox: our own card page (/sandbox-pay/{id}) that posts Stripe-shaped, Stripe-signed
 * events to the same webhook. Both are verified by Stripe's own code (stripe.webhooks.constructEvent).
 */

export type CheckoutLine = { name: string; unitAmount: number; quantity: number };

export type CreateSessionInput = {
  orderId: number;
  amount: number;
  currency: 'USD';
  description: string;
  lines: CheckoutLine[];
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
};

export type GatewaySession = { id: string; url: string; expiresAt: Date };

/** A subscription's first month: Checkout in subscription mode, renewed monthly at `amount` (VAT included). */
export type CreateSubscriptionSessionInput = Omit<CreateSessionInput, 'lines'> & {
  subscriptionId: number;
  plan: string;
  productName: string;
  /** The monthly price (VAT included); `amount` is the first month's, less when a promo code applies. */
  monthlyAmount: number;
  /** The promo code that takes its percent off the first month, for the gateway's record. */
  promoCode: string | null;
};

export type PaymentGateway = {
  readonly kind: 'sandbox' | 'stripe';
  /** The secret webhook events are signed with. */
  readonly webhookSecret: string;
  createSession(input: CreateSessionInput): Promise<GatewaySession>;
  /** Stripe: Checkout in subscription mode. The sandbox: its card page, as for packs (its renewal job renews). */
  createSubscriptionSession(input: CreateSubscriptionSessionInput): Promise<GatewaySession>;
  /** Stops renewals at the end of the paid period (Stripe: cancel_at_period_end; the sandbox: its job reads ours). */
  cancelAtPeriodEnd(gatewayRef: string): Promise<void>;
  /**
   * Stripe: moves the subscription to a dearer monthly price now, invoicing the proration at once (an error, and
   * nothing changed, when the card is declined); the plan and the prorated pages ride in its metadata, which the
   * invoice's snapshot carries to our webhook. The sandbox charges its saved card itself (subscriptions.service.ts).
   */
  changePlan(gatewayRef: string, change: PlanChange): Promise<void>;
};

export type PlanChange = {
  monthlyAmount: number;
  currency: 'USD';
  metadata: Record<string, string>;
};

/** Where the Stripe SDK sends its requests: Stripe's API by default; a local server in tests. */
export type StripeApiOptions = { host?: string; port?: number; protocol?: 'http' | 'https' };

/** Stripe's default: a webhook signed more than 5 minutes ago is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const SANDBOX_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** The sandbox's webhook secret: derived from APP_SECRET, so nothing else needs configuring. */
export function sandboxWebhookSecret(appSecret: string): string {
  return `whsec_sandbox_${createHmac('sha256', appSecret).update('veritext:sandbox-webhook').digest('base64url')}`;
}

/** A Stripe-Signature header exactly as Stripe makes it: t=…,v1=HMAC-SHA256(secret, `${t}.${body}`). */
export function signWebhookPayload(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Verifies a webhook delivery with Stripe's own code; throws on a bad signature or a stale timestamp. */
export function verifyWebhookEvent(rawBody: string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
}

export function createSandboxGateway(appSecret: string): PaymentGateway {
  return {
    kind: 'sandbox',
    webhookSecret: sandboxWebhookSecret(appSecret),
    createSession() {
      return Promise.resolve(sandboxSession());
    },
    createSubscriptionSession() {
      return Promise.resolve(sandboxSession());
    },
    cancelAtPeriodEnd() {
      return Promise.resolve();
    },
    changePlan() {
      return Promise.reject(new Error('the sandbox charges its saved card itself: see upgradeSubscription'));
    },
  };
}

function sandboxSession(): GatewaySession {
  const id = `cs_sandbox_${randomBytes(18).toString('base64url')}`;
  return { id, url: `/sandbox-pay/${id}`, expiresAt: new Date(Date.now() + SANDBOX_SESSION_TTL_MS) };
}

export function createStripeGateway(
  settings: { secretKey: string; webhookSecret: string },
  api: StripeApiOptions = {},
): PaymentGateway {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api.host === undefined ? {} : { host: api.host }),
    ...(api.port === undefined ? {} : { port: api.port }),
    ...(api.protocol === undefined ? {} : { protocol: api.protocol }),
  });
  return {
    kind: 'stripe',
    webhookSecret: settings.webhookSecret,
    async createSession(input) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: String(input.orderId),
            metadata: { order_id: String(input.orderId) },
            ...(input.customerEmail === null ? {} : { customer_email: input.customerEmail }),
            line_items: input.lines.map((line) => ({
              quantity: line.quantity,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: line.unitAmount,
                product_data: { name: line.name },
              },
            })),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: `order-${input.orderId}-${randomBytes(8).toString('hex')}` },
        );
        if (session.url === null) throw new Error('Stripe returned a Checkout Session without a url');
        return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
      } catch (error) {
        throw new AppError('payment_provider_failed', { cause: error });
      }
    },
    async createSubscriptionSession(input) {
      try {
        const metadata = { order_id: String(input.orderId), subscription_id: String(input.subscriptionId) };
        // a promo code: the first month's difference as a one-time amount off (Stripe then charges `amount`)
        const firstMonthOff = input.monthlyAmount - input.amount;
        const coupon =
          firstMonthOff > 0
            ? await stripe.coupons.create({
                amount_off: firstMonthOff,
                currency: input.currency.toLowerCase(),
                duration: 'once',
                max_redemptions: 1,
                name: `Promo code ${input.promoCode ?? ''}`.trim(),
              })
            : null;
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            client_reference_id: String(input.orderId),
            metadata,
            subscription_data: { metadata: { ...metadata, plan: input.plan } },
            ...(input.customerEmail === null ? {} : { customer_email: input.customerEmail }),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.monthlyAmount,
                  recurring: { interval: 'month' },
                  product_data: { name: input.productName },
                },
              },
            ],
            ...(coupon === null ? {} : { discounts: [{ coupon: coupon.id }] }),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: `subscription-${String(input.subscriptionId)}-${randomBytes(8).toString('hex')}` },
        );
        if (session.url === null) throw new Error('Stripe returned a Checkout Session without a url');
        return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
      } catch (error) {
        throw new AppError('payment_provider_failed', { cause: error });
      }
    },
    async cancelAtPeriodEnd(gatewayRef) {
      try {
        await stripe.subscriptions.update(gatewayRef, { cancel_at_period_end: true });
      } catch (error) {
        throw new AppError('payment_provider_failed', { cause: error });
      }
    },
    async changePlan(gatewayRef, change) {
      try {
        const subscription = await stripe.subscriptions.retrieve(gatewayRef);
        const item = subscription.items.data[0];
        if (item === undefined) throw new Error(`Stripe subscription ${gatewayRef} has no item`);
        const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
        await stripe.subscriptions.update(gatewayRef, {
          items: [
            {
              id: item.id,
              price_data: {
                currency: change.currency.toLowerCase(),
                product,
                unit_amount: change.monthlyAmount,
                recurring: { interval: 'month' },
              },
            },
          ],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          cancel_at_period_end: false,
          metadata: change.metadata,
        });
      } catch (error) {
        const declined = (error as { type?: unknown }).type === 'StripeCardError';
        throw new AppError(declined ? 'card_declined' : 'payment_provider_failed', { cause: error });
      }
    },
  };
}

/** A signed event on its way to our webhook. */
export type WebhookDelivery = { body: string; signature: string };
export type WebhookPoster = (delivery: WebhookDelivery) => Promise<{ status: number }>;

/**
 * The production poster: the event goes over HTTP to the webhook of this very process, at the address it
 * listens on (the loopback when it listens on every interface).
 */
export function httpWebhookPoster(address: () => string | null): WebhookPoster {
  return async ({ body, signature }) => {
    const origin = address();
    if (origin === null) throw new Error('the server is not listening: no address to post the webhook to');
    const response = await fetch(`${origin}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    await response.arrayBuffer();
    return { status: response.status };
  };
}

/** The origin of a listening server's address (the loopback stands in for an "any" address). */
export function originOfAddress(address: string | { address: string; port: number } | null): string | null {
  if (address === null || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' || address.address === ''
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.address.includes(':')
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

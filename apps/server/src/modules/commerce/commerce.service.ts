import { randomBytes } from 'node:crypto';
import {
  DEFAULT_SERVICE,
  ORDER_QUANTITY_MAX,
  PAYMENT_STATES,
  TEST_CARDS,
  type CartItem,
  type Order,
  type PricingResponse,
  type SandboxPayForm,
  type SandboxSessionResponse,
} from '@veritext/contracts';
import type Stripe from 'stripe';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findMembershipsOfUser, type UserRecord } from '../auth/users.repository.ts';
import { issueOrderInvoice } from '../billing/invoices.service.ts';
import { findAccountOfGroup, findAccountOfUser, insertAccount } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import {
  activateSubscriptionOrder,
  handleSubscriptionEvent,
  isSubscriptionEvent,
  subscriptionCheckoutFields,
} from '../subscriptions/subscriptions.service.ts';
import { findSubscriptionOfOrder, saveSandboxCard } from '../subscriptions/subscriptions.repository.ts';
import { CATALOGUE, SUBSCRIPTION_PLANS, findPackage, plansOfTab, subscriptionService } from './catalogue.ts';
import {
  countPromoUse,
  deleteItem,
  deletePromoItem,
  expireOpenSessionsOfOrder,
  findCartOrder,
  findLatestPaymentSession,
  findOrCreateCartOrder,
  findOrder,
  findPackageItem,
  findPaymentSession,
  findPromoCode,
  findPromoCodeById,
  insertPackageItem,
  insertPaymentEvent,
  insertPaymentSession,
  insertPromoCode,
  insertPromoItem,
  listItems,
  lockStalePromoHolders,
  reservePromoUse,
  settlePromoReservation,
  purchaseStats,
  setItemQuantity,
  setOrderState,
  setPaymentEventOutcome,
  setPaymentSessionStatus,
  touchOrder,
  type OrderItemRecord,
  type OrderRecord,
  type PaymentSessionRecord,
  type PromoCodeRecord,
} from './commerce.repository.ts';
import {
  signWebhookPayload,
  verifyWebhookEvent,
  type CheckoutLine,
  type GatewaySession,
  type PaymentGateway,
  type WebhookPoster,
} from './payment-gateway.ts';

export type CommerceContext = {
  db: Database;
  gateway: PaymentGateway;
  /** VAT_PERCENT: added on top of the discounted subtotal. */
  vatPercent: number;
  /** PUBLIC_URL: Stripe's success and cancel pages are absolute. */
  publicUrl: string;
  log: { info: (object: object, message: string) => void; warn: (object: object, message: string) => void };
};

/** AI packs and AI plans: the orders the aiprice modal's "subscription ended" rule counts as AI orders. */
const AI_SERVICES = [
  ...CATALOGUE.filter((pack) => pack.type === 'ai').map((pack) => pack.code),
  ...SUBSCRIPTION_PLANS.filter((plan) => plan.kind === 'ai').map(subscriptionService),
];
const AI_PLAN_KEYS = SUBSCRIPTION_PLANS.filter((plan) => plan.kind === 'ai').map((plan) => plan.key);
const CANCEL_PATH = '/pricing/';
const DAY_MS = 24 * 60 * 60 * 1000;

/* ------------------------------------------------------------------ pricing and totals */

export function pricing(vatPercent: number): PricingResponse {
  return {
    success: true,
    currency: 'USD',
    vat_percent: vatPercent,
    plans: { individ: plansOfTab('individ'), business: plansOfTab('business'), ai: plansOfTab('ai') },
    default_service: DEFAULT_SERVICE,
  };
}

export type Totals = { subtotal: number; discount: number; vat: number; vat_percent: number; gross: number };

/** commerce-and-cabinet.md §9: discount = floor(percent * sum / 100); VAT on top of what is left, rounded. */
export function computeTotals(subtotal: number, promoPercent: number | null, vatPercent: number): Totals {
  const discount = promoPercent === null ? 0 : Math.floor((promoPercent * subtotal) / 100);
  const afterDiscount = subtotal - discount;
  const vat = Math.round((afterDiscount * vatPercent) / 100);
  return { subtotal, discount, vat, vat_percent: vatPercent, gross: afterDiscount + vat };
}

function packageLines(items: readonly OrderItemRecord[]) {
  return items.flatMap((item) => {
    if (item.kind !== 'package' || item.service === null) return [];
    const pack = findPackage(item.service);
    return pack === null ? [] : [{ item, pack }];
  });
}

function cartTotals(items: readonly OrderItemRecord[], vatPercent: number): Totals {
  const subtotal = packageLines(items).reduce((sum, { item, pack }) => sum + pack.price * item.quantity, 0);
  const promo = items.find((item) => item.kind === 'promo');
  return computeTotals(subtotal, promo?.promo_percent ?? null, vatPercent);
}

function toCartItems(items: readonly OrderItemRecord[], totals: Totals): CartItem[] {
  const result: CartItem[] = packageLines(items).map(({ item, pack }) => ({
    id: item.id,
    service: { name: pack.name, price: pack.price, type: pack.type, code: pack.code, percent: null, coupon_type: null },
    pages: pack.type === 'pages' ? pack.pages * item.quantity : null,
    ai_pages: pack.type === 'ai' ? pack.pages * item.quantity : null,
    quantity: item.quantity,
    price: pack.price * item.quantity,
    delete_url: `/order/delete_item/${item.id}`,
    special_offer: null,
    group_id: item.group_id,
  }));
  for (const item of items) {
    if (item.kind !== 'promo' || item.promo_code === null || item.promo_percent === null) continue;
    result.push({
      id: item.id,
      service: {
        name: 'Promo code',
        price: 0,
        type: 'promo',
        code: item.promo_code,
        percent: item.promo_percent,
        coupon_type: 'percent',
      },
      pages: null,
      ai_pages: null,
      quantity: 1,
      price: -totals.discount,
      delete_url: `/order/delete_item/${item.id}`,
      special_offer: null,
      group_id: null,
    });
  }
  return result;
}

/** The order as the client sees it; once it left the cart, its totals are those frozen at checkout. */
async function renderOrder(db: Queryable, order: OrderRecord, vatPercent: number): Promise<Order> {
  const items = await listItems(db, order.id);
  let totals = cartTotals(items, vatPercent);
  if (order.state !== PAYMENT_STATES.open) {
    const session = await findLatestPaymentSession(db, order.id);
    if (session !== null) {
      totals = {
        subtotal: session.subtotal,
        discount: session.discount,
        vat: session.vat,
        vat_percent: session.vat_percent,
        gross: session.amount,
      };
    }
  }
  const cartItems = toCartItems(items, totals);
  const packs = packageLines(items);
  const allAi = packs.length > 0 && packs.every(({ pack }) => pack.type === 'ai');
  return {
    id: order.id,
    url: `/api/v1/orders/${order.id}/`,
    items: cartItems,
    ...totals,
    currency: 'USD',
    checkout_url: '/order/checkout',
    payment: { state: order.state },
    redirect_url: order.state === PAYMENT_STATES.paid ? (allAi ? '/payment-success/1' : '/payment-success/') : null,
  };
}

export type CartChange = { order: Order; order_items: CartItem[] };

async function cartChange(db: Queryable, order: OrderRecord, vatPercent: number): Promise<CartChange> {
  const rendered = await renderOrder(db, order, vatPercent);
  return { order: rendered, order_items: rendered.items };
}

/* ------------------------------------------------------------------ the cart */

/** Guests and visitors (and group tokens: no person to bill) must sign up before buying (§6). */
export function requireBuyer(user: UserRecord | null): UserRecord {
  if (user === null || user.is_guest) throw new AppError('signup_required');
  return user;
}

/**
 * A changed cart leaves the card page: the order is open again, its checkout sessions expire and the promo use it
 * held is released.
 */
async function reopenForChange(tx: Queryable, order: OrderRecord): Promise<OrderRecord> {
  await expireOpenSessionsOfOrder(tx, order.id);
  await settlePromoReservation(tx, order.id, false);
  if (order.state === PAYMENT_STATES.pending) return setOrderState(tx, order.id, PAYMENT_STATES.open);
  await touchOrder(tx, order.id);
  return order;
}

export async function currentOrder(ctx: CommerceContext, user: UserRecord): Promise<Order | null> {
  const order = await findCartOrder(ctx.db, user.id);
  return order === null ? null : renderOrder(ctx.db, order, ctx.vatPercent);
}

export async function orderOfUser(ctx: CommerceContext, user: UserRecord, orderId: number): Promise<Order> {
  const order = await findOrder(ctx.db, orderId);
  if (order?.user_id !== user.id) throw new AppError('not_found');
  return renderOrder(ctx.db, order, ctx.vatPercent);
}

export async function addItem(
  ctx: CommerceContext,
  user: UserRecord,
  input: { service: string; quantity: number; groupId: number | null },
): Promise<CartChange> {
  const pack = findPackage(input.service);
  if (pack === null) throw new AppError('unknown_package', { fields: { service: 'unknown' } });
  if (input.groupId !== null) {
    const membership = (await findMembershipsOfUser(ctx.db, user.id)).find((group) => group.id === input.groupId);
    if (membership?.role !== 1) throw new AppError('group_owner_required', { fields: { group_id: 'not the owner' } });
  }
  return ctx.db.transaction(async (tx) => {
    const order = await reopenForChange(tx, await findOrCreateCartOrder(tx, user.id));
    const existing = await findPackageItem(tx, order.id, pack.code, input.groupId);
    if (existing === null) {
      await insertPackageItem(tx, {
        orderId: order.id,
        service: pack.code,
        quantity: input.quantity,
        groupId: input.groupId,
      });
    } else {
      await setItemQuantity(tx, existing.id, Math.min(ORDER_QUANTITY_MAX, existing.quantity + input.quantity));
    }
    return cartChange(tx, order, ctx.vatPercent);
  });
}

export async function removeItem(ctx: CommerceContext, user: UserRecord, itemId: number): Promise<CartChange> {
  return ctx.db.transaction(async (tx) => {
    const cart = await findCartOrder(tx, user.id, true);
    if (cart === null || !(await deleteItem(tx, cart.id, itemId))) throw new AppError('not_found');
    const order = await reopenForChange(tx, cart);
    return cartChange(tx, order, ctx.vatPercent);
  });
}

/**
 * A checkout that can no longer be paid holds no use: its sessions expire, the order is open again, the use free.
 * Only minutes after the checkout, so one still waiting for the gateway's answer keeps its use.
 */
const STALE_CHECKOUT_MINUTES = 10;

/**
 * Reserves a use of the order's promo code (the order is locked); first frees the uses of checkouts of the same
 * code that lapsed without an event. Null when reserved, else the error to answer: promo_invalid (inactive or
 * expired) or promo_limit_reached (every use paid, or held by a checkout in progress).
 */
export async function reservePromo(
  tx: Queryable,
  promoCodeId: number,
  orderId: number,
): Promise<'promo_invalid' | 'promo_limit_reached' | null> {
  const promo = await findPromoCodeById(tx, promoCodeId);
  if (promo === null || !promo.active || (promo.expires_at !== null && promo.expires_at.getTime() <= Date.now())) {
    return 'promo_invalid';
  }
  for (const staleId of await lockStalePromoHolders(tx, promoCodeId, STALE_CHECKOUT_MINUTES)) {
    await expireOpenSessionsOfOrder(tx, staleId);
    await setOrderState(tx, staleId, PAYMENT_STATES.open);
    await settlePromoReservation(tx, staleId, false);
  }
  return (await reservePromoUse(tx, promoCodeId, orderId)) ? null : 'promo_limit_reached';
}

export function isPromoUsable(promo: PromoCodeRecord | null, now = new Date()): promo is PromoCodeRecord {
  if (promo === null || !promo.active) return false;
  if (promo.expires_at !== null && promo.expires_at.getTime() <= now.getTime()) return false;
  return promo.max_uses === null || promo.uses < promo.max_uses;
}

export async function applyCoupon(ctx: CommerceContext, user: UserRecord, code: string): Promise<CartChange> {
  const promo = await findPromoCode(ctx.db, code);
  if (!isPromoUsable(promo)) throw new AppError('promo_invalid', { fields: { coupon: 'invalid' } });
  return ctx.db.transaction(async (tx) => {
    const order = await reopenForChange(tx, await findOrCreateCartOrder(tx, user.id));
    await deletePromoItem(tx, order.id);
    await insertPromoItem(tx, order.id, promo.id);
    return cartChange(tx, order, ctx.vatPercent);
  });
}

/** promo:create of the admin CLI. expires: the last day the code works (UTC), as YYYY-MM-DD. */
export async function createPromoCode(
  db: Queryable,
  input: { code: string; percent: number; expires: string | null; maxUses: number | null },
): Promise<PromoCodeRecord> {
  const code = input.code.trim();
  if (!/^[\w-]{1,50}$/.test(code)) throw new RangeError('CODE: 1 to 50 letters, digits, "-" or "_"');
  if (!Number.isInteger(input.percent) || input.percent < 1 || input.percent > 100) {
    throw new RangeError('PERCENT: a whole number from 1 to 100');
  }
  if (input.maxUses !== null && (!Number.isInteger(input.maxUses) || input.maxUses < 1)) {
    throw new RangeError('--max-uses: a whole number of at least 1');
  }
  let expiresAt: Date | null = null;
  if (input.expires !== null) {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(input.expires) ? new Date(`${input.expires}T00:00:00Z`) : null;
    if (day === null || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== input.expires) {
      throw new RangeError('--expires: a date as YYYY-MM-DD');
    }
    expiresAt = new Date(day.getTime() + DAY_MS);
  }
  const created = await insertPromoCode(db, { code, percent: input.percent, expiresAt, maxUses: input.maxUses });
  if (created === null) throw new RangeError(`CODE: the promo code ${code} exists already`);
  return created;
}

/* ------------------------------------------------------------------ checkout */

function checkoutLines(items: readonly OrderItemRecord[], totals: Totals, orderId: number): CheckoutLine[] {
  // Stripe takes no negative lines: with a discount the order is one line of its total.
  if (totals.discount > 0) return [{ name: `Veritext order #${orderId}`, unitAmount: totals.gross, quantity: 1 }];
  const lines: CheckoutLine[] = packageLines(items).map(({ item, pack }) => ({
    name: pack.type === 'ai' ? `${pack.name}: ${pack.pages} AI pages` : `${pack.name}: ${pack.pages} pages`,
    unitAmount: pack.price,
    quantity: item.quantity,
  }));
  if (totals.vat > 0) lines.push({ name: `VAT (${totals.vat_percent}%)`, unitAmount: totals.vat, quantity: 1 });
  return lines;
}

function describe(items: readonly OrderItemRecord[]): string {
  return packageLines(items)
    .map(({ item, pack }) => `${pack.name} × ${item.quantity}`)
    .join(', ');
}

/** Packs for a group are paid for only by who owns the group at checkout (it may have changed since they were added). */
async function assertOwnsGroupsOf(tx: Queryable, user: UserRecord, items: readonly OrderItemRecord[]): Promise<void> {
  const groupIds = new Set(
    items.flatMap((item) => (item.kind === 'package' && item.group_id !== null ? [item.group_id] : [])),
  );
  if (groupIds.size === 0) return;
  const owned = new Set((await findMembershipsOfUser(tx, user.id)).filter((g) => g.role === 1).map((g) => g.id));
  for (const groupId of groupIds) {
    if (!owned.has(groupId)) throw new AppError('group_owner_required', { fields: { group_id: 'not the owner' } });
  }
}

/**
 * Freezes the cart's totals in a payment session at the gateway and returns where the card page is.
 * The order becomes pending (1) until the gateway's event says paid, failed or expired.
 */
export async function checkout(
  ctx: CommerceContext,
  user: UserRecord,
  input: { referral: string | null },
): Promise<{ redirectUrl: string }> {
  const frozen = await ctx.db.transaction(async (tx) => {
    const cart = await findCartOrder(tx, user.id, true);
    const items = cart === null ? [] : await listItems(tx, cart.id);
    if (cart === null || packageLines(items).length === 0) throw new AppError('cart_empty');
    await assertOwnsGroupsOf(tx, user, items);
    // A checkout again (back from the card page): the earlier one's sessions expire and its promo use is freed.
    await expireOpenSessionsOfOrder(tx, cart.id);
    await settlePromoReservation(tx, cart.id, false);
    const promoItem = items.find((item) => item.kind === 'promo');
    if (promoItem?.promo_code_id != null) {
      const refused = await reservePromo(tx, promoItem.promo_code_id, cart.id);
      if (refused !== null) {
        await deletePromoItem(tx, cart.id);
        await reopenForChange(tx, cart);
        return { refusedPromo: refused };
      }
    }
    const order = await setOrderState(tx, cart.id, PAYMENT_STATES.pending, input.referral ?? undefined);
    return { refusedPromo: null, order, items, totals: cartTotals(items, ctx.vatPercent) };
  });
  // Committed, so the user sees the cart without the code: it expired, or its uses are paid or held meanwhile.
  if (frozen.refusedPromo !== null) throw new AppError(frozen.refusedPromo, { fields: { coupon: 'invalid' } });

  const { order, items, totals } = frozen;
  const description = describe(items);
  let session: GatewaySession;
  try {
    session = await ctx.gateway.createSession({
      orderId: order.id,
      amount: totals.gross,
      currency: 'USD',
      description,
      lines: checkoutLines(items, totals, order.id),
      customerEmail: user.email,
      successUrl: `${ctx.publicUrl}/payment/pending/${order.id}/`,
      cancelUrl: `${ctx.publicUrl}${CANCEL_PATH}`,
    });
  } catch (error) {
    // No card page: the cart is open again and its promo use free (unless the cart changed meanwhile).
    await ctx.db.transaction(async (tx) => {
      const now = await findOrder(tx, order.id, true);
      if (now?.state === PAYMENT_STATES.pending && now.updated_at.getTime() === order.updated_at.getTime()) {
        await settlePromoReservation(tx, order.id, false);
        await setOrderState(tx, order.id, PAYMENT_STATES.open);
      }
    });
    throw error;
  }
  await ctx.db.transaction(async (tx) => {
    await insertPaymentSession(tx, {
      id: session.id,
      order_id: order.id,
      gateway: ctx.gateway.kind,
      ...totals,
      amount: totals.gross,
      currency: 'USD',
      description,
      url: session.url,
      expires_at: session.expiresAt,
    });
    // The cart changed while the gateway answered: this session stands for an old cart.
    const now = await findOrder(tx, order.id, true);
    if (now?.state !== PAYMENT_STATES.pending || now.updated_at.getTime() !== order.updated_at.getTime()) {
      await setPaymentSessionStatus(tx, session.id, 'expired');
      throw new AppError('bad_request', { message: 'Your cart changed. Please review it and try again.' });
    }
  });
  ctx.log.info(
    { orderId: order.id, sessionId: session.id, amount: totals.gross, gateway: ctx.gateway.kind },
    'checkout',
  );
  return { redirectUrl: session.url };
}

/* ------------------------------------------------------------------ the sandbox card page */

async function sandboxSessionOf(ctx: CommerceContext, user: UserRecord, sessionId: string) {
  if (ctx.gateway.kind !== 'sandbox') throw new AppError('not_found');
  const session = await findPaymentSession(ctx.db, sessionId);
  if (session?.gateway !== 'sandbox') throw new AppError('not_found');
  const order = await findOrder(ctx.db, session.order_id);
  if (order?.user_id !== user.id) throw new AppError('not_found');
  return { session, order };
}

function sandboxStatus(session: PaymentSessionRecord, now = Date.now()): 'open' | 'complete' | 'expired' {
  if (session.status === 'complete') return 'complete';
  if (session.status === 'open' && session.expires_at.getTime() > now) return 'open';
  return 'expired';
}

export async function getSandboxSession(
  ctx: CommerceContext,
  user: UserRecord,
  sessionId: string,
): Promise<SandboxSessionResponse['session']> {
  const { session } = await sandboxSessionOf(ctx, user, sessionId);
  return {
    id: session.id,
    amount: session.amount,
    currency: session.currency,
    description: session.description,
    status: sandboxStatus(session),
    order_id: session.order_id,
    cancel_url: CANCEL_PATH,
  };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The checks of a card form; field errors keyed by field name. */
export function validateCard(
  form: SandboxPayForm,
  now = new Date(),
): { number: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const number = form.card_number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) fields.card_number = 'Your card number is invalid.';
  const month = /^\d{1,2}$/.test(form.exp_month.trim()) ? Number(form.exp_month.trim()) : NaN;
  const yearText = form.exp_year.trim();
  const year = /^\d{2}$/.test(yearText) ? 2000 + Number(yearText) : /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  if (!(month >= 1 && month <= 12)) fields.exp_month = "Your card's expiration month is invalid.";
  if (Number.isNaN(year)) fields.exp_year = "Your card's expiration year is invalid.";
  if (fields.exp_month === undefined && fields.exp_year === undefined) {
    // A card is good through the last day of its expiry month.
    if (Date.UTC(year, month, 1) <= now.getTime()) fields.exp_year = "Your card's expiration date is in the past.";
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) fields.cvc = "Your card's security code is invalid.";
  return { number, fields };
}

/**
 * Pays a sandbox session like Stripe's test cards: 4000 0000 0000 0002 is declined, any other valid card
 * succeeds. Success is not recorded here: a Stripe-shaped checkout.session.completed event, signed like
 * Stripe's, goes over HTTP to our own webhook, which credits the pages exactly as for Stripe.
 */
export async function paySandboxSession(
  ctx: CommerceContext,
  user: UserRecord,
  sessionId: string,
  form: SandboxPayForm,
  postWebhook: WebhookPoster,
): Promise<{ redirectUrl: string }> {
  const { session, order } = await sandboxSessionOf(ctx, user, sessionId);
  if (sandboxStatus(session) !== 'open') throw new AppError('payment_session_closed');
  const card = validateCard(form);
  if (Object.keys(card.fields).length > 0) throw new AppError('card_invalid', { fields: card.fields });
  if (card.number === TEST_CARDS.declined) throw new AppError('card_declined', { fields: { card_number: 'declined' } });
  // a subscription's first payment saves the card for its renewals, as Stripe does
  const subscription = order.kind === 'subscription' ? await findSubscriptionOfOrder(ctx.db, order.id) : null;
  if (subscription !== null) {
    await saveSandboxCard(ctx.db, order.id, {
      number: card.number,
      failsRenewal: card.number === TEST_CARDS.failsRenewal,
    });
  }

  const created = Math.floor(Date.now() / 1000);
  const event = {
    id: `evt_sandbox_${randomBytes(18).toString('base64url')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created,
    livemode: false,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: String(order.id),
        amount_total: session.amount,
        currency: session.currency.toLowerCase(),
        payment_status: 'paid',
        status: 'complete',
        metadata: { order_id: String(order.id) },
        ...subscriptionCheckoutFields(subscription),
      },
    },
  };
  const body = JSON.stringify(event);
  const delivery = { body, signature: signWebhookPayload(body, ctx.gateway.webhookSecret, created) };
  let status: number;
  try {
    ({ status } = await postWebhook(delivery));
  } catch (error) {
    throw new AppError('payment_provider_failed', { cause: error });
  }
  if (status < 200 || status >= 300) {
    throw new AppError('payment_provider_failed', { message: `The payment webhook answered ${status}.` });
  }
  return { redirectUrl: `/payment/pending/${order.id}/` };
}

/* ------------------------------------------------------------------ the webhook */

type SessionObject = {
  id?: unknown;
  /** Checkout in subscription mode: the subscription it started. */
  subscription?: unknown;
  amount_total?: unknown;
  currency?: unknown;
  payment_status?: unknown;
};

export type WebhookResult = { received: true; duplicate?: true };

/**
 * A gateway event, verified with Stripe's own code (bad signature or older than 5 minutes: 400) and
 * processed once (payment_events). A paid checkout whose amount is the frozen one pays the order and
 * credits every line through the ledger, in one transaction; another amount fails the order.
 */
export async function handleWebhook(
  ctx: CommerceContext,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookResult> {
  let event: Stripe.Event;
  try {
    event = verifyWebhookEvent(rawBody, signature ?? '', ctx.gateway.webhookSecret);
  } catch (error) {
    ctx.log.warn({ err: error }, 'payment webhook refused');
    throw new AppError('bad_request', { message: 'The webhook signature is not valid.' });
  }
  return ctx.db.transaction(async (tx) => {
    if (!(await insertPaymentEvent(tx, { id: event.id, type: event.type }))) {
      return { received: true as const, duplicate: true as const };
    }
    const object = event.data.object as SessionObject;
    const sessionId = typeof object.id === 'string' ? object.id : null;
    let outcome = 'ignored';
    let orderId: number | null = null;
    if (
      sessionId !== null &&
      (event.type === 'checkout.session.completed' || event.type === 'checkout.session.expired')
    ) {
      const session = await findPaymentSession(tx, sessionId, true);
      const order = session === null ? null : await findOrder(tx, session.order_id, true);
      if (session === null || order === null) {
        outcome = 'unknown_session';
      } else {
        orderId = order.id;
        outcome =
          event.type === 'checkout.session.completed'
            ? await completeSession(ctx, tx, session, order, object, event)
            : await expireSession(tx, session, order);
      }
    } else if (isSubscriptionEvent(event.type)) {
      outcome = await handleSubscriptionEvent(tx, event);
    }
    await setPaymentEventOutcome(tx, event.id, { outcome, sessionId, orderId });
    ctx.log.info({ eventId: event.id, type: event.type, sessionId, orderId, outcome }, 'payment webhook');
    return { received: true as const };
  });
}

async function completeSession(
  ctx: CommerceContext,
  tx: Queryable,
  session: PaymentSessionRecord,
  order: OrderRecord,
  object: SessionObject,
  event: { id: string; created: number },
): Promise<string> {
  if (object.payment_status !== 'paid') return 'not_paid';
  if (session.status !== 'open' || order.state !== PAYMENT_STATES.pending) {
    ctx.log.warn(
      { orderId: order.id, sessionId: session.id, sessionStatus: session.status, orderState: order.state },
      'payment for a checkout that is no longer open: refund it by hand',
    );
    return 'not_open';
  }
  const currency = typeof object.currency === 'string' ? object.currency.toUpperCase() : '';
  if (object.amount_total !== session.amount || currency !== session.currency) {
    await setPaymentSessionStatus(tx, session.id, 'failed');
    await setOrderState(tx, order.id, PAYMENT_STATES.failed);
    await settlePromoReservation(tx, order.id, false);
    ctx.log.warn(
      { orderId: order.id, sessionId: session.id, expected: session.amount, paid: object.amount_total, currency },
      'payment amount differs from the checkout: order failed',
    );
    return 'amount_mismatch';
  }
  if (order.kind === 'subscription') return activateSubscriptionOrder(tx, session, order, event, object);
  const items = await listItems(tx, order.id);
  for (const { item, pack } of packageLines(items)) {
    const account =
      item.group_id === null
        ? ((await findAccountOfUser(tx, order.user_id)) ?? (await insertAccount(tx, { userId: order.user_id })))
        : await findAccountOfGroup(tx, item.group_id);
    if (account === null) throw new Error(`order ${order.id}: group ${item.group_id} has no account`);
    await creditPages(tx, {
      accountId: account.id,
      bucket: pack.type === 'ai' ? 'ai_balance' : 'balance',
      pages: pack.pages * item.quantity,
      kind: 'deposit',
      reference: `order:${order.id}:item:${item.id}`,
      actorUserId: order.user_id,
      note: `${pack.name} × ${item.quantity}`,
    });
  }
  // the use held since checkout is counted; an order from before reservations counts its code's use here
  const promo = items.find((item) => item.kind === 'promo');
  const counted = await settlePromoReservation(tx, order.id, true);
  if (counted === null && promo?.promo_code_id != null) await countPromoUse(tx, promo.promo_code_id);
  await setPaymentSessionStatus(tx, session.id, 'complete');
  await setOrderState(tx, order.id, PAYMENT_STATES.paid);
  await issueOrderInvoice(tx, order, session);
  return 'paid';
}

async function expireSession(tx: Queryable, session: PaymentSessionRecord, order: OrderRecord): Promise<string> {
  if (session.status !== 'open') return 'not_open';
  await setPaymentSessionStatus(tx, session.id, 'expired');
  // a subscription's checkout is not a cart to go back to: it failed, and its subscription never starts
  if (order.kind === 'subscription') {
    if (order.state === PAYMENT_STATES.pending) await setOrderState(tx, order.id, PAYMENT_STATES.failed);
    await settlePromoReservation(tx, order.id, false);
    return 'expired';
  }
  if (order.state === PAYMENT_STATES.pending) {
    await setOrderState(tx, order.id, PAYMENT_STATES.open);
    await settlePromoReservation(tx, order.id, false);
  }
  return 'expired';
}

/* ------------------------------------------------------------------ the profile */

export async function purchaseSummary(
  db: Queryable,
  userId: number,
  now = new Date(),
): Promise<{ packagesBought: number; notAiOrders: number; lastAiOrderPaidDaysAgo: number | null }> {
  const stats = await purchaseStats(db, userId, AI_SERVICES, AI_PLAN_KEYS);
  return {
    packagesBought: stats.paid_orders,
    notAiOrders: stats.not_ai_orders,
    lastAiOrderPaidDaysAgo:
      stats.last_ai_paid_at === null
        ? null
        : Math.max(0, Math.floor((now.getTime() - stats.last_ai_paid_at.getTime()) / DAY_MS)),
  };
}

/** The cart's lines for the credentials (current_order.order.order_items); lines do not depend on VAT. */
export async function currentOrderItems(db: Queryable, userId: number): Promise<CartItem[]> {
  const order = await findCartOrder(db, userId);
  if (order === null) return [];
  return (await renderOrder(db, order, 0)).items;
}

import { randomBytes } from 'node:crypto';
import {
  DEFAULT_SUBSCRIPTION_PLANS,
  PAYMENT_STATES,
  RENEWAL_ATTEMPTS,
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionPlan,
  type SubscriptionPlansResponse,
} from '@veritext/contracts';
import type Stripe from 'stripe';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findMembershipsOfUser, type UserRecord } from '../auth/users.repository.ts';
import { issueSubscriptionInvoice } from '../billing/invoices.service.ts';
import { findAccountOfGroup, findAccountOfUser, insertAccount } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { findSubscriptionPlan, subscriptionPlanDefs, toSubscriptionPlan } from '../commerce/catalogue.ts';
import {
  findPromoCode,
  insertPaymentSession,
  insertSubscriptionOrder,
  insertPromoItem,
  settlePromoReservation,
  setOrderState,
  setPaymentSessionStatus,
  type OrderRecord,
  type PaymentSessionRecord,
} from '../commerce/commerce.repository.ts';
import {
  computeTotals,
  handleWebhook,
  isPromoUsable,
  requireBuyer,
  reservePromo,
  type CommerceContext,
} from '../commerce/commerce.service.ts';
import { signWebhookPayload } from '../commerce/payment-gateway.ts';
import {
  endSubscriptionBalanceType,
  findLiveSubscriptionOfAccount,
  findSubscription,
  findSubscriptionByRef,
  findSubscriptionOfOrder,
  insertCancellation,
  insertPayment,
  insertSubscription,
  listDueSandboxSubscriptions,
  listSubscriptionsOfGroup,
  listSubscriptionsOfUser,
  startSubscriptionBalanceType,
  updateSubscription,
  type SubscriptionRecord,
} from './subscriptions.repository.ts';

/**
 * Monthly subscriptions on the ledger and the card gateway that packs use (issue 16). The lifecycle:
 * pending (checkout) → active (2; renewed each month, its pages credited once per period) → cancelled (still 2,
 * cancel_at_period_end, until its period ends) → ended (4; a new one can be started). A declined renewal makes it
 * past due (3) and is tried again a day later, up to RENEWAL_ATTEMPTS times, then it ends.
 *
 * Everything after the first payment arrives as a Stripe-shaped event, signed and verified by Stripe's own code
 * and processed once (payment_events): invoice.paid, invoice.payment_failed, customer.subscription.deleted. With
 * the sandbox gateway `renewDueSubscriptions` (a job every 15 minutes) makes those events for whatever is due by
 * its clock, charging the saved test card, so the whole lifecycle runs offline; tests move the clock.
 *
 * Pages a month leaves unused stay on the balance (the pricing page says so); pages are never taken back at a
 * renewal or at the end.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SUCCESS_PATH = '/payment/pending';
const CANCEL_PATH = '/pricing/';

export function subscriptionPlans(vatPercent: number): SubscriptionPlansResponse {
  const of = (kind: SubscriptionPlan['kind']) =>
    subscriptionPlanDefs()
      .filter((p) => p.kind === kind)
      .map(toSubscriptionPlan);
  return {
    success: true,
    currency: 'USD',
    vat_percent: vatPercent,
    plans: { individ: of('individ'), team: of('team'), ai: of('ai') },
    default_plans: { ...DEFAULT_SUBSCRIPTION_PLANS },
  };
}

/** One calendar month later, the day clamped to the month's last (31 January → 28 or 29 February). */
export function addMonth(date: Date): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(date);
  next.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return next;
}

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export function toSubscription(s: SubscriptionRecord): Subscription {
  const plan = findSubscriptionPlan(s.plan);
  const renews = (s.status === 2 || s.status === 3) && !s.cancel_at_period_end;
  return {
    id: s.id,
    status: s.status,
    service: {
      key: plan?.key ?? s.plan,
      name: plan?.name ?? s.plan,
      kind: plan?.kind ?? 'individ',
      service: plan?.service ?? s.plan,
    },
    price: s.price,
    pages: s.pages,
    ai_pages: s.ai_pages,
    group_id: s.group_id,
    current_period_start: iso(s.current_period_start),
    current_period_end: iso(s.current_period_end),
    renewal_date: renews ? iso(s.current_period_end) : null,
    end_date: s.status === 4 ? iso(s.ended_at) : s.cancel_at_period_end ? iso(s.current_period_end) : null,
    cancel_at_period_end: s.cancel_at_period_end,
    card_last4: s.card_last4,
    created_at: s.created_at.toISOString(),
  };
}

async function ownedGroup(db: Queryable, user: UserRecord, groupId: number): Promise<void> {
  const owned = (await findMembershipsOfUser(db, user.id)).some((g) => g.id === groupId && g.role === 1);
  if (!owned) throw new AppError('group_owner_required', { fields: { group_id: 'not the owner' } });
}

/* ------------------------------------------------------------------ reading */

export async function subscriptionsOfUser(ctx: CommerceContext, user: UserRecord | null): Promise<Subscription[]> {
  return (await listSubscriptionsOfUser(ctx.db, requireBuyer(user).id)).map(toSubscription);
}

/** An organisation's subscriptions: its owner (role 1) only. */
export async function subscriptionsOfGroup(
  ctx: CommerceContext,
  user: UserRecord | null,
  groupId: number,
): Promise<Subscription[]> {
  await ownedGroup(ctx.db, requireBuyer(user), groupId);
  return (await listSubscriptionsOfGroup(ctx.db, groupId)).map(toSubscription);
}

/* ------------------------------------------------------------------ subscribing */

/**
 * Starts a subscription to a plan: a pending subscription, an order of kind 'subscription' with its one line, and
 * a payment session at the gateway for the first month (price + VAT). Team plans are for an organisation the
 * buyer owns; AI plans for the buyer or such an organisation; individual plans for the buyer. An account with a
 * live subscription is refused (subscription_active): that is an upgrade.
 */
export async function subscribe(
  ctx: CommerceContext,
  user: UserRecord | null,
  input: { service: string; groupId: number | null; coupon?: string | null },
): Promise<{ redirectUrl: string; subscription: Subscription }> {
  const buyer = requireBuyer(user);
  const plan = findSubscriptionPlan(input.service);
  if (plan === null) throw new AppError('unknown_plan', { fields: { service: 'unknown' } });
  if (plan.kind === 'team' && input.groupId === null) {
    throw new AppError('subscription_group_required', { fields: { group_id: 'required' } });
  }
  if (plan.kind === 'individ' && input.groupId !== null) {
    throw new AppError('unknown_plan', {
      message: 'Individual plans are for your own account. Choose a team or AI plan for an organisation.',
      fields: { group_id: 'individual plan' },
    });
  }
  const monthly = computeTotals(plan.price, null, ctx.vatPercent);
  const coupon = input.coupon?.trim() ?? '';
  const description = `${plan.name}${plan.kind === 'team' ? ' (team)' : ''} subscription, first month`;

  const started = await ctx.db.transaction(async (tx) => {
    if (input.groupId !== null) await ownedGroup(tx, buyer, input.groupId);
    const account =
      input.groupId === null
        ? ((await findAccountOfUser(tx, buyer.id)) ?? (await insertAccount(tx, { userId: buyer.id })))
        : await findAccountOfGroup(tx, input.groupId);
    if (account === null) throw new AppError('not_found');
    if ((await findLiveSubscriptionOfAccount(tx, account.id)) !== null) throw new AppError('subscription_active');
    const order = await insertSubscriptionOrder(tx, {
      userId: buyer.id,
      service: plan.service,
      groupId: input.groupId,
    });
    // a promo code takes its percent off the first month; its use is held like a pack checkout's
    let percent: number | null = null;
    if (coupon !== '') {
      const promo = await findPromoCode(tx, coupon);
      if (!isPromoUsable(promo)) throw new AppError('promo_invalid', { fields: { coupon: 'invalid' } });
      await insertPromoItem(tx, order.id, promo.id);
      const refused = await reservePromo(tx, promo.id, order.id);
      if (refused !== null) throw new AppError(refused, { fields: { coupon: 'invalid' } });
      percent = promo.percent;
    }
    const subscription = await insertSubscription(tx, {
      userId: buyer.id,
      groupId: input.groupId,
      accountId: account.id,
      plan: plan.key,
      price: plan.price,
      pages: plan.pages,
      aiPages: plan.ai_pages,
      orderId: order.id,
      gateway: ctx.gateway.kind,
    });
    const totals = computeTotals(plan.price, percent, ctx.vatPercent);
    // the sandbox's own subscription id (Stripe's comes with its checkout.session.completed)
    if (ctx.gateway.kind !== 'sandbox') return { subscription, totals };
    const named = await updateSubscription(tx, subscription.id, {
      gateway_ref: `sub_sandbox_${String(subscription.id)}_${randomBytes(9).toString('base64url')}`,
    });
    return { subscription: named, totals };
  });
  const { totals } = started;
  const created = started.subscription;

  const session = await ctx.gateway.createSubscriptionSession({
    orderId: created.order_id,
    subscriptionId: created.id,
    plan: plan.key,
    amount: totals.gross,
    monthlyAmount: monthly.gross,
    promoCode: coupon === '' ? null : coupon,
    currency: 'USD',
    description,
    productName: `Veritext ${plan.name}${plan.kind === 'team' ? ' (team)' : ''}: ${String(plan.pages)} pages and ${String(plan.ai_pages)} AI pages a month`,
    customerEmail: buyer.email,
    successUrl: `${ctx.publicUrl}${SUCCESS_PATH}/${String(created.order_id)}/`,
    cancelUrl: `${ctx.publicUrl}${CANCEL_PATH}`,
  });
  await insertPaymentSession(ctx.db, {
    id: session.id,
    order_id: created.order_id,
    gateway: ctx.gateway.kind,
    ...totals,
    amount: totals.gross,
    currency: 'USD',
    description,
    url: session.url,
    expires_at: session.expiresAt,
  });
  ctx.log.info({ subscriptionId: created.id, plan: plan.key, orderId: created.order_id }, 'subscription checkout');
  return { redirectUrl: session.url, subscription: toSubscription(created) };
}

/** The Stripe-shaped fields of a checkout completed in subscription mode (the sandbox adds them too). */
export function subscriptionCheckoutFields(subscription: SubscriptionRecord | null): Record<string, string> {
  return subscription?.gateway_ref == null ? {} : { mode: 'subscription', subscription: subscription.gateway_ref };
}

async function creditPeriod(
  tx: Queryable,
  s: SubscriptionRecord,
  payment: {
    reason: 'create' | 'cycle' | 'update';
    start: Date;
    end: Date;
    amount: number;
    pages: number;
    aiPages: number;
    eventId: string;
    paidAt: Date;
  },
): Promise<boolean> {
  const recorded = await insertPayment(tx, {
    subscription_id: s.id,
    reason: payment.reason,
    period_start: payment.start,
    period_end: payment.end,
    amount: payment.amount,
    pages: payment.pages,
    ai_pages: payment.aiPages,
    event_id: payment.eventId,
    paid_at: payment.paidAt,
  });
  if (recorded === null) return false;
  await issueSubscriptionInvoice(tx, s, recorded);
  const reference = `subscription:${String(s.id)}:${payment.reason}:${payment.start.toISOString()}`;
  const note = `${findSubscriptionPlan(s.plan)?.name ?? s.plan} subscription, ${payment.start.toISOString().slice(0, 10)} to ${payment.end.toISOString().slice(0, 10)}`;
  if (payment.pages > 0) {
    await creditPages(tx, {
      accountId: s.account_id,
      bucket: 'balance',
      pages: payment.pages,
      kind: 'deposit',
      reference,
      actorUserId: s.user_id,
      note,
    });
  }
  if (payment.aiPages > 0) {
    await creditPages(tx, {
      accountId: s.account_id,
      bucket: 'ai_balance',
      pages: payment.aiPages,
      kind: 'deposit',
      reference,
      actorUserId: s.user_id,
      note,
    });
  }
  return true;
}

/**
 * The first payment of a subscription's checkout (from commerce's checkout.session.completed, amount already
 * checked): the subscription becomes active for its first month from the event's time, that month's pages are
 * credited, the account's balance type becomes 3, and the order is paid.
 */
export async function activateSubscriptionOrder(
  tx: Queryable,
  session: PaymentSessionRecord,
  order: OrderRecord,
  event: { id: string; created: number },
  object: { subscription?: unknown },
): Promise<string> {
  const found = await findSubscriptionOfOrder(tx, order.id, true);
  // Stripe names its subscription in the completed checkout; the sandbox named its own at the start
  const s =
    found !== null && found.gateway_ref === null && typeof object.subscription === 'string'
      ? await updateSubscription(tx, found.id, { gateway_ref: object.subscription })
      : found;
  if (s === null) return 'unknown_subscription';
  if (s.status !== SUBSCRIPTION_STATUSES.pending) return 'not_pending';
  // one live subscription per account: a second checkout paid meanwhile is not started (refund it by hand)
  if ((await findLiveSubscriptionOfAccount(tx, s.account_id)) !== null) {
    await settlePromoReservation(tx, order.id, true);
    await setPaymentSessionStatus(tx, session.id, 'complete');
    await setOrderState(tx, order.id, PAYMENT_STATES.paid);
    return 'already_subscribed';
  }
  const start = new Date(event.created * 1000);
  const end = addMonth(start);
  const prior = await startSubscriptionBalanceType(tx, { accountId: s.account_id, groupId: s.group_id });
  const active = await updateSubscription(tx, s.id, {
    status: SUBSCRIPTION_STATUSES.active,
    current_period_start: start,
    current_period_end: end,
    prior_balance_type: prior,
  });
  await creditPeriod(tx, active, {
    reason: 'create',
    start,
    end,
    amount: session.amount,
    pages: s.pages,
    aiPages: s.ai_pages,
    eventId: event.id,
    paidAt: start,
  });
  await settlePromoReservation(tx, order.id, true);
  await setPaymentSessionStatus(tx, session.id, 'complete');
  await setOrderState(tx, order.id, PAYMENT_STATES.paid);
  return 'subscription_active';
}

/* ------------------------------------------------------------------ events after the first payment */

type InvoiceObject = {
  id?: unknown;
  subscription?: unknown;
  billing_reason?: unknown;
  amount_paid?: unknown;
  lines?: { data?: { period?: { start?: unknown; end?: unknown } }[] };
  /** An upgrade's invoice (the sandbox's): the new plan and the prorated pages it credits now. */
  metadata?: { plan?: unknown; pages?: unknown; ai_pages?: unknown };
  /** Stripe's API since 2025: the subscription, and a snapshot of its metadata, under the invoice's parent. */
  parent?: {
    subscription_details?: {
      subscription?: unknown;
      metadata?: { plan?: unknown; pages?: unknown; ai_pages?: unknown } | null;
    } | null;
  } | null;
};

/** The subscription an invoice is for: the field of older API versions (and the sandbox's), or its parent's. */
function invoiceSubscription(object: InvoiceObject): string | null {
  if (typeof object.subscription === 'string') return object.subscription;
  const parent = object.parent?.subscription_details?.subscription;
  if (typeof parent === 'string') return parent;
  const id = (parent as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

function invoiceMetadata(object: InvoiceObject): { plan?: unknown; pages?: unknown; ai_pages?: unknown } {
  return object.parent?.subscription_details?.metadata ?? object.metadata ?? {};
}

function periodOf(object: InvoiceObject): { start: Date; end: Date } | null {
  const period = object.lines?.data?.[0]?.period;
  if (typeof period?.start !== 'number' || typeof period.end !== 'number') return null;
  return { start: new Date(period.start * 1000), end: new Date(period.end * 1000) };
}

const count = (value: unknown): number =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : typeof value === 'number' ? value : 0;

/** An upgrade's payment: the prorated pages credited once, and the plan, price and pages of the months to come. */
async function applyUpgrade(
  tx: Queryable,
  s: SubscriptionRecord,
  event: Stripe.Event,
  object: InvoiceObject,
): Promise<string> {
  const metadata = invoiceMetadata(object);
  const plan = typeof metadata.plan === 'string' ? findSubscriptionPlan(metadata.plan) : null;
  const period = periodOf(object);
  if (plan === null || period === null) return 'no_plan';
  if (s.status !== SUBSCRIPTION_STATUSES.active) return 'not_active';
  // the payment is for the new plan: its invoice line and ledger note name it
  const credited = await creditPeriod(
    tx,
    { ...s, plan: plan.key },
    {
      reason: 'update',
      start: period.start,
      end: period.end,
      amount: typeof object.amount_paid === 'number' ? object.amount_paid : 0,
      pages: count(metadata.pages),
      aiPages: count(metadata.ai_pages),
      eventId: event.id,
      paidAt: new Date(event.created * 1000),
    },
  );
  if (!credited) return 'upgrade_already_paid';
  await updateSubscription(tx, s.id, {
    plan: plan.key,
    price: plan.price,
    pages: plan.pages,
    ai_pages: plan.ai_pages,
    cancel_at_period_end: false,
    cancelled_at: null,
  });
  return 'upgraded';
}

const SUBSCRIPTION_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed', 'customer.subscription.deleted']);

export function isSubscriptionEvent(type: string): boolean {
  return SUBSCRIPTION_EVENTS.has(type);
}

async function endSubscription(tx: Queryable, s: SubscriptionRecord, at: Date): Promise<void> {
  await updateSubscription(tx, s.id, {
    status: SUBSCRIPTION_STATUSES.ended,
    ended_at: at,
    next_attempt_at: null,
  });
  await endSubscriptionBalanceType(tx, { accountId: s.account_id, groupId: s.group_id }, s.prior_balance_type ?? 1);
}

/**
 * invoice.paid (a renewal, 'subscription_cycle': the period it pays is credited once; the first month's,
 * 'subscription_create', was credited at checkout), invoice.payment_failed (past due, tried again a day later) and
 * customer.subscription.deleted (ended). An event for an ended subscription changes nothing, so a late or
 * reordered delivery cannot bring one back.
 */
export async function handleSubscriptionEvent(tx: Queryable, event: Stripe.Event): Promise<string> {
  const object = event.data.object as InvoiceObject & { id?: unknown };
  const ref =
    event.type === 'customer.subscription.deleted'
      ? typeof object.id === 'string'
        ? object.id
        : null
      : invoiceSubscription(object);
  if (ref === null) return 'no_subscription';
  const s = await findSubscriptionByRef(tx, ref);
  if (s === null) return 'unknown_subscription';
  const at = new Date(event.created * 1000);
  if (s.status === SUBSCRIPTION_STATUSES.ended) return 'ended';
  if (s.status === SUBSCRIPTION_STATUSES.pending) return 'not_started';

  if (event.type === 'customer.subscription.deleted') {
    await endSubscription(tx, s, at);
    return 'subscription_ended';
  }
  if (event.type === 'invoice.payment_failed') {
    const attempts = s.failed_attempts + 1;
    await updateSubscription(tx, s.id, {
      status: SUBSCRIPTION_STATUSES.pastDue,
      failed_attempts: attempts,
      next_attempt_at: new Date(at.getTime() + DAY_MS),
    });
    return 'renewal_failed';
  }
  // invoice.paid
  if (object.billing_reason === 'subscription_create') return 'first_month_paid_at_checkout';
  if (object.billing_reason === 'subscription_update') return applyUpgrade(tx, s, event, object);
  if (object.billing_reason !== 'subscription_cycle') return 'ignored';
  const period = periodOf(object);
  if (period === null) return 'no_period';
  const { start, end } = period;
  const credited = await creditPeriod(tx, s, {
    reason: 'cycle',
    start,
    end,
    amount: typeof object.amount_paid === 'number' ? object.amount_paid : 0,
    pages: s.pages,
    aiPages: s.ai_pages,
    eventId: event.id,
    paidAt: at,
  });
  if (!credited) return 'period_already_paid';
  const later = s.current_period_end === null || end > s.current_period_end;
  await updateSubscription(tx, s.id, {
    status: SUBSCRIPTION_STATUSES.active,
    failed_attempts: 0,
    next_attempt_at: null,
    ...(later ? { current_period_start: start, current_period_end: end } : {}),
  });
  return 'renewed';
}

/* ------------------------------------------------------------------ cancelling and upgrading */

/** A subscription the buyer manages (their own, or an organisation's they own now), locked; else not_found. */
async function managedSubscription(tx: Queryable, buyer: UserRecord, id: number): Promise<SubscriptionRecord> {
  const s = await findSubscription(tx, id, true);
  if (s === null) throw new AppError('not_found');
  if (s.group_id === null && s.user_id !== buyer.id) throw new AppError('not_found');
  if (s.group_id !== null) {
    const owner = (await findMembershipsOfUser(tx, buyer.id)).some((g) => g.id === s.group_id && g.role === 1);
    if (!owner) throw new AppError('not_found');
  }
  return s;
}

export type Proration = {
  share: number;
  daysLeft: number;
  days: number;
  subtotal: number;
  pages: number;
  aiPages: number;
};

/**
 * An upgrade's proration, by whole days: the share of the current month still to run is the days left (a started
 * day counts) over the month's days; the price difference and the pages differences times that share (money
 * rounded to the cent, pages down).
 */
export function prorate(
  from: { price: number; pages: number; ai_pages: number },
  to: { price: number; pages: number; ai_pages: number },
  period: { start: Date; end: Date },
  now: Date,
): Proration {
  const days = Math.max(1, Math.round((period.end.getTime() - period.start.getTime()) / DAY_MS));
  const daysLeft = Math.min(days, Math.max(0, Math.ceil((period.end.getTime() - now.getTime()) / DAY_MS)));
  const share = daysLeft / days;
  return {
    share,
    daysLeft,
    days,
    subtotal: Math.round((to.price - from.price) * share),
    pages: Math.max(0, Math.floor((to.pages - from.pages) * share)),
    aiPages: Math.max(0, Math.floor((to.ai_pages - from.ai_pages) * share)),
  };
}

/**
 * Upgrades at once to a plan that costs more (UpgradeSubscriptionFormSchema says the rule): the prorated price
 * difference (plus VAT) is charged to the saved card, the prorated pages credited, and the new plan applies from
 * the next renewal; an upgrade also undoes a cancellation. The charge is an invoice.paid event with billing_reason
 * 'subscription_update', verified and processed once like every other; a declined card changes nothing.
 */
export async function upgradeSubscription(
  ctx: CommerceContext,
  user: UserRecord | null,
  id: number,
  service: string,
  now = new Date(),
): Promise<{ subscription: Subscription; charged: { amount: number; pages: number; ai_pages: number } }> {
  const buyer = requireBuyer(user);
  const plan = findSubscriptionPlan(service);
  if (plan === null) throw new AppError('unknown_plan', { fields: { service: 'unknown' } });
  const s = await ctx.db.transaction((tx) => managedSubscription(tx, buyer, id));
  if (s.status !== SUBSCRIPTION_STATUSES.active || s.current_period_start === null || s.current_period_end === null) {
    throw new AppError('subscription_not_active');
  }
  const fits = s.group_id === null ? plan.kind !== 'team' : plan.kind !== 'individ';
  if (!fits || plan.key === s.plan || plan.price <= s.price) {
    throw new AppError('subscription_upgrade_invalid', { fields: { service: 'not an upgrade' } });
  }
  if (s.gateway_ref === null) throw new AppError('upgrade_unavailable');
  const p = prorate(s, plan, { start: s.current_period_start, end: s.current_period_end }, now);
  const amount = computeTotals(p.subtotal, null, ctx.vatPercent).gross;
  const metadata = { plan: plan.key, pages: String(p.pages), ai_pages: String(p.aiPages) };
  if (ctx.gateway.kind === 'stripe') {
    // Stripe prorates and charges the card itself (by the second, so its amount can differ from this estimate by a
    // few cents); the new plan applies when its invoice.paid arrives at the webhook, moments later
    await ctx.gateway.changePlan(s.gateway_ref, {
      monthlyAmount: computeTotals(plan.price, null, ctx.vatPercent).gross,
      currency: 'USD',
      metadata,
    });
    ctx.log.info({ subscriptionId: s.id, from: s.plan, to: plan.key, ...p }, 'subscription upgrade sent to Stripe');
    const current = await findSubscription(ctx.db, s.id);
    return {
      subscription: toSubscription(current ?? s),
      charged: { amount, pages: p.pages, ai_pages: p.aiPages },
    };
  }
  if (s.card_fails_renewal) throw new AppError('card_declined', { fields: { card: 'declined' } });
  const at = Math.floor(now.getTime() / 1000);
  const delivery = signedEvent(
    ctx,
    'invoice.paid',
    `evt_sandbox_upgrade_${String(s.id)}_${String(at)}_${plan.key}`,
    now,
    {
      id: `in_sandbox_upgrade_${String(s.id)}_${String(at)}`,
      object: 'invoice',
      subscription: s.gateway_ref,
      billing_reason: 'subscription_update',
      currency: 'usd',
      amount_paid: amount,
      status: 'paid',
      lines: { data: [{ period: { start: at, end: Math.floor(s.current_period_end.getTime() / 1000) } }] },
      metadata,
    },
  );
  await handleWebhook(ctx, delivery.body, delivery.signature);
  const after = await findSubscription(ctx.db, s.id);
  if (after?.plan !== plan.key) throw new AppError('subscription_not_active');
  ctx.log.info({ subscriptionId: s.id, from: s.plan, to: plan.key, amount, ...p }, 'subscription upgraded');
  return { subscription: toSubscription(after), charged: { amount, pages: p.pages, ai_pages: p.aiPages } };
}

/**
 * Cancels at the end of the paid period: the subscription stays active (and its pages usable) until then and is
 * not renewed. The farewell survey's answer is stored. The buyer, or the organisation's owner now, may cancel.
 */
export async function cancelSubscription(
  ctx: CommerceContext,
  user: UserRecord | null,
  id: number,
  survey: { reason: string; comment: string },
): Promise<Subscription> {
  const buyer = requireBuyer(user);
  const current = await ctx.db.transaction((tx) => managedSubscription(tx, buyer, id));
  const live = current.status === SUBSCRIPTION_STATUSES.active || current.status === SUBSCRIPTION_STATUSES.pastDue;
  if (!live) throw new AppError('subscription_not_active');
  if (current.cancel_at_period_end) return toSubscription(current);
  // the gateway first: if it cannot stop the renewals, nothing is recorded as cancelled
  if (current.gateway_ref !== null) await ctx.gateway.cancelAtPeriodEnd(current.gateway_ref);
  return ctx.db.transaction(async (tx) => {
    const s = await managedSubscription(tx, buyer, id);
    if (s.status !== SUBSCRIPTION_STATUSES.active && s.status !== SUBSCRIPTION_STATUSES.pastDue) {
      throw new AppError('subscription_not_active');
    }
    if (s.cancel_at_period_end) return toSubscription(s);
    const cancelled = await updateSubscription(tx, s.id, { cancel_at_period_end: true, cancelled_at: new Date() });
    await insertCancellation(tx, {
      subscriptionId: s.id,
      userId: buyer.id,
      reason: survey.reason,
      comment: survey.comment,
    });
    ctx.log.info({ subscriptionId: s.id, reason: survey.reason }, 'subscription cancelled at period end');
    return toSubscription(cancelled);
  });
}

/* ------------------------------------------------------------------ the sandbox's renewals */

/** A Stripe-shaped event, signed with the sandbox's webhook secret as Stripe signs (its own time for tolerance). */
function signedEvent(ctx: CommerceContext, type: string, id: string, created: Date, object: object) {
  const body = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(created.getTime() / 1000),
    livemode: false,
    data: { object },
  });
  return { body, signature: signWebhookPayload(body, ctx.gateway.webhookSecret) };
}

export type RenewalSummary = { renewed: number; failed: number; ended: number; unchanged: number };

/**
 * What Stripe does for its subscriptions, done for the sandbox's: for each subscription due by `now` (the clock:
 * real time in the job, moved in tests), charge the saved test card for the next month (invoice.paid, or
 * invoice.payment_failed for a card that fails later), or end it (customer.subscription.deleted) when it was
 * cancelled or its last try failed. Each event goes through the same verified, once-only webhook handling as
 * Stripe's; event ids are derived from the subscription and period, so a second run delivers duplicates only.
 */
export async function renewDueSubscriptions(ctx: CommerceContext, now: Date): Promise<RenewalSummary> {
  const summary: RenewalSummary = { renewed: 0, failed: 0, ended: 0, unchanged: 0 };
  if (ctx.gateway.kind !== 'sandbox') return summary;
  for (const s of await listDueSandboxSubscriptions(ctx.db, now)) {
    if (s.gateway_ref === null || s.current_period_end === null) continue;
    const periodStart = s.current_period_end;
    const stamp = `${String(s.id)}_${String(periodStart.getTime() / 1000)}`;
    let delivery: { body: string; signature: string };
    let outcome: keyof RenewalSummary;
    if (s.cancel_at_period_end || s.failed_attempts >= RENEWAL_ATTEMPTS) {
      const at = s.cancel_at_period_end ? periodStart : now;
      delivery = signedEvent(ctx, 'customer.subscription.deleted', `evt_sandbox_end_${stamp}`, at, {
        id: s.gateway_ref,
        object: 'subscription',
        status: 'canceled',
      });
      outcome = 'ended';
    } else {
      const periodEnd = addMonth(periodStart);
      const amount = computeTotals(s.price, null, ctx.vatPercent).gross;
      const invoice = {
        id: `in_sandbox_${stamp}_${String(s.failed_attempts)}`,
        object: 'invoice',
        subscription: s.gateway_ref,
        billing_reason: 'subscription_cycle',
        currency: 'usd',
        lines: {
          data: [
            {
              period: { start: Math.floor(periodStart.getTime() / 1000), end: Math.floor(periodEnd.getTime() / 1000) },
            },
          ],
        },
      };
      const charged = s.status === SUBSCRIPTION_STATUSES.active ? periodStart : now;
      if (s.card_fails_renewal) {
        delivery = signedEvent(
          ctx,
          'invoice.payment_failed',
          `evt_sandbox_fail_${stamp}_${String(s.failed_attempts)}`,
          charged,
          { ...invoice, amount_paid: 0, amount_due: amount, status: 'open' },
        );
        outcome = 'failed';
      } else {
        delivery = signedEvent(ctx, 'invoice.paid', `evt_sandbox_paid_${stamp}`, charged, {
          ...invoice,
          amount_paid: amount,
          status: 'paid',
        });
        outcome = 'renewed';
      }
    }
    const result = await handleWebhook(ctx, delivery.body, delivery.signature);
    summary[result.duplicate === true ? 'unchanged' : outcome] += 1;
  }
  return summary;
}

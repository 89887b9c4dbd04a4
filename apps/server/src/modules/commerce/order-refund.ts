import Stripe from 'stripe';
import type { Database } from '../../db/database.ts';
import { applyEntry } from '../ledger/ledger.repository.ts';
import { findPackage } from './catalogue.ts';
import { listItems } from './commerce.repository.ts';
import type { StripeApiOptions } from './payment-gateway.ts';
import {
  findCompletedSession,
  findOrderDeposits,
  findOrderRefund,
  insertOrderRefund,
  lockAvailablePages,
  lockPaidOrRefundedOrder,
  markOrderRefunded,
  setCardRefunded,
  type OrderRefundRecord,
} from './order-refund.repository.ts';

/** A refusal the operator reads (the CLI prints it and exits 1). */
export class RefundError extends Error {}

/** Gives money back to the card of a Stripe Checkout Session. */
export type CardRefunder = {
  refund(input: { sessionId: string; amount: number; idempotencyKey: string }): Promise<{ id: string }>;
};

/** The refunder of the stripe SDK: the session's payment intent, then refunds.create for the amount. */
export function createStripeRefunder(secretKey: string, api: StripeApiOptions = {}): CardRefunder {
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api.host === undefined ? {} : { host: api.host }),
    ...(api.port === undefined ? {} : { port: api.port }),
    ...(api.protocol === undefined ? {} : { protocol: api.protocol }),
  });
  return {
    async refund({ sessionId, amount, idempotencyKey }) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (intent === undefined) throw new Error(`Stripe Checkout Session ${sessionId} has no payment intent`);
      const refund = await stripe.refunds.create({ payment_intent: intent, amount }, { idempotencyKey });
      return { id: refund.id };
    },
  };
}

export type RefundOutcome = {
  refund: OrderRefundRecord;
  /** The order had been refunded before: only a pending card refund was tried again. */
  wasRefunded: boolean;
  /** What the operator must still do, if anything (the card refund by hand). */
  todo: string | null;
};

/**
 * `npm run admin -- order:refund ORDER_ID [--full]` (issue 13, A5): refunds a paid order. In one transaction the
 * order's pages still unused are taken back: for each pack line a `reverse` ledger entry of its pages, bounded
 * by what is still on that account's balance (pages already spent stay spent; the bonus is not touched); the
 * order becomes refunded (state 4) with its order_refunds row. The amount is what was paid for the reversed
 * pages at the price per page actually paid (discount and VAT included), all of it when no page was used or with
 * `full` (a fault of ours). Then the card: Stripe's refunds.create against the checkout's payment intent when a
 * refunder is given; without one, or when Stripe fails, the refund stays 'pending' and the operator issues it in
 * the Stripe dashboard (running the command again retries it). A sandbox order was a test payment: no card.
 */
export async function refundOrder(
  db: Database,
  orderId: number,
  options: { full?: boolean; refunder: CardRefunder | null },
): Promise<RefundOutcome> {
  let wasRefunded = false;
  let refund = await db.transaction(async (tx) => {
    const order = await lockPaidOrRefundedOrder(tx, orderId);
    if (order === null) throw new RefundError(`Order ${String(orderId)} does not exist.`);
    if (order.state === 4) {
      wasRefunded = true;
      return findOrderRefund(tx, orderId);
    }
    if (order.state !== 2)
      throw new RefundError(`Order ${String(orderId)} is not paid (state ${String(order.state)}).`);
    const session = await findCompletedSession(tx, orderId);
    if (session === null) throw new RefundError(`Order ${String(orderId)} has no completed payment.`);

    const prices = new Map<number, number>();
    for (const item of await listItems(tx, orderId)) {
      const pack = item.kind === 'package' && item.service !== null ? findPackage(item.service) : null;
      if (pack !== null) prices.set(item.id, pack.price * item.quantity);
    }
    const deposits = await findOrderDeposits(tx, orderId);
    if (deposits.length === 0) throw new RefundError(`Order ${String(orderId)} credited no pages.`);
    const left = new Map<string, number>();
    let paidValue = 0;
    let reversedValue = 0;
    const reversed = { balance: 0, ai_balance: 0, bonus: 0 };
    for (const deposit of deposits) {
      const key = `${String(deposit.account_id)}:${deposit.bucket}`;
      const available = left.get(key) ?? (await lockAvailablePages(tx, deposit.account_id, deposit.bucket));
      const pages = Math.max(0, Math.min(deposit.pages, available));
      left.set(key, available - pages);
      const value = prices.get(deposit.item_id) ?? 0;
      paidValue += value;
      reversedValue += deposit.pages === 0 ? 0 : (value * pages) / deposit.pages;
      if (pages === 0) continue;
      await applyEntry(tx, {
        accountId: deposit.account_id,
        kind: 'reverse',
        bucket: deposit.bucket,
        availableDelta: -pages,
        heldDelta: 0,
        reference: `order:${String(orderId)}:refund:item:${String(deposit.item_id)}`,
        actorUserId: null,
        note: `refund of order ${String(orderId)}`,
      });
      reversed[deposit.bucket] += pages;
    }
    const share = paidValue === 0 ? 1 : reversedValue / paidValue;
    const amount = options.full === true || share >= 1 ? session.amount : Math.round(session.amount * share);
    if (amount === 0 && reversed.balance + reversed.ai_balance === 0) {
      throw new RefundError(
        `No page of order ${String(orderId)} is left on the balance: nothing to refund (use --full to refund it anyway).`,
      );
    }
    await markOrderRefunded(tx, orderId);
    return insertOrderRefund(tx, {
      order_id: orderId,
      pages: reversed.balance,
      ai_pages: reversed.ai_balance,
      amount,
      currency: session.currency,
      gateway: session.gateway,
      payment_session_id: session.id,
      card_refund: session.gateway === 'sandbox' || amount === 0 ? 'none' : 'pending',
    });
  });
  if (refund === null) throw new RefundError(`Order ${String(orderId)} is refunded but its refund is not recorded.`);

  if (refund.card_refund !== 'pending') return { refund, wasRefunded, todo: null };
  const byHand =
    `Issue the card refund of ${(refund.amount / 100).toFixed(2)} ${refund.currency} in the Stripe dashboard ` +
    `(Checkout Session ${refund.payment_session_id}), or run this command again with Stripe configured.`;
  if (options.refunder === null) return { refund, wasRefunded, todo: `Stripe is not configured here. ${byHand}` };
  try {
    const card = await options.refunder.refund({
      sessionId: refund.payment_session_id,
      amount: refund.amount,
      idempotencyKey: `order-${String(orderId)}-refund`,
    });
    await setCardRefunded(db, orderId, card.id);
    refund = (await findOrderRefund(db, orderId)) ?? refund;
    return { refund, wasRefunded, todo: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { refund, wasRefunded, todo: `The Stripe refund failed (${reason}). ${byHand}` };
  }
}

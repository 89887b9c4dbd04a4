import { PAYMENT_STATES, type PaymentState } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';

export type OrderRecord = {
  id: number;
  user_id: number;
  state: PaymentState;
  /** 'cart': packs (the user's one open or pending cart); 'subscription': a subscription's first payment. */
  kind: 'cart' | 'subscription';
  referral: string;
  created_at: Date;
  updated_at: Date;
  paid_at: Date | null;
};

/** A line with its promo code's details (promo lines only). */
export type OrderItemRecord = {
  id: number;
  order_id: number;
  kind: 'package' | 'promo' | 'subscription';
  service: string | null;
  quantity: number;
  group_id: number | null;
  promo_code_id: number | null;
  promo_code: string | null;
  promo_percent: number | null;
};

export type PromoCodeRecord = {
  id: number;
  code: string;
  percent: number;
  active: boolean;
  expires_at: Date | null;
  max_uses: number | null;
  /** paid orders that carried the code */
  uses: number;
  /** orders at the card page holding a use of it now */
  reserved: number;
  created_at: Date;
};

export type PaymentSessionStatus = 'open' | 'complete' | 'expired' | 'failed';

export type PaymentSessionRecord = {
  id: string;
  order_id: number;
  gateway: 'sandbox' | 'stripe';
  status: PaymentSessionStatus;
  subtotal: number;
  discount: number;
  vat: number;
  vat_percent: number;
  amount: number;
  currency: string;
  description: string;
  url: string;
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
};

const ORDER_COLUMNS = 'id, user_id, state, kind, referral, created_at, updated_at, paid_at';
const SESSION_COLUMNS =
  'id, order_id, gateway, status, subtotal, discount, vat, vat_percent, amount, currency, description, url, created_at, expires_at, completed_at';
const PROMO_COLUMNS = 'id, code, percent, active, expires_at, max_uses, uses, reserved, created_at';

/** The user's cart: the open or pending order; locked for the transaction when `lock`. */
export async function findCartOrder(db: Queryable, userId: number, lock = false): Promise<OrderRecord | null> {
  const { rows } = await db.query<OrderRecord>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND state IN (0, 1) AND kind = 'cart'${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

/** The cart, made when there is none (one per user, by the partial unique index), and locked. */
export async function findOrCreateCartOrder(tx: Queryable, userId: number): Promise<OrderRecord> {
  const existing = await findCartOrder(tx, userId, true);
  if (existing !== null) return existing;
  await tx.query(
    `INSERT INTO orders (user_id) VALUES ($1) ON CONFLICT (user_id) WHERE state IN (0, 1) AND kind = 'cart' DO NOTHING`,
    [userId],
  );
  const created = await findCartOrder(tx, userId, true);
  if (created === null) throw new Error('findOrCreateCartOrder: no cart after insert');
  return created;
}

/** A subscription's first payment: an order of its own (not the cart), pending, with the plan's one line. */
export async function insertSubscriptionOrder(
  tx: Queryable,
  order: { userId: number; service: string; groupId: number | null },
): Promise<OrderRecord> {
  const { rows } = await tx.query<OrderRecord>(
    `INSERT INTO orders (user_id, kind, state) VALUES ($1, 'subscription', $2) RETURNING ${ORDER_COLUMNS}`,
    [order.userId, PAYMENT_STATES.pending],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertSubscriptionOrder returned no row');
  await tx.query(`INSERT INTO order_items (order_id, kind, service, group_id) VALUES ($1, 'subscription', $2, $3)`, [
    row.id,
    order.service,
    order.groupId,
  ]);
  return row;
}

export async function findOrder(db: Queryable, orderId: number, lock = false): Promise<OrderRecord | null> {
  const { rows } = await db.query<OrderRecord>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [orderId],
  );
  return rows[0] ?? null;
}

export async function setOrderState(
  tx: Queryable,
  orderId: number,
  state: PaymentState,
  referral?: string,
): Promise<OrderRecord> {
  const { rows } = await tx.query<OrderRecord>(
    `UPDATE orders SET state = $2::smallint, updated_at = clock_timestamp(),
       paid_at = CASE WHEN $2::smallint = 2 THEN clock_timestamp() ELSE NULL END,
       referral = COALESCE($3::text, referral)
     WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
    [orderId, state, referral ?? null],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`setOrderState: no order ${orderId}`);
  return row;
}

/** Marks the cart as changed (its updated_at), which a checkout in flight compares. */
export async function touchOrder(tx: Queryable, orderId: number): Promise<void> {
  await tx.query('UPDATE orders SET updated_at = clock_timestamp() WHERE id = $1', [orderId]);
}

export async function listItems(db: Queryable, orderId: number): Promise<OrderItemRecord[]> {
  const { rows } = await db.query<OrderItemRecord>(
    `SELECT i.id, i.order_id, i.kind, i.service, i.quantity, i.group_id, i.promo_code_id,
            p.code AS promo_code, p.percent AS promo_percent
     FROM order_items i LEFT JOIN promo_codes p ON p.id = i.promo_code_id
     WHERE i.order_id = $1 ORDER BY i.kind, i.id`,
    [orderId],
  );
  return rows;
}

export async function findPackageItem(
  tx: Queryable,
  orderId: number,
  service: string,
  groupId: number | null,
): Promise<OrderItemRecord | null> {
  const { rows } = await tx.query<OrderItemRecord>(
    `SELECT id, order_id, kind, service, quantity, group_id, promo_code_id, NULL AS promo_code, NULL AS promo_percent
     FROM order_items WHERE order_id = $1 AND kind = 'package' AND service = $2 AND group_id IS NOT DISTINCT FROM $3`,
    [orderId, service, groupId],
  );
  return rows[0] ?? null;
}

export async function insertPackageItem(
  tx: Queryable,
  item: { orderId: number; service: string; quantity: number; groupId: number | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO order_items (order_id, kind, service, quantity, group_id) VALUES ($1, 'package', $2, $3, $4)`,
    [item.orderId, item.service, item.quantity, item.groupId],
  );
}

export async function setItemQuantity(tx: Queryable, itemId: number, quantity: number): Promise<void> {
  await tx.query('UPDATE order_items SET quantity = $2 WHERE id = $1', [itemId, quantity]);
}

/** Deletes a line of the order; false when the order has no such line. */
export async function deleteItem(tx: Queryable, orderId: number, itemId: number): Promise<boolean> {
  const { rowCount } = await tx.query('DELETE FROM order_items WHERE id = $1 AND order_id = $2', [itemId, orderId]);
  return rowCount > 0;
}

export async function deletePromoItem(tx: Queryable, orderId: number): Promise<void> {
  await tx.query(`DELETE FROM order_items WHERE order_id = $1 AND kind = 'promo'`, [orderId]);
}

export async function insertPromoItem(tx: Queryable, orderId: number, promoCodeId: number): Promise<void> {
  await tx.query(`INSERT INTO order_items (order_id, kind, promo_code_id) VALUES ($1, 'promo', $2)`, [
    orderId,
    promoCodeId,
  ]);
}

export async function findPromoCode(db: Queryable, code: string): Promise<PromoCodeRecord | null> {
  const { rows } = await db.query<PromoCodeRecord>(
    `SELECT ${PROMO_COLUMNS} FROM promo_codes WHERE lower(code) = lower($1)`,
    [code],
  );
  return rows[0] ?? null;
}

export async function findPromoCodeById(db: Queryable, id: number): Promise<PromoCodeRecord | null> {
  const { rows } = await db.query<PromoCodeRecord>(`SELECT ${PROMO_COLUMNS} FROM promo_codes WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** A new code; null when one with the same code (any case) exists. */
export async function insertPromoCode(
  db: Queryable,
  promo: { code: string; percent: number; expiresAt: Date | null; maxUses: number | null },
): Promise<PromoCodeRecord | null> {
  const { rows } = await db.query<PromoCodeRecord>(
    `INSERT INTO promo_codes (code, percent, expires_at, max_uses) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING ${PROMO_COLUMNS}`,
    [promo.code, promo.percent, promo.expiresAt, promo.maxUses],
  );
  return rows[0] ?? null;
}

/* ---- promo uses: reserved at checkout, released or counted when the order settles (migration 0016) ---- */

/**
 * Reserves one use of the code for the order, atomically: the guarded UPDATE takes the code's row lock, so of two
 * checkouts at once for a code's last use exactly one gets it. False when the code is inactive, expired or has
 * every use paid or held by another checkout. The order must be locked by the caller and hold no reservation.
 */
export async function reservePromoUse(tx: Queryable, promoCodeId: number, orderId: number): Promise<boolean> {
  const { rows } = await tx.query<{ id: number }>(
    `UPDATE promo_codes SET reserved = reserved + 1
     WHERE id = $1 AND active AND (expires_at IS NULL OR expires_at > now())
       AND (max_uses IS NULL OR uses + reserved < max_uses)
     RETURNING id`,
    [promoCodeId],
  );
  if (rows.length === 0) return false;
  await tx.query('UPDATE orders SET promo_reserved_id = $2 WHERE id = $1', [orderId, promoCodeId]);
  return true;
}

/**
 * Ends the order's reservation, if it holds one: released (the use is free again), or `used` when the order was
 * paid (the use is counted). Idempotent: the order's mark is cleared in the same transaction.
 */
export async function settlePromoReservation(tx: Queryable, orderId: number, used: boolean): Promise<number | null> {
  const { rows } = await tx.query<{ promo_reserved_id: number | null }>(
    'SELECT promo_reserved_id FROM orders WHERE id = $1 FOR UPDATE',
    [orderId],
  );
  const promoCodeId = rows[0]?.promo_reserved_id ?? null;
  if (promoCodeId === null) return null;
  await tx.query('UPDATE orders SET promo_reserved_id = NULL WHERE id = $1', [orderId]);
  await tx.query(
    `UPDATE promo_codes SET reserved = GREATEST(reserved - 1, 0), uses = uses + CASE WHEN $2 THEN 1 ELSE 0 END
     WHERE id = $1`,
    [promoCodeId, used],
  );
  return promoCodeId;
}

/** A paid order that carried a code but held no reservation (made before reservations existed): one more use. */
export async function countPromoUse(tx: Queryable, promoCodeId: number): Promise<void> {
  await tx.query('UPDATE promo_codes SET uses = uses + 1 WHERE id = $1', [promoCodeId]);
}

/**
 * Pending orders that hold a use of the code but can no longer be paid: no open payment session before its
 * expiry (a sandbox session lapses without an event; a checkout.session.expired may be late or lost), and the
 * checkout is more than `graceMinutes` old (so one still waiting for the gateway's answer is left alone). Locked;
 * orders another transaction holds are skipped (their own request settles them).
 */
export async function lockStalePromoHolders(
  tx: Queryable,
  promoCodeId: number,
  graceMinutes: number,
): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT o.id FROM orders o
     WHERE o.promo_reserved_id = $1 AND o.state = 1
       AND o.updated_at < now() - make_interval(mins => $2::int)
       AND NOT EXISTS (SELECT 1 FROM payment_sessions s
                       WHERE s.order_id = o.id AND s.status = 'open' AND s.expires_at > now())
     ORDER BY o.id
     FOR UPDATE OF o SKIP LOCKED`,
    [promoCodeId, graceMinutes],
  );
  return rows.map((row) => row.id);
}

export async function insertPaymentSession(
  tx: Queryable,
  session: Omit<PaymentSessionRecord, 'status' | 'created_at' | 'completed_at'>,
): Promise<void> {
  await tx.query(
    `INSERT INTO payment_sessions (id, order_id, gateway, subtotal, discount, vat, vat_percent, amount, currency,
       description, url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      session.id,
      session.order_id,
      session.gateway,
      session.subtotal,
      session.discount,
      session.vat,
      session.vat_percent,
      session.amount,
      session.currency,
      session.description,
      session.url,
      session.expires_at,
    ],
  );
}

export async function findPaymentSession(
  db: Queryable,
  id: string,
  lock = false,
): Promise<PaymentSessionRecord | null> {
  const { rows } = await db.query<PaymentSessionRecord>(
    `SELECT ${SESSION_COLUMNS} FROM payment_sessions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** The order's latest payment session: its frozen totals are the order's once it left the cart. */
export async function findLatestPaymentSession(db: Queryable, orderId: number): Promise<PaymentSessionRecord | null> {
  const { rows } = await db.query<PaymentSessionRecord>(
    `SELECT ${SESSION_COLUMNS} FROM payment_sessions WHERE order_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [orderId],
  );
  return rows[0] ?? null;
}

export async function setPaymentSessionStatus(tx: Queryable, id: string, status: PaymentSessionStatus): Promise<void> {
  await tx.query(
    `UPDATE payment_sessions SET status = $2::text,
       completed_at = CASE WHEN $2::text = 'complete' THEN clock_timestamp() ELSE completed_at END
     WHERE id = $1`,
    [id, status],
  );
}

/** A checkout superseded by a change of the cart or a later checkout: its open sessions expire. */
export async function expireOpenSessionsOfOrder(tx: Queryable, orderId: number): Promise<void> {
  await tx.query(`UPDATE payment_sessions SET status = 'expired' WHERE order_id = $1 AND status = 'open'`, [orderId]);
}

/** Records a gateway event; false when its id was seen before (a replay). */
export async function insertPaymentEvent(tx: Queryable, event: { id: string; type: string }): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO payment_events (id, type, outcome) VALUES ($1, $2, 'processing') ON CONFLICT (id) DO NOTHING`,
    [event.id, event.type],
  );
  return rowCount > 0;
}

export async function setPaymentEventOutcome(
  tx: Queryable,
  id: string,
  outcome: { outcome: string; sessionId: string | null; orderId: number | null },
): Promise<void> {
  await tx.query('UPDATE payment_events SET outcome = $2, session_id = $3, order_id = $4 WHERE id = $1', [
    id,
    outcome.outcome,
    outcome.sessionId,
    outcome.orderId,
  ]);
}

/** What the profile shows of a user's purchases: AI packs are told apart by their codes. */
/**
 * The user's paid orders, those with a line that is not AI (a pack or a plan), and when an AI order was last paid:
 * an AI pack, an AI plan's first month, or a later month (renewal) of the user's own AI plan.
 */
export async function purchaseStats(
  db: Queryable,
  userId: number,
  aiServices: readonly string[],
  aiPlanKeys: readonly string[] = [],
): Promise<{ paid_orders: number; not_ai_orders: number; last_ai_paid_at: Date | null }> {
  const { rows } = await db.query<{ paid_orders: number; not_ai_orders: number; last_ai_paid_at: Date | null }>(
    `SELECT count(*)::int AS paid_orders,
       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id
                                      AND i.kind IN ('package', 'subscription')
                                      AND NOT (i.service = ANY($2::text[]))))::int AS not_ai_orders,
       GREATEST(
         max(o.paid_at) FILTER (WHERE EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id
                                              AND i.kind IN ('package', 'subscription')
                                              AND i.service = ANY($2::text[]))),
         (SELECT max(p.paid_at) FROM subscription_payments p JOIN subscriptions s ON s.id = p.subscription_id
          WHERE s.user_id = $1 AND s.group_id IS NULL AND s.plan = ANY($3::text[]))
       ) AS last_ai_paid_at
     FROM orders o WHERE o.user_id = $1 AND o.state = 2`,
    [userId, [...aiServices], [...aiPlanKeys]],
  );
  return rows[0] ?? { paid_orders: 0, not_ai_orders: 0, last_ai_paid_at: null };
}

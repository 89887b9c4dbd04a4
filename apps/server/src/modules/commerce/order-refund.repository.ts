import type { Queryable } from '../../db/database.ts';
import type { Bucket } from '../ledger/ledger.repository.ts';

/** The SQL of an operator's refund of an order (issue 13, A5; migration 0019). */

export type OrderRefundRecord = {
  order_id: number;
  pages: number;
  ai_pages: number;
  amount: number;
  currency: string;
  gateway: 'sandbox' | 'stripe';
  payment_session_id: string;
  card_refund: 'stripe' | 'pending' | 'none';
  stripe_refund_id: string | null;
  created_at: Date;
  card_refunded_at: Date | null;
};

/** A deposit the order made (one per pack line): which account, which bucket, how many pages. */
export type OrderDeposit = { item_id: number; account_id: number; bucket: Bucket; pages: number };

export async function lockPaidOrRefundedOrder(
  tx: Queryable,
  orderId: number,
): Promise<{ id: number; user_id: number; state: number } | null> {
  const { rows } = await tx.query<{ id: number; user_id: number; state: number }>(
    'SELECT id, user_id, state FROM orders WHERE id = $1 FOR UPDATE',
    [orderId],
  );
  return rows[0] ?? null;
}

/** The completed checkout that paid the order. */
export async function findCompletedSession(
  tx: Queryable,
  orderId: number,
): Promise<{ id: string; gateway: 'sandbox' | 'stripe'; amount: number; currency: string } | null> {
  const { rows } = await tx.query<{ id: string; gateway: 'sandbox' | 'stripe'; amount: number; currency: string }>(
    `SELECT id, gateway, amount, currency FROM payment_sessions
     WHERE order_id = $1 AND status = 'complete' ORDER BY completed_at DESC NULLS LAST, id DESC LIMIT 1`,
    [orderId],
  );
  return rows[0] ?? null;
}

/** The order's deposits (ledger references order:{id}:item:{itemId}), in line order. */
export async function findOrderDeposits(tx: Queryable, orderId: number): Promise<OrderDeposit[]> {
  const { rows } = await tx.query<{ reference: string; account_id: number; bucket: Bucket; pages: number }>(
    `SELECT reference, account_id, bucket, available_delta AS pages FROM ledger_entries
     WHERE kind = 'deposit' AND reference LIKE $1 ORDER BY id`,
    [`order:${String(orderId)}:item:%`],
  );
  return rows.map((row) => ({
    item_id: Number(row.reference.split(':')[3]),
    account_id: row.account_id,
    bucket: row.bucket,
    pages: row.pages,
  }));
}

/** The pages available now in a bucket of an account, its row locked for the rest of the transaction. */
export async function lockAvailablePages(tx: Queryable, accountId: number, bucket: Bucket): Promise<number> {
  const column = bucket === 'ai_balance' ? 'ai_balance' : bucket === 'bonus' ? 'bonus' : 'balance';
  const { rows } = await tx.query<{ pages: number }>(
    `SELECT ${column} AS pages FROM accounts WHERE id = $1 FOR UPDATE`,
    [accountId],
  );
  return rows[0]?.pages ?? 0;
}

export async function markOrderRefunded(tx: Queryable, orderId: number): Promise<void> {
  await tx.query('UPDATE orders SET state = 4, updated_at = clock_timestamp() WHERE id = $1 AND state = 2', [orderId]);
}

export async function insertOrderRefund(
  tx: Queryable,
  refund: Omit<OrderRefundRecord, 'created_at' | 'card_refunded_at' | 'stripe_refund_id'>,
): Promise<OrderRefundRecord> {
  const { rows } = await tx.query<OrderRefundRecord>(
    `INSERT INTO order_refunds (order_id, pages, ai_pages, amount, currency, gateway, payment_session_id, card_refund)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [
      refund.order_id,
      refund.pages,
      refund.ai_pages,
      refund.amount,
      refund.currency,
      refund.gateway,
      refund.payment_session_id,
      refund.card_refund,
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`order ${String(refund.order_id)}: the refund was not recorded`);
  return row;
}

export async function findOrderRefund(db: Queryable, orderId: number): Promise<OrderRefundRecord | null> {
  const { rows } = await db.query<OrderRefundRecord>('SELECT * FROM order_refunds WHERE order_id = $1', [orderId]);
  return rows[0] ?? null;
}

export async function setCardRefunded(db: Queryable, orderId: number, stripeRefundId: string): Promise<void> {
  await db.query(
    `UPDATE order_refunds SET card_refund = 'stripe', stripe_refund_id = $2, card_refunded_at = clock_timestamp()
     WHERE order_id = $1`,
    [orderId, stripeRefundId],
  );
}

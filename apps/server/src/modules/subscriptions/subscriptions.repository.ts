import type { Queryable } from '../../db/database.ts';

export type SubscriptionRecord = {
  id: number;
  user_id: number;
  group_id: number | null;
  account_id: number;
  plan: string;
  status: 1 | 2 | 3 | 4;
  price: number;
  pages: number;
  ai_pages: number;
  order_id: number;
  gateway: 'sandbox' | 'stripe';
  gateway_ref: string | null;
  card_last4: string | null;
  card_fails_renewal: boolean;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  cancelled_at: Date | null;
  ended_at: Date | null;
  failed_attempts: number;
  next_attempt_at: Date | null;
  prior_balance_type: number | null;
  created_at: Date;
  updated_at: Date;
};

export type SubscriptionPaymentRecord = {
  id: number;
  subscription_id: number;
  reason: 'create' | 'cycle' | 'update';
  period_start: Date;
  period_end: Date;
  amount: number;
  pages: number;
  ai_pages: number;
  event_id: string;
  paid_at: Date;
};

export type CancellationRecord = {
  id: number;
  subscription_id: number;
  user_id: number | null;
  email: string | null;
  plan: string;
  reason: string;
  comment: string;
  created_at: Date;
};

export async function insertSubscription(
  tx: Queryable,
  s: {
    userId: number;
    groupId: number | null;
    accountId: number;
    plan: string;
    price: number;
    pages: number;
    aiPages: number;
    orderId: number;
    gateway: 'sandbox' | 'stripe';
  },
): Promise<SubscriptionRecord> {
  const { rows } = await tx.query<SubscriptionRecord>(
    `INSERT INTO subscriptions (user_id, group_id, account_id, plan, price, pages, ai_pages, order_id, gateway)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [s.userId, s.groupId, s.accountId, s.plan, s.price, s.pages, s.aiPages, s.orderId, s.gateway],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertSubscription returned no row');
  return row;
}

export async function findSubscription(db: Queryable, id: number, lock = false): Promise<SubscriptionRecord | null> {
  const { rows } = await db.query<SubscriptionRecord>(
    `SELECT * FROM subscriptions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** The subscription whose first payment the order is; locked for the transaction when `lock`. */
export async function findSubscriptionOfOrder(
  db: Queryable,
  orderId: number,
  lock = false,
): Promise<SubscriptionRecord | null> {
  const { rows } = await db.query<SubscriptionRecord>(
    `SELECT * FROM subscriptions WHERE order_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [orderId],
  );
  return rows[0] ?? null;
}

/** The sandbox card page of a subscription's first payment keeps the card: its last digits, and whether it fails later. */
export async function saveSandboxCard(
  db: Queryable,
  orderId: number,
  card: { number: string; failsRenewal: boolean },
): Promise<void> {
  await db.query(
    `UPDATE subscriptions SET card_last4 = $2, card_fails_renewal = $3, updated_at = clock_timestamp()
     WHERE order_id = $1 AND status = 1`,
    [orderId, card.number.slice(-4), card.failsRenewal],
  );
}

export async function findSubscriptionByRef(tx: Queryable, ref: string): Promise<SubscriptionRecord | null> {
  const { rows } = await tx.query<SubscriptionRecord>('SELECT * FROM subscriptions WHERE gateway_ref = $1 FOR UPDATE', [
    ref,
  ]);
  return rows[0] ?? null;
}

/** The account's active or past-due subscription (at most one, by the partial unique index). */
export async function findLiveSubscriptionOfAccount(
  db: Queryable,
  accountId: number,
): Promise<SubscriptionRecord | null> {
  const { rows } = await db.query<SubscriptionRecord>(
    'SELECT * FROM subscriptions WHERE account_id = $1 AND status IN (2, 3)',
    [accountId],
  );
  return rows[0] ?? null;
}

/** The account's newest subscription that was ever paid (live or ended), or null. */
export async function findLatestSubscriptionOfAccount(
  db: Queryable,
  accountId: number,
): Promise<SubscriptionRecord | null> {
  const { rows } = await db.query<SubscriptionRecord>(
    'SELECT * FROM subscriptions WHERE account_id = $1 AND status <> 1 ORDER BY id DESC LIMIT 1',
    [accountId],
  );
  return rows[0] ?? null;
}

/** The user's own subscriptions (not an organisation's), paid at least once, newest first. */
export async function listSubscriptionsOfUser(db: Queryable, userId: number): Promise<SubscriptionRecord[]> {
  const { rows } = await db.query<SubscriptionRecord>(
    'SELECT * FROM subscriptions WHERE user_id = $1 AND group_id IS NULL AND status <> 1 ORDER BY id DESC',
    [userId],
  );
  return rows;
}

export async function listSubscriptionsOfGroup(db: Queryable, groupId: number): Promise<SubscriptionRecord[]> {
  const { rows } = await db.query<SubscriptionRecord>(
    'SELECT * FROM subscriptions WHERE group_id = $1 AND status <> 1 ORDER BY id DESC',
    [groupId],
  );
  return rows;
}

type Patch = Partial<
  Pick<
    SubscriptionRecord,
    | 'status'
    | 'gateway_ref'
    | 'card_last4'
    | 'card_fails_renewal'
    | 'current_period_start'
    | 'current_period_end'
    | 'cancel_at_period_end'
    | 'cancelled_at'
    | 'ended_at'
    | 'failed_attempts'
    | 'next_attempt_at'
    | 'prior_balance_type'
    | 'plan'
    | 'price'
    | 'pages'
    | 'ai_pages'
  >
>;

// Column names come from this fixed list only, never from input.
const PATCHABLE = [
  'status',
  'gateway_ref',
  'card_last4',
  'card_fails_renewal',
  'current_period_start',
  'current_period_end',
  'cancel_at_period_end',
  'cancelled_at',
  'ended_at',
  'failed_attempts',
  'next_attempt_at',
  'prior_balance_type',
  'plan',
  'price',
  'pages',
  'ai_pages',
] as const;

export async function updateSubscription(tx: Queryable, id: number, patch: Patch): Promise<SubscriptionRecord> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const column of PATCHABLE) {
    if (!(column in patch)) continue;
    values.push(patch[column]);
    sets.push(`${column} = $${values.length}`);
  }
  const { rows } = await tx.query<SubscriptionRecord>(
    `UPDATE subscriptions SET ${[...sets, 'updated_at = clock_timestamp()'].join(', ')} WHERE id = $1 RETURNING *`,
    values,
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`updateSubscription: no subscription ${id}`);
  return row;
}

/** Records a paid period; false (nothing recorded) when this period was recorded already. */
export async function insertPayment(
  tx: Queryable,
  p: Omit<SubscriptionPaymentRecord, 'id'>,
): Promise<SubscriptionPaymentRecord | null> {
  const { rows } = await tx.query<SubscriptionPaymentRecord>(
    `INSERT INTO subscription_payments
       (subscription_id, reason, period_start, period_end, amount, pages, ai_pages, event_id, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (subscription_id, reason, period_start) DO NOTHING RETURNING *`,
    [p.subscription_id, p.reason, p.period_start, p.period_end, p.amount, p.pages, p.ai_pages, p.event_id, p.paid_at],
  );
  return rows[0] ?? null;
}

export async function listPayments(db: Queryable, subscriptionId: number): Promise<SubscriptionPaymentRecord[]> {
  const { rows } = await db.query<SubscriptionPaymentRecord>(
    'SELECT * FROM subscription_payments WHERE subscription_id = $1 ORDER BY period_start, id',
    [subscriptionId],
  );
  return rows;
}

export async function insertCancellation(
  tx: Queryable,
  c: { subscriptionId: number; userId: number; reason: string; comment: string },
): Promise<void> {
  await tx.query(
    'INSERT INTO subscription_cancellations (subscription_id, user_id, reason, comment) VALUES ($1, $2, $3, $4)',
    [c.subscriptionId, c.userId, c.reason, c.comment],
  );
}

export async function listCancellations(db: Queryable, limit = 200): Promise<CancellationRecord[]> {
  const { rows } = await db.query<CancellationRecord>(
    `SELECT c.id, c.subscription_id, c.user_id, u.email, s.plan, c.reason, c.comment, c.created_at
     FROM subscription_cancellations c
     JOIN subscriptions s ON s.id = c.subscription_id
     LEFT JOIN users u ON u.id = c.user_id
     ORDER BY c.id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Sandbox subscriptions with something due by `now`: a renewal, a retry of a declined one, or an end. */
export async function listDueSandboxSubscriptions(db: Queryable, now: Date): Promise<SubscriptionRecord[]> {
  const { rows } = await db.query<SubscriptionRecord>(
    `SELECT * FROM subscriptions
     WHERE gateway = 'sandbox'
       AND ((status = 2 AND current_period_end <= $1) OR (status = 3 AND next_attempt_at <= $1))
     ORDER BY id`,
    [now],
  );
  return rows;
}

/**
 * A subscription makes its account's balance type 3 (check-tool.md §3), and an organisation's too unless it
 * counts pages per user (type 2, which it keeps: each member's limit still applies). Returns the type it had.
 */
export async function startSubscriptionBalanceType(
  tx: Queryable,
  target: { accountId: number; groupId: number | null },
): Promise<number> {
  if (target.groupId !== null) {
    const { rows } = await tx.query<{ balance_type: number }>(
      'SELECT balance_type FROM groups WHERE id = $1 FOR UPDATE',
      [target.groupId],
    );
    const old = rows[0]?.balance_type ?? 1;
    if (old !== 2) {
      await tx.query('UPDATE groups SET balance_type = 3 WHERE id = $1', [target.groupId]);
      await tx.query('UPDATE accounts SET balance_type = 3 WHERE id = $1', [target.accountId]);
    }
    return old;
  }
  const { rows } = await tx.query<{ balance_type: number }>(
    'SELECT balance_type FROM accounts WHERE id = $1 FOR UPDATE',
    [target.accountId],
  );
  await tx.query('UPDATE accounts SET balance_type = 3 WHERE id = $1', [target.accountId]);
  return rows[0]?.balance_type ?? 1;
}

/** When the subscription ends: the type it had before, where the subscription's 3 is still in place. */
export async function endSubscriptionBalanceType(
  tx: Queryable,
  target: { accountId: number; groupId: number | null },
  prior: number,
): Promise<void> {
  const restored = prior === 3 ? 1 : prior;
  if (target.groupId !== null) {
    await tx.query('UPDATE groups SET balance_type = $2 WHERE id = $1 AND balance_type = 3', [
      target.groupId,
      restored,
    ]);
  }
  await tx.query('UPDATE accounts SET balance_type = $2 WHERE id = $1 AND balance_type = 3', [
    target.accountId,
    restored,
  ]);
}

import type { Queryable } from '../../db/database.ts';
import type { Seller } from './billing.settings.ts';

/**
 * A line of an invoice, frozen when it is issued and worded when it is read (in the reader's language): a pack
 * (its name, its pages or AI pages, how many) or a month of a subscription (its plan, its period; an upgrade's
 * prorated charge). Money in cents, before VAT.
 */
export type InvoiceLine =
  | {
      kind: 'pack';
      name: string;
      type: 'pages' | 'ai';
      /** Pages (or AI pages) of one pack. */
      pages: number;
      quantity: number;
      unit_price: number;
      amount: number;
      /** The organisation whose account the pages went to, or null (the buyer's own). */
      organisation: string | null;
    }
  | {
      kind: 'subscription';
      name: string;
      reason: 'create' | 'cycle' | 'update';
      period_start: string;
      period_end: string;
      pages: number;
      ai_pages: number;
      quantity: 1;
      unit_price: number;
      amount: number;
      organisation: string | null;
    };

export type InvoiceBuyer = { name: string; email: string; organisation: string | null };

export type InvoiceRecord = {
  id: number;
  number: string;
  year: number;
  sequence: number;
  kind: 'order' | 'subscription';
  order_id: number | null;
  subscription_payment_id: number | null;
  user_id: number | null;
  group_id: number | null;
  title: string;
  seller: Seller;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  currency: string;
  subtotal: number;
  discount: number;
  vat_percent: number;
  vat: number;
  total: number;
  language: string;
  paid_at: Date;
  issued_at: Date;
  receipt_sent_at: Date | null;
  receipt_attempts: number;
};

const COLUMNS = `id, number, year, sequence, kind, order_id, subscription_payment_id, user_id, group_id, title, seller,
  buyer, lines, currency, subtotal, discount, vat_percent, vat, total, language, paid_at, issued_at, receipt_sent_at,
  receipt_attempts`;

/**
 * The next number of the current year (UTC). The year's counter row stays locked until the calling transaction
 * ends, so concurrent payments take consecutive numbers in turn, and a rollback returns the number: no gaps.
 */
export async function takeInvoiceNumber(tx: Queryable): Promise<{ year: number; sequence: number }> {
  const { rows } = await tx.query<{ year: number; sequence: number }>(
    `INSERT INTO invoice_counters (year, last_number)
     VALUES (EXTRACT(YEAR FROM (now() AT TIME ZONE 'UTC'))::int, 1)
     ON CONFLICT (year) DO UPDATE SET last_number = invoice_counters.last_number + 1
     RETURNING year, last_number AS sequence`,
  );
  const row = rows[0];
  if (row === undefined) throw new Error('takeInvoiceNumber returned no row');
  return row;
}

export type NewInvoice = Omit<
  InvoiceRecord,
  'id' | 'issued_at' | 'receipt_sent_at' | 'receipt_attempts' | 'paid_at'
> & { paid_at: Date | null };

/** Inserts the invoice (paid_at null: the transaction's time); null when its order or payment has one already. */
export async function insertInvoice(tx: Queryable, invoice: NewInvoice): Promise<InvoiceRecord | null> {
  const { rows } = await tx.query<InvoiceRecord>(
    `INSERT INTO invoices (number, year, sequence, kind, order_id, subscription_payment_id, user_id, group_id, title,
       seller, buyer, lines, currency, subtotal, discount, vat_percent, vat, total, language, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12::jsonb, $13, $14, $15, $16, $17, $18, $19,
       COALESCE($20::timestamptz, now()))
     ON CONFLICT DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      invoice.number,
      invoice.year,
      invoice.sequence,
      invoice.kind,
      invoice.order_id,
      invoice.subscription_payment_id,
      invoice.user_id,
      invoice.group_id,
      invoice.title,
      JSON.stringify(invoice.seller),
      JSON.stringify(invoice.buyer),
      JSON.stringify(invoice.lines),
      invoice.currency,
      invoice.subtotal,
      invoice.discount,
      invoice.vat_percent,
      invoice.vat,
      invoice.total,
      invoice.language,
      invoice.paid_at,
    ],
  );
  return rows[0] ?? null;
}

export async function findInvoice(db: Queryable, id: number): Promise<InvoiceRecord | null> {
  const { rows } = await db.query<InvoiceRecord>(`SELECT ${COLUMNS} FROM invoices WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findInvoiceOfOrder(db: Queryable, orderId: number): Promise<InvoiceRecord | null> {
  const { rows } = await db.query<InvoiceRecord>(`SELECT ${COLUMNS} FROM invoices WHERE order_id = $1`, [orderId]);
  return rows[0] ?? null;
}

export async function findInvoiceOfPayment(db: Queryable, paymentId: number): Promise<InvoiceRecord | null> {
  const { rows } = await db.query<InvoiceRecord>(`SELECT ${COLUMNS} FROM invoices WHERE subscription_payment_id = $1`, [
    paymentId,
  ]);
  return rows[0] ?? null;
}

/** A page of invoices, newest first: the buyer's (user_id) or an organisation's (group_id). */
export async function listInvoices(
  db: Queryable,
  owner: { userId: number } | { groupId: number },
  page: { limit: number; offset: number },
): Promise<{ invoices: InvoiceRecord[]; total: number }> {
  const [column, id] = 'userId' in owner ? ['user_id', owner.userId] : ['group_id', owner.groupId];
  const { rows } = await db.query<InvoiceRecord>(
    `SELECT ${COLUMNS} FROM invoices WHERE ${column} = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [id, page.limit, page.offset],
  );
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM invoices WHERE ${column} = $1`, [
    id,
  ]);
  return { invoices: rows, total: count.rows[0]?.total ?? 0 };
}

/** Who bought: the profile's name, e-mail and language. */
export async function findBuyer(
  db: Queryable,
  userId: number,
): Promise<{ name: string; email: string; language: string } | null> {
  const { rows } = await db.query<{ name: string; email: string | null; language: string }>(
    'SELECT name, email, language FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  return row === undefined ? null : { name: row.name, email: row.email ?? '', language: row.language };
}

export async function findGroupNames(db: Queryable, groupIds: readonly number[]): Promise<Map<number, string>> {
  if (groupIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM groups WHERE id = ANY($1::int[])',
    [[...groupIds]],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/* ---- receipts ---- */

export type ReceiptDue = InvoiceRecord & { to_address: string | null; to_language: string | null };

/**
 * Claims up to `limit` invoices whose receipt is still to send (none claimed in the last `staleMinutes`, fewer than
 * `maxAttempts` tries), in one statement: two workers never claim the same one. A claim that is never marked sent
 * (the process died) is claimed again once stale.
 */
export async function claimDueReceipts(
  db: Queryable,
  options: { limit: number; staleMinutes: number; maxAttempts: number },
): Promise<ReceiptDue[]> {
  const { rows } = await db.query<ReceiptDue>(
    `WITH due AS (
       SELECT id FROM invoices
       WHERE receipt_sent_at IS NULL AND receipt_attempts < $3
         AND (receipt_claimed_at IS NULL OR receipt_claimed_at < now() - make_interval(mins => $2))
       ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
     )
     UPDATE invoices AS i SET receipt_claimed_at = now(), receipt_attempts = i.receipt_attempts + 1
     FROM due WHERE i.id = due.id
     RETURNING ${COLUMNS.split(',')
       .map((column) => `i.${column.trim()}`)
       .join(', ')},
       (SELECT email FROM users WHERE id = i.user_id) AS to_address,
       (SELECT language FROM users WHERE id = i.user_id) AS to_language`,
    [options.limit, options.staleMinutes, options.maxAttempts],
  );
  return rows.sort((a, b) => a.id - b.id);
}

export async function markReceiptSent(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE invoices SET receipt_sent_at = now(), receipt_error = NULL WHERE id = $1', [id]);
}

/** Keeps the claim: the receipt is tried again once the claim is stale (claimDueReceipts' staleMinutes). */
export async function markReceiptFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.query('UPDATE invoices SET receipt_error = $2 WHERE id = $1', [id, error.slice(0, 500)]);
}

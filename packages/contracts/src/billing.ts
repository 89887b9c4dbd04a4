import { z } from 'zod';

/**
 * Billing (issue 16; commerce-and-cabinet.md §3 "Transaction", "Invoice", §4, §6): the ledger of an account as its
 * holder reads it (get_credentials' balance.transactions_url), the invoices of every payment, and the corrections
 * a site administrator makes to a ledger. Money in cents; sums of pages are whole pages.
 */

/** get_credentials' balance.transactions_url: the caller's own ledger (`?group_id=` for an organisation's). */
export const BILLING_TRANSACTIONS_PATH = '/api/v1/billing/transactions/';
export const BILLING_INVOICES_PATH = '/api/v1/billing/invoices/';

/** The transaction types of commerce-and-cabinet.md §3, and 'release' (a hold given back). */
export const TRANSACTION_TYPES = [
  'charge',
  'deposit',
  'reverse',
  'hold',
  'release',
  'bonus',
  'load_by_service',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Which balance an entry moves: pages, bonus pages or AI pages. */
export const TRANSACTION_BUCKETS = ['balance', 'bonus', 'ai_balance'] as const;
export type TransactionBucket = (typeof TRANSACTION_BUCKETS)[number];

/**
 * A site administrator's corrections (§4), each itself a ledger entry:
 * - release_hold: a hold not yet settled gives its pages back; the check it was for goes on and is not charged;
 * - cancel_hold: the check is aborted (it ends as failed, "Check aborted by an administrator") and every hold it
 *   has still open gives its pages back;
 * - cancel_reversal: a 'reverse' entry is undone by a compensating 'reverse' entry of the opposite sum (the pages
 *   come back; a card refund that went with it is not undone).
 */
export const LEDGER_ADMIN_ACTIONS = ['release_hold', 'cancel_hold', 'cancel_reversal'] as const;
export type LedgerAdminAction = (typeof LEDGER_ADMIN_ACTIONS)[number];

/** Who made an entry: a person (the account's holder, a member), a site administrator, or the service itself. */
export const TransactionActorSchema = z.object({
  kind: z.enum(['user', 'administrator', 'system']),
  /** The person's name ('' when none was given); '' for an administrator or the service. */
  name: z.string(),
  /** The person's e-mail; null for an administrator (to account holders) or the service. */
  email: z.string().nullable(),
});
export type TransactionActor = z.infer<typeof TransactionActorSchema>;

export const TransactionSchema = z.object({
  id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  /** ISO date and time. */
  date: z.string(),
  by: TransactionActorSchema,
  bucket: z.enum(TRANSACTION_BUCKETS),
  /** The change of the spendable pages (negative: pages taken); a hold's pages are reserved, a charge spends them. */
  sum: z.number().int(),
  /** The change of the reserved pages (a hold +, its charge or release −). */
  held: z.number().int(),
  note: z.string(),
  /** What the entry was for, when it is one of these. */
  subject: z
    .object({ kind: z.enum(['document', 'ai_check', 'order', 'subscription']), id: z.number().int() })
    .nullable(),
  /**
   * A hold: open (not settled yet), charged, released or cancelled (by an administrator); a reversal: cancelled
   * once an administrator undid it. null otherwise.
   */
  status: z.enum(['open', 'charged', 'released', 'cancelled']).nullable(),
  /** The entry is an administrator's correction (which one), or null. */
  admin_action: z.enum(LEDGER_ADMIN_ACTIONS).nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** The page fields of a list query (a function, so that the client's build can leave unused schemas out). */
const pageQuery = () => ({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
const GroupIdQuery = z.coerce.number().int().positive().max(2_147_483_647);

/** GET /api/v1/billing/transactions/ and …/invoices/: the caller's own, or (group_id) an organisation's (owner). */
export const BillingListQuerySchema = z.object({ group_id: GroupIdQuery.optional(), ...pageQuery() });

export const BillingBalanceSchema = z.object({
  balance: z.number().int(),
  bonus: z.number().int(),
  ai_balance: z.number().int(),
});

/** The account a ledger belongs to: the caller's own, or an organisation's. */
export const BillingAccountSchema = z.object({
  kind: z.enum(['user', 'group']),
  group_id: z.number().int().nullable(),
  /** The organisation's name, or the holder's name (or e-mail) for a personal account. */
  name: z.string(),
  balance: BillingBalanceSchema,
  held: BillingBalanceSchema,
});
export type BillingAccount = z.infer<typeof BillingAccountSchema>;

export const TransactionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    account: BillingAccountSchema,
    transactions: z.array(TransactionSchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponseSchema>;

export const InvoiceSchema = z.object({
  id: z.number().int(),
  /** Consecutive per calendar year, without gaps: VT-2026-000123. */
  number: z.string(),
  kind: z.enum(['order', 'subscription']),
  /** The subscription's or the packs' name, as the invoice's lines say. */
  title: z.string(),
  /** ISO: when the payment was made, and when the invoice was issued. */
  paid_at: z.string(),
  issued_at: z.string(),
  currency: z.string(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  vat_percent: z.number(),
  vat: z.number().int(),
  /** The amount paid. */
  total: z.number().int(),
  /** The organisation the purchase was for, or null. */
  organisation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** GET: the invoice as a PDF (its buyer, or the organisation's owner). */
  pdf_url: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoicesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    invoices: z.array(InvoiceSchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});
export type InvoicesResponse = z.infer<typeof InvoicesResponseSchema>;

export const InvoiceIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** The PDF's language (default: the buyer's). */
export const InvoicePdfQuerySchema = z.object({ language: z.enum(['en', 'es']).optional() });

/* ---- site administrators (§4) ---- */

/** GET /api/v1/admin/billing/transactions/: one account's ledger, found by its holder's e-mail or organisation id. */
export const AdminTransactionsQuerySchema = z
  .object({
    email: z.string().trim().min(3).max(50).optional(),
    group_id: GroupIdQuery.optional(),
    ...pageQuery(),
  })
  .refine((query) => (query.email === undefined) !== (query.group_id === undefined), {
    message: 'Give either email or group_id.',
    path: ['email'],
  });

export const LedgerEntryParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST …/release/, …/cancel-hold/, …/cancel-reversal/: an optional note kept with the correction. */
export const LedgerAdminActionFormSchema = z
  .object({ note: z.string().trim().max(200).optional(), _csrf_token: z.string().max(200).optional() })
  .optional();

export const LedgerAdminActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** The correcting entries (cancel_hold: one per hold of the check), newest last. */
    entries: z.array(TransactionSchema),
    /** The correction had been made before: nothing changed this time. */
    is_repeat: z.boolean(),
  }),
});
export type LedgerAdminActionResponse = z.infer<typeof LedgerAdminActionResponseSchema>;

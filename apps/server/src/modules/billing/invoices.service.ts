import { BILLING_INVOICES_PATH, type Invoice } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findMembershipsOfUser, type UserRecord } from '../auth/users.repository.ts';
import { findPackage, findSubscriptionPlan } from '../commerce/catalogue.ts';
import { findLatestPaymentSession, listItems, type PaymentSessionRecord } from '../commerce/commerce.repository.ts';
import type { SubscriptionPaymentRecord, SubscriptionRecord } from '../subscriptions/subscriptions.repository.ts';
import { billingSettings } from './billing.settings.ts';
import type { InvoicePdfInput } from './invoice.pdf.ts';
import type { InvoiceRenderer } from './invoice-renderer.ts';
import { invoiceLanguage, type InvoiceLanguage } from './invoice-words.ts';
import {
  findBuyer,
  findGroupNames,
  findInvoice,
  findInvoiceOfOrder,
  findInvoiceOfPayment,
  insertInvoice,
  listInvoices,
  takeInvoiceNumber,
  type InvoiceLine,
  type InvoiceRecord,
  type NewInvoice,
} from './invoices.repository.ts';

/*
 * Invoices (issue 16): one per paid pack order and one per subscription payment, issued inside the payment's own
 * transaction (commerce.service.ts completeSession, subscriptions.service.ts creditPeriod), so a payment is never
 * recorded without its invoice nor an invoice without its payment, and a replayed webhook (which records nothing)
 * issues none. Numbers: INVOICE_PREFIX-YEAR-NNNNNN, consecutive within each calendar year (UTC) of issue, without
 * gaps (invoices.repository.ts takeInvoiceNumber). Everything the invoice says is frozen then.
 */

export function formatInvoiceNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${String(year)}-${String(sequence).padStart(6, '0')}`;
}

/** Totals with VAT on top: the payment's gross `amount` split into the net and the VAT at `vatPercent`. */
export function splitGross(amount: number, vatPercent: number): { subtotal: number; vat: number } {
  // computeTotals rounds the VAT of a net amount; find the net whose total is exactly the amount paid
  const guess = Math.round((amount * 100) / (100 + vatPercent));
  for (const net of [guess, guess - 1, guess + 1, guess - 2, guess + 2]) {
    if (net >= 0 && net + Math.round((net * vatPercent) / 100) === amount) return { subtotal: net, vat: amount - net };
  }
  return { subtotal: guess, vat: amount - guess };
}

async function issue(tx: Queryable, invoice: Omit<NewInvoice, 'number' | 'year' | 'sequence'>) {
  const { year, sequence } = await takeInvoiceNumber(tx);
  const number = formatInvoiceNumber(billingSettings().invoicePrefix, year, sequence);
  const inserted = await insertInvoice(tx, { ...invoice, number, year, sequence });
  // Callers look for an existing invoice first, under the payment's own lock: a conflict here is a bug.
  if (inserted === null) throw new Error(`invoice ${number} was not recorded (its payment has one already)`);
  return inserted;
}

/**
 * The invoice of a paid pack order (from completeSession, once the order is paid): its packs as lines, the totals
 * frozen in the payment session, the buyer's profile, and the organisation when the packs were for one.
 */
export async function issueOrderInvoice(
  tx: Queryable,
  order: { id: number; user_id: number },
  session: PaymentSessionRecord,
): Promise<InvoiceRecord> {
  const existing = await findInvoiceOfOrder(tx, order.id);
  if (existing !== null) return existing;
  const items = (await listItems(tx, order.id)).filter((item) => item.kind === 'package' && item.service !== null);
  const groupIds = [...new Set(items.flatMap((item) => (item.group_id === null ? [] : [item.group_id])))];
  const groupNames = await findGroupNames(tx, groupIds);
  const lines: InvoiceLine[] = items.flatMap((item) => {
    const pack = findPackage(item.service ?? '');
    if (pack === null) return [];
    return [
      {
        kind: 'pack' as const,
        name: pack.name,
        type: pack.type,
        pages: pack.pages,
        quantity: item.quantity,
        unit_price: pack.price,
        amount: pack.price * item.quantity,
        organisation: item.group_id === null ? null : (groupNames.get(item.group_id) ?? null),
      },
    ];
  });
  // the organisation's when every pack was for the same one
  const groupId = groupIds.length === 1 && items.every((item) => item.group_id !== null) ? (groupIds[0] ?? null) : null;
  const buyer = await findBuyer(tx, order.user_id);
  return issue(tx, {
    kind: 'order',
    order_id: order.id,
    subscription_payment_id: null,
    user_id: order.user_id,
    group_id: groupId,
    title: [...new Set(lines.map((line) => line.name))].join(', '),
    seller: billingSettings().seller,
    buyer: {
      name: buyer?.name ?? '',
      email: buyer?.email ?? '',
      organisation: groupId === null ? null : (groupNames.get(groupId) ?? null),
    },
    lines,
    currency: session.currency,
    subtotal: session.subtotal,
    discount: session.discount,
    vat_percent: session.vat_percent,
    vat: session.vat,
    total: session.amount,
    language: buyer?.language === 'es' ? 'es' : 'en',
    paid_at: null,
  });
}

/**
 * The invoice of a subscription payment (from creditPeriod, once the payment is recorded): a first month, a
 * renewal, or an upgrade's prorated charge. The first month's totals are those frozen at its checkout; a later
 * payment's amount (VAT included) is split at the configured VAT rate.
 */
export async function issueSubscriptionInvoice(
  tx: Queryable,
  subscription: SubscriptionRecord,
  payment: SubscriptionPaymentRecord,
): Promise<InvoiceRecord> {
  const existing = await findInvoiceOfPayment(tx, payment.id);
  if (existing !== null) return existing;
  const plan = findSubscriptionPlan(subscription.plan);
  const organisation =
    subscription.group_id === null
      ? null
      : ((await findGroupNames(tx, [subscription.group_id])).get(subscription.group_id) ?? null);
  const checkout = payment.reason === 'create' ? await findLatestPaymentSession(tx, subscription.order_id) : null;
  const vatPercent = billingSettings().vatPercent;
  const totals =
    checkout !== null && checkout.amount === payment.amount
      ? {
          subtotal: checkout.subtotal,
          discount: checkout.discount,
          vat: checkout.vat,
          vat_percent: checkout.vat_percent,
        }
      : { ...splitGross(payment.amount, vatPercent), discount: 0, vat_percent: vatPercent };
  const name = plan?.name ?? subscription.plan;
  const buyer = await findBuyer(tx, subscription.user_id);
  return issue(tx, {
    kind: 'subscription',
    order_id: null,
    subscription_payment_id: payment.id,
    user_id: subscription.user_id,
    group_id: subscription.group_id,
    title: name,
    seller: billingSettings().seller,
    buyer: { name: buyer?.name ?? '', email: buyer?.email ?? '', organisation },
    lines: [
      {
        kind: 'subscription',
        name,
        reason: payment.reason,
        period_start: payment.period_start.toISOString(),
        period_end: payment.period_end.toISOString(),
        pages: payment.pages,
        ai_pages: payment.ai_pages,
        quantity: 1,
        unit_price: totals.subtotal,
        amount: totals.subtotal,
        organisation,
      },
    ],
    currency: checkout?.currency ?? 'USD',
    subtotal: totals.subtotal,
    discount: totals.discount,
    vat_percent: totals.vat_percent,
    vat: totals.vat,
    total: payment.amount,
    language: buyer?.language === 'es' ? 'es' : 'en',
    paid_at: payment.paid_at,
  });
}

/* ------------------------------------------------------------------ reading */

export function invoicePdfPath(id: number): string {
  return `${BILLING_INVOICES_PATH}${String(id)}/pdf/`;
}

export function toInvoice(invoice: InvoiceRecord): Invoice {
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    title: invoice.title,
    paid_at: invoice.paid_at.toISOString(),
    issued_at: invoice.issued_at.toISOString(),
    currency: invoice.currency,
    subtotal: invoice.subtotal,
    discount: invoice.discount,
    vat_percent: invoice.vat_percent,
    vat: invoice.vat,
    total: invoice.total,
    organisation: invoice.group_id === null ? null : { id: invoice.group_id, name: invoice.buyer.organisation ?? '' },
    pdf_url: invoicePdfPath(invoice.id),
  };
}

/** Whether the user owns (role 1) the organisation now. */
export async function ownsGroup(db: Queryable, userId: number, groupId: number): Promise<boolean> {
  return (await findMembershipsOfUser(db, userId)).some((group) => group.id === groupId && group.role === 1);
}

/**
 * The caller's invoices: every payment they made (their own purchases, and those for an organisation, marked with
 * it); with a group id, the organisation's, for its owner (role 1) only.
 */
export async function invoicesOf(
  db: Queryable,
  user: UserRecord,
  query: { groupId: number | null; page: number; perPage: number },
): Promise<{ invoices: Invoice[]; total: number }> {
  if (query.groupId !== null && !(await ownsGroup(db, user.id, query.groupId))) {
    throw new AppError('group_owner_required', {
      message: 'Only the organisation owner can see its invoices.',
      fields: { group_id: 'not the owner' },
    });
  }
  const found = await listInvoices(db, query.groupId === null ? { userId: user.id } : { groupId: query.groupId }, {
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { invoices: found.invoices.map(toInvoice), total: found.total };
}

/** An invoice its buyer or the organisation's owner may read; anyone else is told it does not exist. */
export async function readableInvoice(db: Queryable, user: UserRecord, id: number): Promise<InvoiceRecord> {
  const invoice = await findInvoice(db, id);
  if (invoice === null) throw new AppError('not_found');
  if (invoice.user_id === user.id) return invoice;
  if (invoice.group_id !== null && (await ownsGroup(db, user.id, invoice.group_id))) return invoice;
  throw new AppError('not_found');
}

/** What the PDF of an invoice shows, in `language` (default: the buyer's language when it was issued). */
export function invoicePdfInput(invoice: InvoiceRecord, language?: InvoiceLanguage): InvoicePdfInput {
  return {
    number: invoice.number,
    issuedAt: invoice.issued_at,
    paidAt: invoice.paid_at,
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: invoice.lines,
    currency: invoice.currency,
    subtotal: invoice.subtotal,
    discount: invoice.discount,
    vatPercent: invoice.vat_percent,
    vat: invoice.vat,
    total: invoice.total,
    language: language ?? invoiceLanguage(invoice.language),
  };
}

/** The PDF of an invoice its buyer or the organisation's owner asks for: veritext-invoice-{number}.pdf. */
export async function invoicePdf(
  db: Queryable,
  renderer: Pick<InvoiceRenderer, 'render'>,
  user: UserRecord,
  request: { id: number; language?: InvoiceLanguage },
): Promise<{ fileName: string; pdf: Buffer }> {
  const invoice = await readableInvoice(db, user, request.id);
  const pdf = await renderer.render(invoicePdfInput(invoice, request.language));
  return { fileName: `veritext-invoice-${invoice.number}.pdf`, pdf };
}

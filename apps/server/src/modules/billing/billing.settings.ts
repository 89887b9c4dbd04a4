/**
 * What billing takes from the configuration (config.ts: SELLER_*, INVOICE_PREFIX, VAT_PERCENT, PUBLIC_URL, SMTP):
 * set once at start-up (`configureBilling`, by buildApp and by the worker role), because invoices are issued inside
 * the payment's own transaction, deep in the webhook's handling, where only that transaction is at hand. Until it is
 * set, the development defaults apply.
 */

export type Seller = {
  name: string;
  /** The postal address, lines separated by "\n". */
  address: string;
  /** The VAT (tax) number; '' when there is none. */
  vatId: string;
  email: string;
};

export type BillingSettings = {
  seller: Seller;
  /** Invoice numbers read PREFIX-YEAR-NNNNNN. */
  invoicePrefix: string;
  vatPercent: number;
  /** Links in receipts. */
  publicUrl: string;
  /** Receipts over SMTP; null: the local outbox. */
  smtp: { url: string; from: string } | null;
};

/** config.ts's defaults: a development seller that says what it is. */
export const DEFAULT_SELLER: Seller = {
  name: 'Veritext (development)',
  address: '1 Example Street\n00000 Example City',
  vatId: '',
  email: 'billing@example.com',
};

export const DEFAULT_INVOICE_PREFIX = 'VT';

let settings: BillingSettings = {
  seller: DEFAULT_SELLER,
  invoicePrefix: DEFAULT_INVOICE_PREFIX,
  vatPercent: 0,
  publicUrl: 'http://localhost:3000',
  smtp: null,
};

export function configureBilling(value: BillingSettings): void {
  settings = value;
}

export function billingSettings(): BillingSettings {
  return settings;
}

import type { InvoiceLine } from './invoices.repository.ts';

/**
 * The words of an invoice, in English and Spanish (the PDF and the receipt e-mail): money and dates in the
 * language's format, a line's description from its frozen facts.
 */

export type InvoiceLanguage = 'en' | 'es';

export function invoiceLanguage(language: string | null | undefined): InvoiceLanguage {
  return language === 'es' ? 'es' : 'en';
}

const LOCALES: Record<InvoiceLanguage, string> = { en: 'en-US', es: 'es-ES' };

/** Cents as the currency in the language's format: 1199 → "$11.99" / "11,99 US$". */
export function formatMoney(cents: number, currency: string, language: InvoiceLanguage): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }).format(cents / 100);
}

/** A date (UTC) in words: "May 12, 2026" / "12 de mayo de 2026". */
export function formatDay(date: Date, language: InvoiceLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A rate: 20 → "20 %" (no-break space), 7.5 → "7.5 %" / "7,5 %". */
export function formatRate(percent: number, language: InvoiceLanguage): string {
  return `${new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 }).format(percent)}\u00a0%`;
}

const count = (n: number, language: InvoiceLanguage): string => new Intl.NumberFormat(LOCALES[language]).format(n);

export const INVOICE_WORDS = {
  en: {
    invoice: 'Invoice',
    subject: 'Veritext invoice',
    number: 'Invoice number',
    issued: 'Date of issue',
    paid: 'Payment date',
    status: 'Paid by card',
    seller: 'From',
    buyer: 'Billed to',
    vatId: (id: string) => `VAT number: ${id}`,
    organisation: (name: string) => `Organisation: ${name}`,
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    vat: (rate: string) => `VAT (${rate})`,
    total: 'Total paid',
    thanks: 'Thank you for your purchase.',
    page: (page: number, pages: number) => `Page ${String(page)} of ${String(pages)}`,
    pack: (line: Extract<InvoiceLine, { kind: 'pack' }>) =>
      `${line.name}: ${count(line.pages, 'en')} ${line.type === 'ai' ? 'AI pages' : 'pages'}`,
    forOrganisation: (name: string) => `For ${name}`,
    subscription: (name: string) => `${name} subscription`,
    reasons: { create: 'first month', cycle: 'renewal', update: 'upgrade: the prorated difference' },
    period: (from: string, to: string) => `${from} to ${to}`,
    pagesCredited: (pages: number, aiPages: number) =>
      `Credited: ${[
        pages > 0 ? `${count(pages, 'en')} pages` : null,
        aiPages > 0 ? `${count(aiPages, 'en')} AI pages` : null,
      ]
        .filter((part) => part !== null)
        .join(' and ')}`,
  },
  es: {
    invoice: 'Factura',
    subject: 'Factura de Veritext',
    number: 'Número de factura',
    issued: 'Fecha de emisión',
    paid: 'Fecha de pago',
    status: 'Pagada con tarjeta',
    seller: 'De',
    buyer: 'Facturado a',
    vatId: (id: string) => `NIF/IVA: ${id}`,
    organisation: (name: string) => `Organización: ${name}`,
    description: 'Descripción',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    amount: 'Importe',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    vat: (rate: string) => `IVA (${rate})`,
    total: 'Total pagado',
    thanks: 'Gracias por tu compra.',
    page: (page: number, pages: number) => `Página ${String(page)} de ${String(pages)}`,
    pack: (line: Extract<InvoiceLine, { kind: 'pack' }>) =>
      `${line.name}: ${count(line.pages, 'es')} ${line.type === 'ai' ? 'páginas de IA' : 'páginas'}`,
    forOrganisation: (name: string) => `Para ${name}`,
    subscription: (name: string) => `Suscripción ${name}`,
    reasons: { create: 'primer mes', cycle: 'renovación', update: 'mejora de plan: diferencia prorrateada' },
    period: (from: string, to: string) => `Del ${from} al ${to}`,
    pagesCredited: (pages: number, aiPages: number) =>
      `Acreditado: ${[
        pages > 0 ? `${count(pages, 'es')} páginas` : null,
        aiPages > 0 ? `${count(aiPages, 'es')} páginas de IA` : null,
      ]
        .filter((part) => part !== null)
        .join(' y ')}`,
  },
} as const;

/** A line's description: its first row, then its details (period, pages credited, the organisation). */
export function describeLine(line: InvoiceLine, language: InvoiceLanguage): { title: string; details: string[] } {
  const w = INVOICE_WORDS[language];
  const details: string[] = [];
  let title: string;
  if (line.kind === 'pack') {
    title = w.pack(line);
  } else {
    title = `${w.subscription(line.name)} (${w.reasons[line.reason]})`;
    details.push(
      w.period(formatDay(new Date(line.period_start), language), formatDay(new Date(line.period_end), language)),
    );
    if (line.pages > 0 || line.ai_pages > 0) details.push(w.pagesCredited(line.pages, line.ai_pages));
  }
  if (line.organisation !== null) details.push(w.forOrganisation(line.organisation));
  return { title, details };
}

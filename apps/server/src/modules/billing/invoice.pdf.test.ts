import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { formatInvoiceNumber, splitGross } from './invoices.service.ts';
import { renderInvoicePdf, type InvoicePdfInput } from './invoice.pdf.ts';
import { billingPageUrl, renderReceipt } from './receipts.ts';
import { subjectOf } from './transactions.service.ts';

const INPUT: InvoicePdfInput = {
  number: 'VT-2026-000042',
  issuedAt: new Date('2026-05-12T10:00:00Z'),
  paidAt: new Date('2026-05-12T09:59:00Z'),
  seller: { name: 'Veritext Ltd', address: '1 Main Street\n1000 Town', vatId: 'EU999', email: 'billing@v.test' },
  buyer: { name: 'Nora Núñez', email: 'nora@example.com', organisation: 'Colegio Ñandú' },
  lines: [
    {
      kind: 'subscription',
      name: 'Standard Teams',
      reason: 'cycle',
      period_start: '2026-05-12T09:59:00.000Z',
      period_end: '2026-06-12T09:59:00.000Z',
      pages: 1000,
      ai_pages: 100,
      quantity: 1,
      unit_price: 4999,
      amount: 4999,
      organisation: 'Colegio Ñandú',
    },
  ],
  currency: 'USD',
  subtotal: 4999,
  discount: 0,
  vatPercent: 21,
  vat: 1050,
  total: 6049,
  language: 'en',
};

async function textOf(input: InvoicePdfInput): Promise<{ text: string; pages: number }> {
  const proxy = await getDocumentProxy(new Uint8Array(await renderInvoicePdf(input)));
  const { text } = await extractText(proxy, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: proxy.numPages };
}

describe('the invoice PDF', () => {
  it('says a subscription payment in English: period, pages credited, organisation, VAT and total', async () => {
    const { text, pages } = await textOf(INPUT);
    expect(pages).toBe(1);
    for (const expected of [
      'Invoice VT-2026-000042',
      'Date of issue May 12, 2026',
      'Payment date May 12, 2026',
      'Veritext Ltd 1 Main Street 1000 Town VAT number: EU999 billing@v.test',
      'Nora Núñez nora@example.com Organisation: Colegio Ñandú',
      'Standard Teams subscription (renewal)',
      'May 12, 2026 to June 12, 2026',
      'Credited: 1,000 pages and 100 AI pages',
      'For Colegio Ñandú',
      'Subtotal $49.99',
      'VAT (21 %) $10.50',
      'Total paid $60.49',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Discount');
  });

  it('says it in Spanish, with a discount, and runs over a second page when the lines do', async () => {
    const packs = Array.from({ length: 30 }, (_, index) => ({
      kind: 'pack' as const,
      name: `Pack ${String(index + 1)}`,
      type: index % 2 === 0 ? ('pages' as const) : ('ai' as const),
      pages: 1500,
      quantity: 2,
      unit_price: 999,
      amount: 1998,
      organisation: null,
    }));
    const { text, pages } = await textOf({
      ...INPUT,
      language: 'es',
      lines: packs,
      subtotal: 59940,
      discount: 5994,
      vat: 11329,
      total: 65275,
    });
    expect(pages).toBe(2);
    for (const expected of [
      'Factura VT-2026-000042',
      'Fecha de emisión 12 de mayo de 2026',
      'Pack 1: 1500 páginas',
      'Pack 30: 1500 páginas de IA',
      'Descuento -59,94 US$',
      'IVA (21 %) 113,29 US$',
      'Total pagado 652,75 US$',
      'Página 2 de 2',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('billing helpers', () => {
  it('numbers invoices PREFIX-YEAR-NNNNNN', () => {
    expect(formatInvoiceNumber('VT', 2026, 123)).toBe('VT-2026-000123');
    expect(formatInvoiceNumber('ACME', 2027, 1_234_567)).toBe('ACME-2027-1234567');
  });

  it('splits an amount paid into the net and the VAT that computeTotals would have added', () => {
    expect(splitGross(1199, 20)).toEqual({ subtotal: 999, vat: 200 });
    expect(splitGross(6049, 21)).toEqual({ subtotal: 4999, vat: 1050 });
    expect(splitGross(500, 0)).toEqual({ subtotal: 500, vat: 0 });
    for (let net = 0; net < 3000; net += 37) {
      const gross = net + Math.round((net * 7.5) / 100);
      const split = splitGross(gross, 7.5);
      expect(split.subtotal + split.vat).toBe(gross);
      expect(split.vat).toBe(Math.round((split.subtotal * 7.5) / 100));
    }
  });

  it('reads what an entry was for from its reference', () => {
    expect(subjectOf('text-check:12')).toEqual({ kind: 'document', id: 12 });
    expect(subjectOf('ai-check:3')).toEqual({ kind: 'ai_check', id: 3 });
    expect(subjectOf('order:7:item:9')).toEqual({ kind: 'order', id: 7 });
    expect(subjectOf('order:7:refund:item:9')).toEqual({ kind: 'order', id: 7 });
    expect(subjectOf('subscription:4:cycle:2026-05-12T00:00:00.000Z')).toEqual({ kind: 'subscription', id: 4 });
    expect(subjectOf('signup')).toBeNull();
    expect(subjectOf(null)).toBeNull();
  });

  it('writes the receipt in the buyer’s language, its HTML escaped', () => {
    const invoice = {
      number: 'VT-2026-000007',
      buyer: { name: '<Ann>', email: 'ann@example.com', organisation: null },
      lines: INPUT.lines,
      total: 1199,
      currency: 'USD',
      paid_at: new Date('2026-05-12T10:00:00Z'),
    };
    const en = renderReceipt(invoice, 'en', billingPageUrl('https://v.test', 'en'));
    expect(en.subject).toBe('Your Veritext receipt (invoice VT-2026-000007)');
    expect(en.text).toContain('Hello <Ann>,');
    expect(en.text).toContain('Thank you for your payment of $11.99 on May 12, 2026.');
    expect(en.text).toContain('See my invoice: https://v.test/profile/billing/');
    expect(en.html).toContain('Hello &lt;Ann&gt;,');
    expect(en.html).not.toContain('<Ann>');
    const es = renderReceipt(invoice, 'es', billingPageUrl('https://v.test', 'es'));
    expect(es.text).toContain('Gracias por tu pago de 11,99');
    expect(es.text).toContain('https://v.test/es/profile/billing/');
  });
});

describe('billing configuration', () => {
  it('has a development seller and takes the real one from SELLER_*', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).billing).toEqual({
      seller: {
        name: 'Veritext (development)',
        address: '1 Example Street\n00000 Example City',
        vatId: '',
        email: 'billing@example.com',
      },
      invoicePrefix: 'VT',
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      SELLER_NAME: 'Veritext Ltd',
      SELLER_ADDRESS: '1 Main Street | 1000 Town|Country',
      SELLER_VAT_ID: 'EU123',
      MAIL_FROM: 'Veritext <no-reply@veritext.example>',
      SMTP_URL: 'smtp://mail.example.com',
      INVOICE_PREFIX: 'INV',
    });
    expect(config.billing).toEqual({
      seller: {
        name: 'Veritext Ltd',
        address: '1 Main Street\n1000 Town\nCountry',
        vatId: 'EU123',
        email: 'no-reply@veritext.example',
      },
      invoicePrefix: 'INV',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', INVOICE_PREFIX: 'vt-1' })).toThrow(/INVOICE_PREFIX/);
    expect(() => loadConfig({ NODE_ENV: 'test', SELLER_EMAIL: 'not an address' })).toThrow(/SELLER_EMAIL/);
  });

  it('requires the seller in production: a placeholder must not reach a customer', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example.com',
      MAIL_FROM: 'no-reply@example.com',
      PUBLIC_URL: 'https://x.example',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(() => loadConfig(production)).toThrow(/SELLER_NAME, SELLER_ADDRESS: required in production/);
    expect(loadConfig({ ...production, SELLER_NAME: 'V', SELLER_ADDRESS: 'A' }).billing.seller.name).toBe('V');
  });
});

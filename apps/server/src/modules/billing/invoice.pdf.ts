import { BOLD, numberPages, openReportDocument, REGULAR } from '../ai-checks/ai-report.pdf.ts';
import type { Seller } from './billing.settings.ts';
import type { InvoiceBuyer, InvoiceLine } from './invoices.repository.ts';
import {
  describeLine,
  formatDay,
  formatMoney,
  formatRate,
  INVOICE_WORDS,
  type InvoiceLanguage,
} from './invoice-words.ts';

/*
 * An invoice as an A4 PDF, in English or Spanish: the number and dates, the seller (configuration) and the buyer
 * (profile), the lines, subtotal, discount, VAT and the total paid. Pure: input in, bytes out; it runs in a worker
 * thread (invoice.worker.ts) like the reports, on their document set-up (DejaVu fonts, so the text is real text
 * that can be copied and extracted).
 */

export type InvoicePdfInput = {
  number: string;
  issuedAt: Date;
  paidAt: Date;
  seller: Seller;
  buyer: InvoiceBuyer;
  lines: readonly InvoiceLine[];
  currency: string;
  subtotal: number;
  discount: number;
  vatPercent: number;
  vat: number;
  total: number;
  language: InvoiceLanguage;
};

const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';

export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const w = INVOICE_WORDS[input.language];
  const money = (cents: number): string => formatMoney(cents, input.currency, input.language);
  const { doc, done } = openReportDocument({
    title: `${w.invoice} ${input.number}`,
    subject: w.subject,
    lang: input.language,
    createdAt: input.issuedAt,
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom - 24;

  // Heading: the word, the seller's name, the number and dates on the right.
  const top = doc.page.margins.top;
  doc.font(BOLD).fontSize(22).fillColor(INK).text(w.invoice, left, top);
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(MUTED)
    .text(input.seller.name, left, doc.y + 2, { width: width / 2 });
  const facts: [string, string][] = [
    [w.number, input.number],
    [w.issued, formatDay(input.issuedAt, input.language)],
    [w.paid, formatDay(input.paidAt, input.language)],
  ];
  let y = top + 4;
  for (const [label, value] of facts) {
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, left + width / 2, y, { width: width / 4 });
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor(INK)
      .text(value, left + (3 * width) / 4, y, { width: width / 4, align: 'right' });
    y += 14;
  }
  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor('#137a3b')
    .text(w.status, left + width / 2, y + 2, { width: width / 2, align: 'right' });

  // Seller and buyer, side by side.
  const partiesTop = Math.max(doc.y, y + 16) + 18;
  // the buyer's column is the wider: an e-mail address is one long word
  const column = (x: number, columnWidth: number, heading: string, rows: readonly string[]): number => {
    doc.font(BOLD).fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), x, partiesTop, { width: columnWidth });
    doc.moveDown(0.3).font(REGULAR).fontSize(9.5).fillColor(INK);
    for (const row of rows) doc.text(row, x, doc.y, { width: columnWidth });
    return doc.y;
  };
  const sellerRows = [
    input.seller.name,
    ...input.seller.address.split('\n').filter((row) => row.trim() !== ''),
    ...(input.seller.vatId === '' ? [] : [w.vatId(input.seller.vatId)]),
    input.seller.email,
  ];
  const buyerRows = [
    ...(input.buyer.name.trim() === '' ? [] : [input.buyer.name]),
    input.buyer.email,
    ...(input.buyer.organisation === null ? [] : [w.organisation(input.buyer.organisation)]),
  ];
  const sellerBottom = column(left, width * 0.42, w.seller, sellerRows);
  const buyerBottom = column(left + width * 0.46, width * 0.54, w.buyer, buyerRows);

  // The lines: description (with its details), quantity, unit price, amount.
  const columns = {
    description: left,
    quantity: left + width * 0.56,
    unit: left + width * 0.64,
    amount: left + width * 0.82,
  };
  const widths = { description: width * 0.54, quantity: width * 0.08, unit: width * 0.18, amount: width * 0.18 };
  let rowTop = Math.max(sellerBottom, buyerBottom) + 28;
  const header = (): void => {
    doc.font(BOLD).fontSize(9).fillColor(MUTED);
    doc.text(w.description, columns.description, rowTop, { width: widths.description });
    doc.text(w.quantity, columns.quantity, rowTop, { width: widths.quantity, align: 'right' });
    doc.text(w.unitPrice, columns.unit, rowTop, { width: widths.unit, align: 'right' });
    doc.text(w.amount, columns.amount, rowTop, { width: widths.amount, align: 'right' });
    rowTop += 16;
    doc
      .save()
      .moveTo(left, rowTop - 4)
      .lineTo(left + width, rowTop - 4)
      .lineWidth(0.8)
      .strokeColor(RULE)
      .stroke()
      .restore();
  };
  header();
  for (const line of input.lines) {
    const { title, details } = describeLine(line, input.language);
    doc.font(REGULAR).fontSize(10);
    const height =
      doc.heightOfString(title, { width: widths.description }) +
      details.reduce((sum, detail) => sum + doc.fontSize(9).heightOfString(detail, { width: widths.description }), 0) +
      10;
    if (rowTop + height > bottom) {
      doc.addPage();
      rowTop = doc.page.margins.top;
      header();
    }
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(INK)
      .text(title, columns.description, rowTop, { width: widths.description });
    doc.fontSize(9).fillColor(MUTED);
    for (const detail of details) doc.text(detail, columns.description, doc.y, { width: widths.description });
    doc.fontSize(10).fillColor(INK);
    doc.text(String(line.quantity), columns.quantity, rowTop, { width: widths.quantity, align: 'right' });
    doc.text(money(line.unit_price), columns.unit, rowTop, { width: widths.unit, align: 'right' });
    doc.text(money(line.amount), columns.amount, rowTop, { width: widths.amount, align: 'right' });
    rowTop += height;
    doc
      .save()
      .moveTo(left, rowTop - 5)
      .lineTo(left + width, rowTop - 5)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
      .restore();
  }

  // The totals, right-aligned under the amounts.
  const totals: [string, string, boolean][] = [[w.subtotal, money(input.subtotal), false]];
  if (input.discount > 0) totals.push([w.discount, money(-input.discount), false]);
  totals.push([w.vat(formatRate(input.vatPercent, input.language)), money(input.vat), false]);
  totals.push([w.total, money(input.total), true]);
  if (rowTop + totals.length * 18 + 40 > bottom) {
    doc.addPage();
    rowTop = doc.page.margins.top;
  }
  rowTop += 6;
  for (const [label, value, isTotal] of totals) {
    doc
      .font(isTotal ? BOLD : REGULAR)
      .fontSize(isTotal ? 12 : 10)
      .fillColor(INK);
    doc.text(label, columns.unit - width * 0.2, rowTop, { width: widths.unit + width * 0.2, align: 'right' });
    doc.text(value, columns.amount, rowTop, { width: widths.amount, align: 'right' });
    rowTop += isTotal ? 20 : 16;
  }

  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(MUTED)
    .text(w.thanks, left, rowTop + 24, { width });

  numberPages(doc, `${w.invoice} ${input.number}`, w.page);
  doc.end();
  return done;
}

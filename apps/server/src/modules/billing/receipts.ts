import type { Database } from '../../db/database.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { escapeHtml, type RenderedMail } from '../mail/mail.templates.ts';
import {
  claimDueReceipts,
  markReceiptFailed,
  markReceiptSent,
  type InvoiceLine,
  type InvoiceRecord,
} from './invoices.repository.ts';
import { describeLine, formatDay, formatMoney, invoiceLanguage, type InvoiceLanguage } from './invoice-words.ts';

/*
 * The receipt after each payment: an e-mail to the buyer with what was paid and a link to the invoice in the
 * cabinet's Billing page, where its PDF is downloaded (the PDF is not attached: the mail module sends text and
 * HTML only, and the link needs the buyer's login, which an attachment forwarded by mistake would not).
 *
 * An invoice is issued inside the payment's transaction; its receipt goes after it committed, from a job
 * (billing.jobs.ts, every minute) that claims the invoices whose receipt is due: at least once (a crash between
 * sending and marking sends it again), up to RECEIPT_ATTEMPTS tries.
 */

export const RECEIPT_ATTEMPTS = 5;
const CLAIM_STALE_MINUTES = 10;
const BATCH = 20;

/** The Billing page of the cabinet, in the reader's language. */
export function billingPageUrl(publicUrl: string, language: InvoiceLanguage): string {
  return `${publicUrl}${language === 'es' ? '/es' : ''}/profile/billing/`;
}

const COPY = {
  en: {
    subject: (number: string) => `Your Veritext receipt (invoice ${number})`,
    greeting: (name: string) => (name === '' ? 'Hello,' : `Hello ${name},`),
    paid: (amount: string, date: string) => `Thank you for your payment of ${amount} on ${date}.`,
    invoice: (number: string) =>
      `Your invoice ${number} is ready. Open Billing in your profile to see it and download it as a PDF.`,
    total: 'Total paid',
    action: 'See my invoice',
    fallback: 'If the button does not work, copy this link into your browser:',
    signature: 'The Veritext team',
  },
  es: {
    subject: (number: string) => `Tu recibo de Veritext (factura ${number})`,
    greeting: (name: string) => (name === '' ? 'Hola:' : `Hola, ${name}:`),
    paid: (amount: string, date: string) => `Gracias por tu pago de ${amount} del ${date}.`,
    invoice: (number: string) =>
      `Tu factura ${number} ya está disponible. Abre Facturación en tu perfil para verla y descargarla en PDF.`,
    total: 'Total pagado',
    action: 'Ver mi factura',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    signature: 'El equipo de Veritext',
  },
} as const;

export function renderReceipt(
  invoice: Pick<InvoiceRecord, 'number' | 'buyer' | 'total' | 'currency' | 'paid_at'> & {
    lines: readonly InvoiceLine[];
  },
  language: InvoiceLanguage,
  link: string,
): RenderedMail {
  const copy = COPY[language];
  const subject = copy.subject(invoice.number);
  const greeting = copy.greeting(invoice.buyer.name.trim());
  const amount = formatMoney(invoice.total, invoice.currency, language);
  const lines = invoice.lines.map((line) => describeLine(line, language));
  const paragraphs = [copy.paid(amount, formatDay(invoice.paid_at, language)), copy.invoice(invoice.number)];
  const items = lines.map(({ title, details }) => [title, ...details].join(' · '));
  const text = [
    greeting,
    '',
    paragraphs[0],
    '',
    ...items.map((item) => `- ${item}`),
    `${copy.total}: ${amount}`,
    '',
    paragraphs[1],
    '',
    `${copy.action}: ${link}`,
    '',
    copy.signature,
    '',
  ].join('\n');
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(paragraphs[0] ?? '')}</p>
<ul>
${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}
</ul>
<p><strong>${escapeHtml(copy.total)}: ${escapeHtml(amount)}</strong></p>
<p>${escapeHtml(paragraphs[1] ?? '')}</p>
<p style="margin:28px 0"><a href="${href}" style="background:#1d4e89;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(copy.action)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(copy.fallback)}<br><a href="${href}">${href}</a></p>
<p>${escapeHtml(copy.signature)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}

export type ReceiptSummary = { sent: number; failed: number };

/** Sends the receipts that are due (claimed a batch at a time); each sent one is marked, a failure kept for later. */
export async function sendDueReceipts(
  db: Database,
  mailer: Mailer,
  options: { publicUrl: string; logger: { warn: (object: object, message: string) => void } },
): Promise<ReceiptSummary> {
  const summary: ReceiptSummary = { sent: 0, failed: 0 };
  for (;;) {
    const due = await claimDueReceipts(db, {
      limit: BATCH,
      staleMinutes: CLAIM_STALE_MINUTES,
      maxAttempts: RECEIPT_ATTEMPTS,
    });
    if (due.length === 0) return summary;
    for (const invoice of due) {
      const to = invoice.to_address ?? '';
      if (to === '') {
        await markReceiptFailed(db, invoice.id, 'the buyer has no e-mail address');
        summary.failed += 1;
        continue;
      }
      const language = invoiceLanguage(invoice.to_language ?? invoice.language);
      const mail = renderReceipt(invoice, language, billingPageUrl(options.publicUrl, language));
      try {
        await mailer.send({ to, ...mail, kind: 'payment_receipt', userId: invoice.user_id });
        await markReceiptSent(db, invoice.id);
        summary.sent += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        options.logger.warn({ invoiceId: invoice.id, err: error }, 'receipt e-mail failed; tried again later');
        await markReceiptFailed(db, invoice.id, reason);
        summary.failed += 1;
      }
    }
  }
}

/**
 * The invoices' worker thread: renders one PDF at a time off the server's event loop (as the reports do,
 * ai-checks/ai-report.worker.ts).
 */
import { serveThread } from '../../workers/thread-client.ts';
import { renderInvoicePdf, type InvoicePdfInput } from './invoice.pdf.ts';

serveThread(async (input: InvoicePdfInput) => {
  const pdf = await renderInvoicePdf(input);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
});

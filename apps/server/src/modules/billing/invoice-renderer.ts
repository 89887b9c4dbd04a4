import { createPdfReportRenderer, sharedPdfReportRenderer, type PdfReportRenderer } from '../ai-checks/ai-report.ts';
import type { InvoicePdfInput } from './invoice.pdf.ts';

/*
 * Invoice PDFs off the event loop: one long-lived worker thread per process, started on the first download (the
 * reports' factory, ai-checks/ai-report.ts).
 */

export type InvoiceRenderer = PdfReportRenderer<InvoicePdfInput>;

const WORKER_URL = new URL('./invoice.worker.ts', import.meta.url);

export function createInvoiceRenderer(): InvoiceRenderer {
  return createPdfReportRenderer<InvoicePdfInput>(WORKER_URL, 'Invoice');
}

const shared = sharedPdfReportRenderer(createInvoiceRenderer);

/** The process's renderer, created on first use. */
export function sharedInvoiceRenderer(): InvoiceRenderer {
  return shared.get();
}

/** Stops the shared renderer's worker (at shutdown). */
export async function closeSharedInvoiceRenderer(): Promise<void> {
  await shared.close();
}

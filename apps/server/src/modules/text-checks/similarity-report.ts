import { createPdfReportRenderer, sharedPdfReportRenderer, type PdfReportRenderer } from '../ai-checks/ai-report.ts';
import type { SimilarityReportPdfInput } from './similarity-report.pdf.ts';

/*
 * Similarity reports off the event loop: one long-lived worker thread per process, started on the
 * first report (the same factory as the AI detector's report, ai-checks/ai-report.ts).
 */

export type SimilarityReportRenderer = PdfReportRenderer<SimilarityReportPdfInput>;

const WORKER_URL = new URL('./similarity-report.worker.ts', import.meta.url);

export function createSimilarityReportRenderer(): SimilarityReportRenderer {
  return createPdfReportRenderer<SimilarityReportPdfInput>(WORKER_URL, 'Similarity report');
}

const shared = sharedPdfReportRenderer(createSimilarityReportRenderer);

/** The process's renderer, created on first use. */
export function sharedSimilarityReportRenderer(): SimilarityReportRenderer {
  return shared.get();
}

/** Stops the shared renderer's worker (at shutdown). */
export async function closeSharedSimilarityReportRenderer(): Promise<void> {
  await shared.close();
}

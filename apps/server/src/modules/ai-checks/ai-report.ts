import { createThreadClient } from '../../workers/thread-client.ts';
import type { AiReportInput } from './ai-report.pdf.ts';

/*
 * PDF reports off the event loop: one long-lived worker thread per report kind and process
 * (workers/thread-client.ts), started on the first report; fonts and pdfkit are loaded once in it.
 * The AI detector's report is here; the Similarity report (text-checks/similarity-report.ts) uses the
 * same factory.
 */

export interface PdfReportRenderer<I> {
  render(input: I): Promise<Buffer>;
  close(): Promise<void>;
}

/** A renderer whose worker (at `workerUrl`, a `serveThread` answering PDF bytes) starts on the first render. */
export function createPdfReportRenderer<I>(workerUrl: URL, name: string): PdfReportRenderer<I> {
  const client = createThreadClient<I, Uint8Array>(workerUrl, name);
  return {
    render: async (input) => {
      const pdf = await client.call(input);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    close: () => client.close(),
  };
}

/** The process's renderer of one kind, created on first use (`get`), and its shutdown (`close`). */
export function sharedPdfReportRenderer<I>(create: () => PdfReportRenderer<I>): {
  get(): PdfReportRenderer<I>;
  close(): Promise<void>;
} {
  let shared: PdfReportRenderer<I> | null = null;
  return {
    get() {
      shared ??= create();
      return shared;
    },
    async close() {
      const current = shared;
      shared = null;
      if (current !== null) await current.close();
    },
  };
}

export type AiReportRenderer = PdfReportRenderer<AiReportInput>;

const WORKER_URL = new URL('./ai-report.worker.ts', import.meta.url);

export function createAiReportRenderer(): AiReportRenderer {
  return createPdfReportRenderer<AiReportInput>(WORKER_URL, 'AI report');
}

const shared = sharedPdfReportRenderer(createAiReportRenderer);

/** The process's renderer, created on first use. */
export function sharedAiReportRenderer(): AiReportRenderer {
  return shared.get();
}

export async function closeSharedAiReportRenderer(): Promise<void> {
  await shared.close();
}

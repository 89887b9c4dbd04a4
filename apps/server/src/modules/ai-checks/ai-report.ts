import { createThreadClient } from '../../workers/thread-client.ts';
import type { AiReportInput } from './ai-report.pdf.ts';

/*
 * AI reports off the event loop: one long-lived worker thread per process (workers/thread-client.ts),
 * started on the first report; fonts and pdfkit are loaded once in it.
 */

export interface AiReportRenderer {
  render(input: AiReportInput): Promise<Buffer>;
  close(): Promise<void>;
}

const WORKER_URL = new URL('./ai-report.worker.ts', import.meta.url);

export function createAiReportRenderer(): AiReportRenderer {
  const client = createThreadClient<AiReportInput, Uint8Array>(WORKER_URL, 'AI report');
  return {
    render: async (input) => {
      const pdf = await client.call(input);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    close: () => client.close(),
  };
}

let shared: AiReportRenderer | null = null;

/** The process's renderer, created on first use. */
export function sharedAiReportRenderer(): AiReportRenderer {
  shared ??= createAiReportRenderer();
  return shared;
}

export async function closeSharedAiReportRenderer(): Promise<void> {
  const current = shared;
  shared = null;
  if (current !== null) await current.close();
}

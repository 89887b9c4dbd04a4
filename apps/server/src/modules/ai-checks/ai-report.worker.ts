/**
 * The AI report's worker thread: renders one PDF at a time, so that a long text (26,675 words take
 * about 250-400 ms) never blocks the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { renderAiReportPdf } from './ai-report.pdf.ts';
import type { ReportReply, ReportRequest } from './ai-report.ts';

const port = parentPort;
if (port === null) throw new Error('ai-report.worker.ts runs as a worker thread');

port.on('message', (request: ReportRequest) => {
  void renderAiReportPdf(request.input).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      const reply: ReportReply = { id: request.id, ok: true, pdf: bytes };
      port.postMessage(reply);
    },
    (error: unknown) => {
      const reply: ReportReply = {
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(reply);
    },
  );
});

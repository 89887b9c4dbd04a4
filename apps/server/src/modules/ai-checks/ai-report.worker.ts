/**
 * The AI report's worker thread: renders one PDF at a time, so that a long text (26,675 words take
 * about 250-400 ms) never blocks the server's event loop.
 */
import { serveThread } from '../../workers/thread-client.ts';
import { renderAiReportPdf, type AiReportInput } from './ai-report.pdf.ts';

serveThread(async (input: AiReportInput) => {
  const pdf = await renderAiReportPdf(input);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
});

/**
 * The Similarity report's worker thread: renders one PDF at a time, so that a long text never blocks
 * the server's event loop (similarity-report.ts is its client). The Buffer arrives as a Uint8Array.
 */
import { serveThread } from '../../workers/thread-client.ts';
import { renderSimilarityReportPdf } from './similarity-report.pdf.ts';

serveThread(renderSimilarityReportPdf);

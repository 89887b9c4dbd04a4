/**
 * Worker entry of page-extract.ts: extracts one HTML page per message (html-extract.ts) and posts the page, or
 * the error's message, back. The thread lives on between pages; its parent ends it when a page takes too long.
 */
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '@veritext/extract';
import { extractHtmlBytes } from './html-extract.ts';
import type { HtmlJob, HtmlReply } from './page-extract.ts';

// a hostile page may keep this thread busy until its time limit: the server's event loop comes first
lowerThreadPriority();

parentPort?.on('message', (job: HtmlJob) => {
  let reply: HtmlReply;
  try {
    reply = { ok: true, page: extractHtmlBytes(job.bytes, job.charset, job.url) };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});

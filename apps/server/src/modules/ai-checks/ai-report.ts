import { Worker } from 'node:worker_threads';
import type { AiReportInput } from './ai-report.pdf.ts';

/*
 * AI reports off the event loop: one long-lived worker thread per process, started on the first
 * report (fonts and pdfkit loaded once in it), idle it does not keep the process alive. A worker that
 * dies fails the reports it had and the next request starts a new one.
 */

export type ReportRequest = { id: number; input: AiReportInput };
export type ReportReply = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

export interface AiReportRenderer {
  render(input: AiReportInput): Promise<Buffer>;
  close(): Promise<void>;
}

type Pending = { resolve(pdf: Buffer): void; reject(error: Error): void };

const WORKER_URL = new URL('./ai-report.worker.ts', import.meta.url);

export function createAiReportRenderer(): AiReportRenderer {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function failAll(error: Error): void {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  }

  function ensureWorker(): Worker {
    if (worker !== null) return worker;
    const started = new Worker(WORKER_URL);
    started.unref();
    started.on('message', (reply: ReportReply) => {
      const entry = pending.get(reply.id);
      if (entry === undefined) return;
      pending.delete(reply.id);
      if (pending.size === 0) started.unref();
      if (reply.ok) entry.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else entry.reject(new Error(`AI report: ${reply.message}`));
    });
    started.on('error', (error: Error) => {
      if (worker === started) worker = null;
      failAll(new Error(`AI report worker failed: ${error.message}`, { cause: error }));
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`AI report worker exited with code ${code}`));
    });
    worker = started;
    return started;
  }

  return {
    render(input) {
      const target = ensureWorker();
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        target.ref();
        const request: ReportRequest = { id, input };
        target.postMessage(request);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      if (current !== null) await current.terminate();
      failAll(new Error('AI report renderer closed'));
    },
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

import { Worker } from 'node:worker_threads';
import type { AiDetection, DetectorLanguage } from '@veritext/ai';

/*
 * detectAi off the event loop: one long-lived worker thread per process, started on the first
 * check (the model, about 30 MB, is loaded once in it). Requests queue in the worker. A worker that
 * dies fails the checks it had (their jobs are retried) and the next request starts a new one.
 */

export type DetectorRequest = { id: number; text: string; forceLanguage: DetectorLanguage | null };
export type DetectorReply =
  { id: number; ok: true; detection: AiDetection } | { id: number; ok: false; message: string };

export interface AiDetector {
  detect(text: string, options: { forceLanguage: DetectorLanguage | null }): Promise<AiDetection>;
  /** Stops the worker; pending requests fail. A later detect() starts a new one. */
  close(): Promise<void>;
}

type Pending = { resolve(detection: AiDetection): void; reject(error: Error): void };

const WORKER_URL = new URL('./detector.worker.ts', import.meta.url);

export function createAiDetector(): AiDetector {
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
    // An idle detector does not keep the process alive.
    started.unref();
    started.on('message', (reply: DetectorReply) => {
      const entry = pending.get(reply.id);
      if (entry === undefined) return;
      pending.delete(reply.id);
      if (pending.size === 0) started.unref();
      if (reply.ok) entry.resolve(reply.detection);
      else entry.reject(new Error(`AI detector: ${reply.message}`));
    });
    started.on('error', (error: Error) => {
      if (worker === started) worker = null;
      failAll(new Error(`AI detector worker failed: ${error.message}`, { cause: error }));
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`AI detector worker exited with code ${code}`));
    });
    worker = started;
    return started;
  }

  return {
    detect(text, options) {
      const target = ensureWorker();
      const id = nextId++;
      return new Promise<AiDetection>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // A request in flight keeps the process alive until its answer.
        target.ref();
        const request: DetectorRequest = { id, text, forceLanguage: options.forceLanguage };
        target.postMessage(request);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      if (current !== null) await current.terminate();
      failAll(new Error('AI detector closed'));
    },
  };
}

let shared: AiDetector | null = null;

/** The process's detector, created on first use. */
export function sharedAiDetector(): AiDetector {
  shared ??= createAiDetector();
  return shared;
}

export async function closeSharedAiDetector(): Promise<void> {
  const current = shared;
  shared = null;
  if (current !== null) await current.close();
}

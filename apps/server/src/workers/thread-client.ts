import { Worker, parentPort } from 'node:worker_threads';

/*
 * CPU-heavy work off the event loop (DESIGN.md §3): one long-lived worker thread, started on the
 * first call (whatever it loads, it loads once), which does not keep the process alive while idle.
 * A worker that dies fails the calls it had (their jobs are retried) and the next call starts a new
 * one. The worker side is `serveThread`.
 */

type Request<Q> = { id: number; request: Q };
type Reply<R> = { id: number; ok: true; result: R } | { id: number; ok: false; message: string };

export interface ThreadClient<Q, R> {
  call(request: Q): Promise<R>;
  /** Stops the worker; pending calls fail. A later call starts a new one. */
  close(): Promise<void>;
}

type Pending<R> = { resolve(result: R): void; reject(error: Error): void };

/** `name` prefixes the errors ("AI detector: …"). */
export function createThreadClient<Q, R>(workerUrl: URL, name: string): ThreadClient<Q, R> {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending<R>>();

  function failAll(error: Error): void {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  }

  function ensureWorker(): Worker {
    if (worker !== null) return worker;
    const started = new Worker(workerUrl);
    // An idle worker does not keep the process alive.
    started.unref();
    started.on('message', (reply: Reply<R>) => {
      const entry = pending.get(reply.id);
      if (entry === undefined) return;
      pending.delete(reply.id);
      if (pending.size === 0) started.unref();
      if (reply.ok) entry.resolve(reply.result);
      else entry.reject(new Error(`${name}: ${reply.message}`));
    });
    started.on('error', (error: Error) => {
      if (worker === started) worker = null;
      failAll(new Error(`${name} worker failed: ${error.message}`, { cause: error }));
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`${name} worker exited with code ${code}`));
    });
    worker = started;
    return started;
  }

  return {
    call(request) {
      const target = ensureWorker();
      const id = nextId++;
      return new Promise<R>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // A call in flight keeps the process alive until its answer.
        target.ref();
        const message: Request<Q> = { id, request };
        target.postMessage(message);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      if (current !== null) await current.terminate();
      failAll(new Error(`${name} closed`));
    },
  };
}

/**
 * The worker side: answers each call with `handle`'s result, in the order they come. The request's
 * type is the handler's own (what its ThreadClient was created with).
 */
export function serveThread<R>(handle: (request: never) => R | Promise<R>): void {
  const port = parentPort;
  if (port === null) throw new Error('serveThread runs in a worker thread');
  port.on('message', ({ id, request }: Request<never>) => {
    const reply = (outcome: Reply<R>): void => port.postMessage(outcome);
    Promise.resolve()
      .then(() => handle(request))
      .then(
        (result) => reply({ id, ok: true, result }),
        (error: unknown) => reply({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
      );
  });
}

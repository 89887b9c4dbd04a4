import { Worker, parentPort } from 'node:worker_threads';

/*
 * CPU-heavy work off the event loop (DESIGN.md §3): one long-lived worker thread, started on the
 * first call (whatever it loads, it loads once), which does not keep the process alive while idle.
 * A worker that dies fails the calls it had (their jobs are retried) and the next call starts a new
 * one. The worker side is `serveThread`.
 */

type Request<Q> = { id: number; request: Q };
type Reply<R> = { id: number; ok: true; result: R } | { id: number; ok: false; message: string };

/**
 * A call from the worker back to the thread that made the request (the worker needs data only the
 * caller has, such as rows of the caller's database). `id` is the request's id; `callId` numbers the
 * host calls of the worker.
 */
type HostCall = { hostCall: { id: number; callId: number; op: string; args: unknown[] } };
type HostReply =
  | { hostReply: { callId: number; ok: true; result: unknown } }
  | { hostReply: { callId: number; ok: false; message: string } };

/** Answers a worker's host calls for one request: `op` names what it wants, `args` its arguments. */
export type HostHandler = (op: string, args: unknown[]) => Promise<unknown>;

export interface ThreadClient<Q, R> {
  /** `host` answers the worker's calls back for this request (see `serveThread`'s `callHost`). */
  call(request: Q, host?: HostHandler): Promise<R>;
  /** Stops the worker; pending calls fail. A later call starts a new one. */
  close(): Promise<void>;
}

type Pending<R> = { resolve(result: R): void; reject(error: Error): void; host: HostHandler | undefined };

function isHostCall(message: unknown): message is HostCall {
  return typeof message === 'object' && message !== null && 'hostCall' in message;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
    started.on('message', (message: Reply<R> | HostCall) => {
      if (isHostCall(message)) {
        const { id, callId, op, args } = message.hostCall;
        const host = pending.get(id)?.host;
        const answer = (reply: HostReply): void => {
          started.postMessage(reply);
        };
        if (host === undefined) {
          answer({ hostReply: { callId, ok: false, message: `no host handler for ${op}` } });
          return;
        }
        host(op, args).then(
          (result) => answer({ hostReply: { callId, ok: true, result } }),
          (error: unknown) => answer({ hostReply: { callId, ok: false, message: errorMessage(error) } }),
        );
        return;
      }
      const reply = message;
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
    call(request, host) {
      const target = ensureWorker();
      const id = nextId++;
      return new Promise<R>((resolve, reject) => {
        pending.set(id, { resolve, reject, host });
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

/** What a request's handler may ask of the thread that made the request. */
export type CallHost = (op: string, ...args: unknown[]) => Promise<unknown>;

/**
 * The worker side: answers each call with `handle`'s result. The request's type is the handler's own
 * (what its ThreadClient was created with); `callHost` asks the calling thread's HostHandler for data.
 */
export function serveThread<R>(handle: (request: never, callHost: CallHost) => R | Promise<R>): void {
  const port = parentPort;
  if (port === null) throw new Error('serveThread runs in a worker thread');
  let nextCallId = 1;
  const hostCalls = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  port.on('message', (message: Request<never> | HostReply) => {
    if ('hostReply' in message) {
      const reply = message.hostReply;
      const waiting = hostCalls.get(reply.callId);
      if (waiting === undefined) return;
      hostCalls.delete(reply.callId);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(new Error(reply.message));
      return;
    }
    const { id, request } = message;
    const callHost: CallHost = (op, ...args) =>
      new Promise((resolve, reject) => {
        const callId = nextCallId++;
        hostCalls.set(callId, { resolve, reject });
        const call: HostCall = { hostCall: { id, callId, op, args } };
        port.postMessage(call);
      });
    const reply = (outcome: Reply<R>): void => port.postMessage(outcome);
    Promise.resolve()
      .then(() => handle(request, callHost))
      .then(
        (result) => reply({ id, ok: true, result }),
        (error: unknown) => reply({ id, ok: false, message: errorMessage(error) }),
      );
  });
}

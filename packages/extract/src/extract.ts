import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ExtractError, MAX_FILE_BYTES, isExtractErrorCode, type ExtractErrorCode } from './errors.ts';
import { extOf, type Extracted } from './types.ts';

export type WorkerReply = { ok: true; result: Extracted } | { ok: false; code: ExtractErrorCode; detail: string };

export interface ExtractOptions {
  /** Wall-clock limit for one file, worker start included; the worker is terminated past it. Default 20 s. */
  timeoutMs?: number;
  /** V8 old-generation heap limit of the worker. Default 256 MB, never under 8. */
  maxMemoryMb?: number;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_MEMORY_MB = 256;
const MIN_MEMORY_MB = 8;

/** At most this many parsing workers at once; later files wait their turn. */
const MAX_WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

const WORKER_URL = new URL('./worker.ts', import.meta.url);

function runWorker(bytes: Uint8Array, ext: string, options: ExtractOptions): Promise<Extracted> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Below a few MB V8 cannot even create the isolate and aborts the whole process: never go under the floor.
  const maxMemoryMb = Math.max(MIN_MEMORY_MB, options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB);
  return new Promise<Extracted>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { bytes, ext },
      resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      finish(() => reject(new ExtractError('limits', `parsing took longer than ${timeoutMs} ms`)));
    }, timeoutMs);
    worker.on('message', (reply: WorkerReply) => {
      finish(() => {
        if (reply.ok) resolve(reply.result);
        else reject(new ExtractError(isExtractErrorCode(reply.code) ? reply.code : 'bad-format', reply.detail));
      });
    });
    worker.on('error', (err: Error & { code?: string }) => {
      finish(() => {
        const outOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
        reject(new ExtractError(outOfMemory ? 'limits' : 'bad-format', `worker: ${err.message}`));
      });
    });
    worker.on('exit', (code) => {
      finish(() => reject(new ExtractError('limits', `worker exited with code ${code}`)));
    });
  });
}

/**
 * Extracts the text of an uploaded file. The size and extension are checked first; parsing then runs in a
 * worker thread with a heap limit and a time limit, so a hostile file costs one worker, never the server.
 * Rejects with ExtractError (its `message` is for the user, `code` for the program).
 */
export async function extractText(
  bytes: Uint8Array,
  fileName: string,
  options: ExtractOptions = {},
): Promise<Extracted> {
  if (bytes.length > MAX_FILE_BYTES) throw new ExtractError('too-large', `${bytes.length} bytes`);
  const ext = extOf(fileName);
  if (ext === undefined) throw new ExtractError('bad-format', `extension of ${fileName}`);
  if (bytes.length === 0) throw new ExtractError('empty');
  const release = await slot();
  try {
    return await runWorker(bytes, ext, options);
  } finally {
    release();
  }
}

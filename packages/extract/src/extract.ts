import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ExtractError, MAX_FILE_BYTES, isExtractErrorCode, type ExtractErrorCode } from './errors.ts';
import { MEMBER_FILE_MAX_BYTES, spreadsheetExtOf, type SheetRow, type SpreadsheetExt } from './table.ts';
import { extOf, type Ext, type Extracted } from './types.ts';

/** What the worker is asked to do: extract a document's text, or read a spreadsheet's first sheet. */
export type WorkerJob =
  { mode: 'text'; bytes: Uint8Array; ext: Ext } | { mode: 'sheet'; bytes: Uint8Array; ext: SpreadsheetExt };
export type WorkerReply<T = unknown> = { ok: true; result: T } | { ok: false; code: ExtractErrorCode; detail: string };

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

function runWorker<T>(job: WorkerJob, options: ExtractOptions): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Below a few MB V8 cannot even create the isolate and aborts the whole process: never go under the floor.
  const maxMemoryMb = Math.max(MIN_MEMORY_MB, options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB);
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: job,
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
    worker.on('message', (reply: WorkerReply<T>) => {
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
    return await runWorker<Extracted>({ mode: 'text', bytes, ext }, options);
  } finally {
    release();
  }
}

/**
 * Reads the first worksheet of a member list (.csv, .xls or .xlsx, at most MEMBER_FILE_MAX_BYTES) in the same
 * kind of limited worker as extractText. Gives the rows of trimmed cells, trailing empty cells and empty rows
 * dropped; at most MAX_SPREADSHEET_ROWS rows and MAX_SPREADSHEET_COLUMNS columns. Rejects with ExtractError:
 * 'too-large', 'bad-format' (unknown extension or unreadable content), 'encrypted', 'empty' (no cell with text)
 * or 'limits'.
 */
export async function readSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  options: ExtractOptions = {},
): Promise<SheetRow[]> {
  if (bytes.length > MEMBER_FILE_MAX_BYTES) throw new ExtractError('too-large', `${bytes.length} bytes`);
  const ext = spreadsheetExtOf(fileName);
  if (ext === undefined) throw new ExtractError('bad-format', `extension of ${fileName}`);
  if (bytes.length === 0) throw new ExtractError('empty');
  const release = await slot();
  try {
    return await runWorker<SheetRow[]>({ mode: 'sheet', bytes, ext }, options);
  } finally {
    release();
  }
}

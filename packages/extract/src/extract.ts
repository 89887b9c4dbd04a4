import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ExtractError, MAX_FILE_BYTES, isExtractErrorCode, type ExtractErrorCode } from './errors.ts';
import { MEMBER_FILE_MAX_BYTES, spreadsheetExtOf, type SheetRow, type SpreadsheetExt } from './table.ts';
import { extOf, type Ext, type Extracted } from './types.ts';

/** What the worker is asked to do: extract a document's text, or read a spreadsheet's first sheet. */
export type WorkerJob =
  | { mode: 'text'; bytes: Uint8Array; ext: Ext; maxSymbols?: number | undefined }
  | { mode: 'sheet'; bytes: Uint8Array; ext: SpreadsheetExt };
export type WorkerReply<T = unknown> = { ok: true; result: T } | { ok: false; code: ExtractErrorCode; detail: string };

export interface ExtractOptions {
  /**
   * Wall-clock limit for one file, worker start included (not the wait for a slot); the worker is terminated
   * past it. Default 20 s, 10 s for a small file (SMALL_FILE_BYTES).
   */
  timeoutMs?: number;
  /** V8 old-generation heap limit of the worker. Default 256 MB, never under 8. */
  maxMemoryMb?: number;
  /**
   * The text bound: reading stops once the text has more symbols (letters and digits) than this, with
   * ExtractError('too-long'), so a huge file costs only the work up to the bound. Default: none.
   */
  maxSymbols?: number;
  /**
   * Who asked (an account, else an address). One caller's files run RUNNING_PER_CALLER at a time, the others
   * waiting behind that caller's own; with `maxPerCaller`, one more than that many running or waiting is
   * refused at once with ExtractError('busy'). No caller: trusted background work, not limited per caller.
   */
  caller?: string;
  /** At most this many files of one caller running or waiting (with `caller`). Default 2. */
  maxPerCaller?: number;
  /** How long a file may wait for a slot before ExtractError('busy'). Default 60 s. */
  maxWaitMs?: number;
  /**
   * Hand the bytes over to the worker instead of copying them, when they fill their own ArrayBuffer: the
   * caller's buffer is then detached (empty). For uploads read once. Default false.
   */
  transfer?: boolean;
}

/** Whether `bytes` is the whole of its own ArrayBuffer (so that moving it to a worker moves nothing else). */
function ownsWholeBuffer(bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
/** The time limit of a small file: one that takes longer is hostile, and must not hold the small files' lane. */
export const SMALL_FILE_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_MEMORY_MB = 256;
export const DEFAULT_MAX_PER_CALLER = 2;
export const DEFAULT_MAX_WAIT_MS = 60_000;
const MIN_MEMORY_MB = 8;

/*
 * Scheduling (fair to every caller): EXTRACT_SLOTS parsing workers at once, sized from the CPU count. Files up
 * to SMALL_FILE_BYTES may use any free slot; larger ones leave SMALL_ONLY_SLOTS free, so a small file never
 * waits behind big ones. A caller runs at most RUNNING_PER_CALLER files at once, so many uploads of one caller
 * queue behind each other, not in front of everyone else; waiting small files start first, then by arrival.
 */
export const EXTRACT_SLOTS = Math.max(2, Math.min(8, availableParallelism()));
export const SMALL_FILE_BYTES = 1024 * 1024;
const SMALL_ONLY_SLOTS = Math.max(1, Math.floor(EXTRACT_SLOTS / 4));
export const RUNNING_PER_CALLER = Math.max(1, Math.floor(EXTRACT_SLOTS / 4));

type Ticket = { caller: string | undefined; small: boolean; start?: () => void };

let running = 0;
let runningLarge = 0;
const runningBy = new Map<string, number>();
const waitingBy = new Map<string, number>();
const waiting: Ticket[] = [];

function bump(counts: Map<string, number>, key: string | undefined, by: number): void {
  if (key === undefined) return;
  const next = (counts.get(key) ?? 0) + by;
  if (next === 0) counts.delete(key);
  else counts.set(key, next);
}

function canStart(ticket: Ticket): boolean {
  if (running >= EXTRACT_SLOTS) return false;
  if (!ticket.small && runningLarge >= EXTRACT_SLOTS - SMALL_ONLY_SLOTS) return false;
  return ticket.caller === undefined || (runningBy.get(ticket.caller) ?? 0) < RUNNING_PER_CALLER;
}

function begin(ticket: Ticket): () => void {
  running++;
  if (!ticket.small) runningLarge++;
  bump(runningBy, ticket.caller, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running--;
    if (!ticket.small) runningLarge--;
    bump(runningBy, ticket.caller, -1);
    pump();
  };
}

/** Starts what may start: small files first, then in the order they came. */
function pump(): void {
  for (const small of [true, false]) {
    for (let i = 0; i < waiting.length && running < EXTRACT_SLOTS;) {
      const ticket = waiting[i];
      if (ticket === undefined) break;
      if (ticket.small !== small || !canStart(ticket)) {
        i++;
        continue;
      }
      waiting.splice(i, 1);
      ticket.start?.();
    }
  }
}

/** A parsing slot for a file of `size` bytes; resolves to its release. Rejects with ExtractError('busy'). */
function slot(size: number, options: ExtractOptions): Promise<() => void> {
  const caller = options.caller;
  if (caller !== undefined) {
    const held = (runningBy.get(caller) ?? 0) + (waitingBy.get(caller) ?? 0);
    const most = options.maxPerCaller ?? DEFAULT_MAX_PER_CALLER;
    if (held >= most) return Promise.reject(new ExtractError('busy', `${String(held)} files of this caller at once`));
  }
  const ticket: Ticket = { caller, small: size <= SMALL_FILE_BYTES };
  if (canStart(ticket)) return Promise.resolve(begin(ticket));
  bump(waitingBy, caller, 1);
  return new Promise((resolve, reject) => {
    const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    const timer = setTimeout(() => {
      const at = waiting.indexOf(ticket);
      if (at >= 0) waiting.splice(at, 1);
      bump(waitingBy, caller, -1);
      reject(new ExtractError('busy', `no parsing slot within ${String(maxWaitMs)} ms`));
    }, maxWaitMs);
    ticket.start = () => {
      clearTimeout(timer);
      bump(waitingBy, caller, -1);
      resolve(begin(ticket));
    };
    waiting.push(ticket);
  });
}

/** What the scheduler holds now (for tests and metrics). */
export function extractionLoad(): { running: number; runningLarge: number; waiting: number } {
  return { running, runningLarge, waiting: waiting.length };
}

const WORKER_URL = new URL('./worker.ts', import.meta.url);

function runWorker<T>(job: WorkerJob, options: ExtractOptions): Promise<T> {
  const timeoutMs =
    options.timeoutMs ?? (job.bytes.length <= SMALL_FILE_BYTES ? SMALL_FILE_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
  // Below a few MB V8 cannot even create the isolate and aborts the whole process: never go under the floor.
  const maxMemoryMb = Math.max(MIN_MEMORY_MB, options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB);
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: job,
      // handing a 24 MB upload over instead of copying it keeps tens of milliseconds off the event loop
      ...(options.transfer === true && ownsWholeBuffer(job.bytes) ? { transferList: [job.bytes.buffer] } : {}),
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
 * worker thread with a heap limit and a time limit, so a hostile file costs one worker, never the server; it
 * waits for a slot fairly (see the scheduling above), and with `maxSymbols` stops reading past the text bound.
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
  const release = await slot(bytes.length, options);
  try {
    return await runWorker<Extracted>({ mode: 'text', bytes, ext, maxSymbols: options.maxSymbols }, options);
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
  const release = await slot(bytes.length, options);
  try {
    return await runWorker<SheetRow[]>({ mode: 'sheet', bytes, ext }, options);
  } finally {
    release();
  }
}

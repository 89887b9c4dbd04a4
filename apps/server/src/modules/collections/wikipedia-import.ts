import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { Database } from '../../db/database.ts';
import { SqlFingerprintStore } from '../reuse/fingerprint-store.ts';
import { CollectionError, type ReadFailure } from './collection-files.ts';
import {
  claimWikipediaImport,
  findWikipediaImport,
  finishWikipediaImport,
  ImportSupersededError,
  insertWikipediaImport,
  recordWikipediaCheckpoint,
  skippedOf,
  type CollectionImportRow,
  type WikipediaSkipped,
} from './collection-imports.repository.ts';
import { assertCollectionName, finishImport, IMPORT_BATCH_SIZE, indexDocuments } from './collections.service.ts';
import { probeDump } from './wikipedia-dump.ts';
import { MIN_ARTICLE_WORDS, type ArticleBatch, type ArticleBatchOptions } from './wikipedia-pages.ts';
import type { WorkerInput } from './wikipedia-pages.worker.ts';

/**
 * A Wikipedia dump into a reference collection (what each page becomes: wikipedia-pages.ts). A worker thread
 * reads the dump (bzip2, XML, wikitext to text) up to two batches ahead while this thread indexes batches of 200
 * articles through the collections' one write path (`indexDocuments`), each with the import's resume point (pages
 * read, counters) in its transaction. An interrupted import resumes there: the pages before it are still
 * decompressed and parsed as XML, but their wikitext is neither kept nor converted.
 */

const WORKER_URL = new URL('./wikipedia-pages.worker.ts', import.meta.url);
/** Batches the worker may read ahead of the indexing. */
const READ_AHEAD = 2;

type WorkerMessage = { batch: ArticleBatch } | { done: true } | { error: { message: string; isBadInput: boolean } };

/**
 * `articleBatches` of the dump, read in a worker thread at most READ_AHEAD batches ahead of the caller. The worker
 * ends with the generator (returned early, it is stopped). A bad dump throws CollectionError, as in this thread.
 */
async function* batchesFromWorker(file: string, options: ArticleBatchOptions): AsyncGenerator<ArticleBatch> {
  const workerData: WorkerInput = { ...options, file, credits: READ_AHEAD };
  const worker = new Worker(WORKER_URL, { workerData });
  const inbox: WorkerMessage[] = [];
  let wakeUp: (() => void) | null = null;
  const receive = (message: WorkerMessage): void => {
    inbox.push(message);
    wakeUp?.();
  };
  worker.on('message', receive);
  worker.on('error', (error: Error) => receive({ error: { message: error.message, isBadInput: false } }));
  worker.on('exit', (code) =>
    receive({ error: { message: `the dump reader stopped (exit code ${String(code)})`, isBadInput: false } }),
  );
  try {
    for (;;) {
      while (inbox.length === 0) await new Promise<void>((resolve) => (wakeUp = resolve));
      wakeUp = null;
      const message = inbox.shift() as WorkerMessage;
      if ('done' in message) return;
      if ('error' in message) {
        if (message.error.isBadInput) throw new CollectionError(message.error.message);
        throw new Error(`Reading the dump failed: ${message.error.message}`);
      }
      worker.postMessage({ credit: 1 });
      yield message.batch;
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}

export type WikipediaProgress = {
  /** Pages of the dump read (the resumed ones included). */
  pages: number;
  /** Articles imported, failed (wikitext that could not be read) and pages skipped by reason, all runs together. */
  imported: number;
  failed: number;
  skipped: WikipediaSkipped;
  /** How far into the file, and its size (compressed bytes for a .bz2). */
  bytesRead: number;
  bytes: number;
  /** Pages this run passed over because an earlier run had done them. */
  resumedAfter: number;
  /** Articles imported by this run, and its time so far. */
  importedThisRun: number;
  elapsedMs: number;
};

export type WikipediaImportOptions = {
  /** Stops after the batch being indexed (an operator's Ctrl-C, a worker shutting down). */
  signal?: AbortSignal;
  minWords?: number;
  batchSize?: number;
  /** After each committed batch, and at the end. */
  onProgress?: (progress: WikipediaProgress) => void;
};

export type WikipediaImportOutcome = {
  /** interrupted: the signal stopped it (it resumes from its last batch); superseded: another run took it over. */
  state: 'done' | 'interrupted' | 'superseded';
  progress: WikipediaProgress;
  /** The first 1,000 pages whose wikitext could not be read. */
  failures: ReadFailure[];
  /** The collection after the import (when done). */
  documents: number;
  words: number;
};

const MAX_REPORTED_FAILURES = 1_000;

/**
 * Runs a claimed Wikipedia import (`runner` holds its row) from its resume point to the end of the dump, or until
 * the signal stops it. Done, it refreshes the collection's counters and marks the import done (failed when the
 * dump held no article). Bad input (CollectionError: an unreadable or truncated dump) is thrown after the batches
 * before it have been committed; the caller records the failure.
 */
export async function runWikipediaImport(
  db: Database,
  row: CollectionImportRow,
  runner: string,
  options: WikipediaImportOptions = {},
): Promise<WikipediaImportOutcome> {
  if (row.source_file === null) throw new Error(`Collection import ${String(row.id)} has no dump`);
  const minWords = options.minWords ?? MIN_ARTICLE_WORDS;
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const store = new SqlFingerprintStore(db);
  const target = { name: row.collection_name, title: row.title ?? undefined };
  const resumedAfter = row.pages_done;
  const bytes = row.source_bytes ?? (await probeDump(row.source_file)).bytes;
  const failures: ReadFailure[] = [...row.failures];
  const skipped = skippedOf(row);
  const started = Date.now();
  let imported = row.done;
  let failed = row.failed;
  let importedThisRun = 0;
  let pages = resumedAfter;
  let bytesRead = row.bytes_done;

  const progress = (): WikipediaProgress => ({
    pages,
    imported,
    failed,
    skipped: { ...skipped },
    bytesRead,
    bytes,
    resumedAfter,
    importedThisRun,
    elapsedMs: Date.now() - started,
  });

  const stopped = (state: 'interrupted' | 'superseded'): WikipediaImportOutcome => ({
    state,
    progress: progress(),
    failures,
    documents: 0,
    words: 0,
  });

  try {
    for await (const batch of batchesFromWorker(row.source_file, { skip: resumedAfter, minWords, batchSize })) {
      const batchSkipped = { ...skipped };
      for (const reason of Object.keys(batchSkipped) as (keyof WikipediaSkipped)[]) {
        batchSkipped[reason] += batch.skipped[reason];
      }
      const batchFailures = [...failures, ...batch.failures].slice(0, MAX_REPORTED_FAILURES);
      const checkpoint = {
        pagesDone: batch.pages,
        bytesDone: batch.bytesRead,
        done: imported + batch.documents.length,
        failed: failed + batch.failures.length,
        skipped: batchSkipped,
        failures: batchFailures,
      };
      const count = await indexDocuments(db, store, target, batch.documents, (tx) =>
        recordWikipediaCheckpoint(tx, row.id, runner, checkpoint),
      );
      // committed: the batch is part of the import now
      pages = batch.pages;
      bytesRead = batch.bytesRead;
      imported += count;
      importedThisRun += count;
      failed = checkpoint.failed;
      Object.assign(skipped, batchSkipped);
      failures.splice(0, failures.length, ...batchFailures);
      options.onProgress?.(progress());
      // PGlite answers within the microtask queue: without this the event loop (a signal, the HTTP server of a
      // worker process) could wait for the whole import
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted === true) return stopped('interrupted');
    }
  } catch (error) {
    if (error instanceof ImportSupersededError) return stopped('superseded');
    throw error;
  }

  const collection = await finishImport(db, store, target.name);
  const total = imported + failed;
  const isFinished = await finishWikipediaImport(db, row.id, runner, {
    state: imported > 0 ? 'done' : 'failed',
    total,
    error:
      imported > 0
        ? null
        : `No article found in the dump: ${String(pages)} pages read, ${describeSkipped(skipped)}, ${String(failed)} unreadable.`,
  });
  if (!isFinished) return stopped('superseded');
  return {
    state: 'done',
    progress: progress(),
    failures,
    documents: collection?.documents ?? 0,
    words: collection?.words ?? 0,
  };
}

/** "12 redirects, 3 other namespaces, 1 disambiguation, 4 short" */
export function describeSkipped(skipped: WikipediaSkipped, format: (n: number) => string = String): string {
  return (
    `${format(skipped.redirect)} redirects, ${format(skipped.namespace)} in other namespaces, ` +
    `${format(skipped.disambiguation)} disambiguation, ${format(skipped.short)} short`
  );
}

export type PreparedWikipediaImport =
  | { state: 'new' | 'resumed'; row: CollectionImportRow; runner: string }
  | { state: 'finished'; row: CollectionImportRow };

/**
 * The CLI's side: finds the import of this dump (same collection, path and size) and takes it over to resume it,
 * or starts a new one. A finished import is answered as it is (running it again does nothing) unless `restart`
 * asks for a new one, which imports every article again (replacing each, as their keys stay the same).
 */
export async function prepareWikipediaImport(
  db: Database,
  input: { name: string; title?: string; file: string; restart?: boolean },
): Promise<PreparedWikipediaImport> {
  assertCollectionName(input.name);
  const title = input.title?.trim();
  if (title === '') throw new CollectionError('The title may not be empty');
  const { bytes } = await probeDump(input.file);
  const sourceFile = input.file;
  const runner = randomUUID();
  const existing = await findWikipediaImport(db, { name: input.name, sourceFile, sourceBytes: bytes });
  if (existing !== null && input.restart !== true) {
    if (existing.state === 'done') return { state: 'finished', row: existing };
    const claimed = await claimWikipediaImport(db, existing.id, runner, ['queued', 'running', 'failed']);
    if (claimed !== null) return { state: 'resumed', row: claimed, runner };
  }
  const created = await insertWikipediaImport(db, {
    name: input.name,
    title: title ?? null,
    userId: null,
    uploadDir: null,
    sourceFile,
    sourceBytes: bytes,
  });
  const claimed = await claimWikipediaImport(db, created.id, runner, ['queued']);
  if (claimed === null) throw new Error(`Collection import ${String(created.id)} vanished`);
  return { state: 'new', row: claimed, runner };
}

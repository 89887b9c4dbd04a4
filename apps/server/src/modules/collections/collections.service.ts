import { sourceKeys, type IndexedSource } from '@veritext/reuse';
import { countWords } from '@veritext/text';
import type { Database, Queryable } from '../../db/database.ts';
import { SqlFingerprintStore, type StoreItem } from '../reuse/fingerprint-store.ts';
import {
  CollectionError,
  documentTasks,
  scanInput,
  type DocumentTask,
  type ReadDocument,
  type ReadFailure,
  type ReadOutcome,
} from './collection-files.ts';
import {
  deleteCollection,
  type CollectionRow,
  findCollectionRow,
  listCollectionRows,
  recordBatch,
  refreshCounters,
  sourceCollectionOf,
} from './collections.repository.ts';

export { CollectionError, type ReadFailure } from './collection-files.ts';
export { sourceCollectionOf } from './collections.repository.ts';

/** Documents per transaction: each batch is written whole or not at all. */
export const IMPORT_BATCH_SIZE = 200;
/** Files extracted at once (extraction runs in worker threads; see @veritext/extract). */
const EXTRACT_CONCURRENCY = 4;
/** Failures kept in the result; later ones are only counted. */
const MAX_REPORTED_FAILURES = 1_000;

const NAME_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,62}$/;

export type ImportProgress = {
  /** Documents imported (committed) so far. */
  done: number;
  /** Documents the input holds; at the end done + failed = total. */
  total: number;
  /** Documents skipped so far because they could not be read. */
  failed: number;
};

export type ImportResult = {
  name: string;
  /** The reuse_sources collection of its documents (`ref:NAME`), for `checkText({collections})`. */
  sourceCollection: string;
  imported: number;
  failed: number;
  total: number;
  /** Files skipped for their type (hidden files, other extensions). */
  ignored: number;
  /** The first 1,000 failures, in order. */
  failures: ReadFailure[];
  /** The collection after the import. */
  documents: number;
  words: number;
};

export type CollectionSummary = {
  name: string;
  title: string;
  sourceCollection: string;
  documents: number;
  words: number;
  created: Date;
  updated: Date;
};

export function assertCollectionName(name: string): void {
  if (!NAME_PATTERN.test(name)) {
    throw new CollectionError(
      `Invalid collection name "${name}": use 1 to 63 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
}

/** Runs the tasks with at most `limit` in flight; the outcomes keep the tasks' order. */
async function runTasks(tasks: readonly DocumentTask[], limit: number): Promise<ReadOutcome[]> {
  const outcomes: ReadOutcome[] = new Array<ReadOutcome>(tasks.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      if (task !== undefined) outcomes[index] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return outcomes;
}

/**
 * Indexes one batch of documents into reference collection `target.name` in one transaction, the fingerprints
 * as the reuse engine computes them (`sourceKeys`), creating the collection on its first document: the one
 * write path of every importer (files, JSONL, Wikipedia dumps). Each document is keyed `ref:NAME:<ref>`, so a
 * document imported again is replaced; a ref repeated within the batch keeps its last document. `inTransaction`
 * is the caller's own bookkeeping, committed or rolled back with the batch (run alone when there is nothing to
 * index). Answers how many documents were indexed.
 */
export async function indexDocuments(
  db: Database,
  store: SqlFingerprintStore,
  target: { name: string; title: string | undefined },
  documents: readonly ReadDocument[],
  inTransaction?: (tx: Queryable) => Promise<void>,
): Promise<number> {
  const collection = sourceCollectionOf(target.name);
  const items = new Map<string, StoreItem & { words: number }>();
  for (const { ref, title, url, text, language } of documents) {
    const source: IndexedSource = {
      id: `${collection}:${ref}`,
      collection,
      title,
      url,
      text,
      ...(language === undefined ? {} : { language }),
    };
    items.delete(source.id); // a repeated id: the last one wins
    items.set(source.id, { source, hashes: sourceKeys(source), words: countWords(text) });
  }
  if (items.size === 0) {
    if (inTransaction !== undefined) await db.transaction(inTransaction);
    return 0;
  }
  const batch = [...items.values()];
  await store.addMany(batch, {
    analyze: false,
    inTransaction: async (tx) => {
      await recordBatch(tx, {
        name: target.name,
        title: target.title,
        documents: batch.map((item) => ({ key: item.source.id, words: item.words })),
      });
      await inTransaction?.(tx);
    },
  });
  return items.size;
}

/** After the last batch of an import: fresh planner statistics and exact counters; answers the collection. */
export async function finishImport(
  db: Database,
  store: SqlFingerprintStore,
  name: string,
): Promise<CollectionRow | null> {
  await store.analyze();
  await refreshCounters(db, name);
  return findCollectionRow(db, name);
}

/**
 * Imports a folder (walked recursively) or one file into the reference collection `name`, creating it on its
 * first document. Each document becomes a reuse source keyed `ref:NAME:<relative path>` (or `ref:NAME:<JSONL
 * id>`), so importing the same files again replaces them. Documents are indexed in transactions of 200; one
 * that cannot be read (a bad JSONL line, a broken file) is reported and skipped. Bad input as a whole (no
 * such path, nothing to import) throws CollectionError before anything is written.
 */
export async function importCollection(
  db: Database,
  input: { name: string; path: string; title?: string },
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<ImportResult> {
  assertCollectionName(input.name);
  const title = input.title?.trim();
  if (title === '') throw new CollectionError('The title may not be empty');
  const scanned = await scanInput(input.path);
  const store = new SqlFingerprintStore(db);
  const failures: ReadFailure[] = [];
  let imported = 0;
  let failed = 0;

  const flush = async (tasks: DocumentTask[]): Promise<void> => {
    const documents: ReadDocument[] = [];
    for (const outcome of await runTasks(tasks, EXTRACT_CONCURRENCY)) {
      if (outcome.ok) {
        documents.push(outcome.document);
        continue;
      }
      failed++;
      if (failures.length < MAX_REPORTED_FAILURES) failures.push(outcome.failure);
    }
    imported += await indexDocuments(db, store, { name: input.name, title }, documents);
    onProgress({ done: imported, total: scanned.total, failed });
  };

  let pending: DocumentTask[] = [];
  for await (const task of documentTasks(scanned)) {
    pending.push(task);
    if (pending.length >= IMPORT_BATCH_SIZE) {
      await flush(pending);
      pending = [];
    }
  }
  if (pending.length > 0) await flush(pending);

  const row = imported > 0 ? await finishImport(db, store, input.name) : await findCollectionRow(db, input.name);
  return {
    name: input.name,
    sourceCollection: sourceCollectionOf(input.name),
    imported,
    failed,
    total: scanned.total,
    ignored: scanned.ignored,
    failures,
    documents: row?.documents ?? 0,
    words: row?.words ?? 0,
  };
}

/** The reference collections, by name. */
export async function listCollections(db: Database): Promise<CollectionSummary[]> {
  const rows = await listCollectionRows(db);
  return rows.map((row) => ({
    name: row.name,
    title: row.title,
    sourceCollection: sourceCollectionOf(row.name),
    documents: row.documents,
    words: row.words,
    created: row.created_at,
    updated: row.updated_at,
  }));
}

/** Deletes a reference collection with its sources and their fingerprints; returns how many sources went. */
export async function removeCollection(db: Database, name: string): Promise<{ name: string; documents: number }> {
  const removed = await db.transaction(async (tx) => {
    if ((await findCollectionRow(tx, name)) === null) return null;
    return deleteCollection(tx, name);
  });
  if (removed === null) {
    const known = (await listCollectionRows(db)).map((row) => row.name);
    throw new CollectionError(
      `No reference collection named "${name}"` +
        (known.length === 0 ? ' (there are none)' : ` (known: ${known.join(', ')})`),
    );
  }
  return { name, documents: removed };
}

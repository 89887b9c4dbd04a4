import type { FingerprintStore, IndexedSource, LookupOptions, Posting } from '@veritext/reuse';
import type { Database, Queryable } from '../../db/database.ts';

/** One document for `addMany`. */
export type StoreItem = { source: IndexedSource; hashes: readonly number[] };

export type AddManyOptions = {
  /**
   * More work for the same transaction, run after the sources and postings are written (an importer's own
   * bookkeeping, which then commits or rolls back with the documents).
   */
  inTransaction?: (tx: Queryable) => Promise<void>;
  /** Run ANALYZE afterwards (default true). A loader writing many batches passes false and calls `analyze` once. */
  analyze?: boolean;
};

// Statement sizes: a batch of postings travels as two int4[] parameters of at most this many elements, and
// a batch of sources as one multi-row upsert of at most this many documents.
const POSTINGS_PER_STATEMENT = 50_000;
const SOURCES_PER_STATEMENT = 500;

type SourceRow = { key: string; collection: string; title: string; url: string | null; body: string };
type PostingRow = { hash: number; df: number; keys: string[] };

/** The unsigned 32-bit hash as the signed int4 the table stores. */
function toStored(hash: number): number {
  if (!Number.isInteger(hash) || hash < 0 || hash > 0xffffffff) {
    throw new RangeError(`A fingerprint hash must be an unsigned 32-bit integer, got ${hash}`);
  }
  return hash | 0;
}

function uniqueStored(hashes: readonly number[]): number[] {
  return [...new Set(hashes.map(toStored))];
}

/**
 * Removes documents from the index by key (their postings follow, ON DELETE CASCADE) inside the caller's
 * transaction, so that a deletion of what they belong to commits or rolls back with them; answers how many
 * were there. `SqlFingerprintStore.remove` is the same for one key in its own statement.
 */
export async function removeIndexEntries(db: Queryable, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const { rowCount } = await db.query('DELETE FROM reuse_sources WHERE key = ANY($1::text[])', [[...keys]]);
  return rowCount;
}

/**
 * The FingerprintStore of the product: the index lives in the application's database (PGlite or PostgreSQL,
 * tables reuse_sources and reuse_fingerprints). This file is the module's repository: all its SQL is here.
 */
export class SqlFingerprintStore implements FingerprintStore {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Adds or replaces one source in one transaction: readers see the old version or the new one. */
  async add(source: IndexedSource, hashes: readonly number[]): Promise<void> {
    const stored = uniqueStored(hashes);
    await this.#db.transaction(async (tx) => {
      const [id] = await upsertSources(tx, [source]);
      if (id === undefined) throw new Error('upserting a reuse source returned no id');
      await tx.query('DELETE FROM reuse_fingerprints WHERE source_id = $1', [id]);
      for (let at = 0; at < stored.length; at += POSTINGS_PER_STATEMENT) {
        await tx.query('INSERT INTO reuse_fingerprints (hash, source_id) SELECT unnest($1::int[]), $2::int', [
          stored.slice(at, at + POSTINGS_PER_STATEMENT),
          id,
        ]);
      }
    });
  }

  /**
   * `add` for many sources at once (imports, benchmarks), in one transaction: sources go in multi-row upserts
   * of up to 500, postings in statements of up to 50,000. A key given twice keeps its last item. Ends with
   * ANALYZE, as any bulk load should: row estimates that still describe the table before the load can make
   * PostgreSQL JIT-compile every lookup (about 0.3 s each) until autovacuum catches up.
   */
  async addMany(items: readonly StoreItem[], options: AddManyOptions = {}): Promise<void> {
    const byKey = new Map<string, StoreItem>();
    for (const item of items) {
      byKey.delete(item.source.id); // the last one wins, in its own position
      byKey.set(item.source.id, item);
    }
    const all = [...byKey.values()];
    if (all.length === 0) return;
    await this.#db.transaction(async (tx) => {
      const hashColumn: number[] = [];
      const sourceColumn: number[] = [];
      const flushPostings = async (): Promise<void> => {
        if (hashColumn.length === 0) return;
        await tx.query('INSERT INTO reuse_fingerprints (hash, source_id) SELECT * FROM unnest($1::int[], $2::int[])', [
          hashColumn,
          sourceColumn,
        ]);
        hashColumn.length = 0;
        sourceColumn.length = 0;
      };
      for (let at = 0; at < all.length; at += SOURCES_PER_STATEMENT) {
        const batch = all.slice(at, at + SOURCES_PER_STATEMENT);
        const ids = await upsertSources(
          tx,
          batch.map((item) => item.source),
        );
        await tx.query('DELETE FROM reuse_fingerprints WHERE source_id = ANY($1::int[])', [ids]);
        for (const [index, item] of batch.entries()) {
          const id = ids[index];
          if (id === undefined) throw new Error('upserting reuse sources returned too few ids');
          for (const hash of uniqueStored(item.hashes)) {
            hashColumn.push(hash);
            sourceColumn.push(id);
            if (hashColumn.length >= POSTINGS_PER_STATEMENT) await flushPostings();
          }
        }
      }
      await flushPostings();
      await options.inTransaction?.(tx);
    });
    if (options.analyze ?? true) await this.analyze();
  }

  /** Refreshes the planner's statistics of the index tables (after a bulk load; see `addMany`). */
  async analyze(): Promise<void> {
    await this.#db.query('ANALYZE reuse_sources, reuse_fingerprints');
  }

  /** Removes the source; its fingerprints go with it (ON DELETE CASCADE). */
  async remove(id: string): Promise<void> {
    await removeIndexEntries(this.#db, [id]);
  }

  /**
   * One statement, every step of it an index probe whatever the table's statistics say: per asked hash its
   * df from the primary key alone (index-only), then, only for hashes at or below maxDf, the keys of the
   * sources holding it (one primary-key probe each). Boilerplate hashes held by thousands of sources cost
   * their count and nothing more. df counts every source; `collections` filters the keys only.
   */
  async lookup(hashes: readonly number[], options: LookupOptions): Promise<Map<number, Posting>> {
    const result = new Map<number, Posting>();
    if (hashes.length === 0) return result;
    // Correlated subqueries rather than joins on purpose: a join's plan follows the row estimates, and
    // without statistics (PGlite never gathers them, PostgreSQL not until autovacuum has seen a bulk load)
    // the planner expects thousands of postings per hash and scans the whole table instead.
    const { rows } = await this.#db.query<PostingRow>(
      `SELECT q.hash, d.df,
         CASE WHEN d.df <= $2 THEN array_remove(ARRAY(
           SELECT (SELECT s.key FROM reuse_sources s
                   WHERE s.id = f.source_id AND ($3::text[] IS NULL OR s.collection = ANY($3::text[])))
           FROM reuse_fingerprints f
           WHERE f.hash = q.hash
         ), NULL) ELSE '{}'::text[] END AS keys
       FROM unnest($1::int[]) AS q(hash)
       CROSS JOIN LATERAL (SELECT count(*)::int AS df FROM reuse_fingerprints f WHERE f.hash = q.hash) d
       WHERE d.df > 0`,
      [uniqueStored(hashes), options.maxDf, options.collections === undefined ? null : [...options.collections]],
    );
    for (const row of rows) result.set(row.hash >>> 0, { df: row.df, sourceIds: row.keys });
    return result;
  }

  async getSources(ids: readonly string[]): Promise<Map<string, IndexedSource>> {
    const result = new Map<string, IndexedSource>();
    if (ids.length === 0) return result;
    const { rows } = await this.#db.query<SourceRow>(
      'SELECT key, collection, title, url, body FROM reuse_sources WHERE key = ANY($1::text[])',
      [[...ids]],
    );
    for (const row of rows) {
      result.set(row.key, { id: row.key, text: row.body, collection: row.collection, title: row.title, url: row.url });
    }
    return result;
  }

  async count(): Promise<number> {
    const { rows } = await this.#db.query<{ n: number }>('SELECT count(*)::int AS n FROM reuse_sources');
    return rows[0]?.n ?? 0;
  }
}

/**
 * PostgreSQL text cannot hold U+0000 (extracted files and web pages sometimes do). It becomes U+FFFD, one
 * code unit for one, so every offset into the stored body still points at the same character.
 */
function storable(value: string): string {
  return value.includes('\u0000') ? value.replaceAll('\u0000', '\ufffd') : value;
}

/**
 * Inserts the sources, or replaces the fields of those whose key exists (keeping their internal id, so a
 * concurrent `add` of the same key waits on the row instead of failing on the unique key). Returns the
 * internal ids in the order of `sources`; keys must be distinct.
 */
async function upsertSources(tx: Queryable, sources: readonly IndexedSource[]): Promise<number[]> {
  const { rows } = await tx.query<{ id: number; key: string }>(
    `INSERT INTO reuse_sources (key, collection, title, url, body)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     ON CONFLICT (key) DO UPDATE
       SET collection = excluded.collection, title = excluded.title, url = excluded.url, body = excluded.body,
           created_at = now()
     RETURNING id, key`,
    [
      sources.map((s) => s.id),
      sources.map((s) => storable(s.collection)),
      sources.map((s) => storable(s.title)),
      sources.map((s) => (s.url === null ? null : storable(s.url))),
      sources.map((s) => storable(s.text)),
    ],
  );
  const idOfKey = new Map(rows.map((row) => [row.key, row.id]));
  return sources.map((s) => {
    const id = idOfKey.get(s.id);
    if (id === undefined) throw new Error(`upserting reuse source ${s.id} returned no id`);
    return id;
  });
}

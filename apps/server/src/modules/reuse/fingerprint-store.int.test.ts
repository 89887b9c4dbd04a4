import { verifyStoreContract, type IndexedSource } from '@veritext/reuse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { SqlFingerprintStore } from './fingerprint-store.ts';

function source(id: string, text = `text of ${id}`, collection = 'checked'): IndexedSource {
  return { id, text, collection, title: `Title ${id}`, url: `https://example.com/${id}` };
}

/** `count` distinct hashes from `start`, spread over the whole unsigned range. */
function hashes(count: number, start = 0): number[] {
  return Array.from({ length: count }, (_, i) => ((start + i) * 2_654_435_761) >>> 0);
}

describe(`SqlFingerprintStore (${TEST_DB_KIND})`, () => {
  let handle: TestDatabase;
  let store: SqlFingerprintStore;
  beforeAll(async () => {
    handle = await createTestDatabase();
    store = new SqlFingerprintStore(handle.db);
  });
  afterAll(async () => {
    await handle.dispose();
  });

  async function emptyIndex(): Promise<void> {
    await handle.db.exec('TRUNCATE reuse_sources, reuse_fingerprints');
  }

  async function postingRows(key?: string): Promise<number> {
    const { rows } = await handle.db.query<{ n: number }>(
      key === undefined
        ? 'SELECT count(*)::int AS n FROM reuse_fingerprints'
        : 'SELECT count(*)::int AS n FROM reuse_fingerprints f JOIN reuse_sources s ON s.id = f.source_id WHERE s.key = $1',
      key === undefined ? [] : [key],
    );
    return rows[0]?.n ?? 0;
  }

  it('keeps the store contract', async () => {
    await emptyIndex();
    expect(await verifyStoreContract(async () => store)).toBeGreaterThan(15);
  });

  it('round-trips the ends of the unsigned 32-bit range', async () => {
    await emptyIndex();
    await store.add(source('edges'), [0, 1, 0x7fffffff, 0x80000000, 0xffffffff]);
    const { rows } = await handle.db.query<{ hash: number }>('SELECT hash FROM reuse_fingerprints ORDER BY hash');
    expect(rows.map((r) => r.hash)).toEqual([-2147483648, -1, 0, 1, 2147483647]);
    const postings = await store.lookup([0xffffffff, 0x80000000, 0, 0x7fffffff, 12345], { maxDf: 10 });
    expect([...postings.keys()].sort((a, b) => a - b)).toEqual([0, 0x7fffffff, 0x80000000, 0xffffffff]);
    expect(postings.get(0xffffffff)).toEqual({ df: 1, sourceIds: ['edges'] });
    await expect(store.add(source('bad'), [2 ** 32])).rejects.toThrow(RangeError);
    await expect(store.add(source('bad'), [-1])).rejects.toThrow(RangeError);
    expect(await store.count()).toBe(1);
  });

  it('adds and removes a document of 3,000 hashes', async () => {
    await emptyIndex();
    const many = hashes(3_000);
    await store.add(source('long'), many);
    await store.add(source('other'), hashes(10));
    expect(await postingRows('long')).toBe(3_000);
    const postings = await store.lookup(many, { maxDf: 5 });
    expect(postings.size).toBe(3_000);
    expect(postings.get(many[0]!)).toEqual({ df: 2, sourceIds: expect.arrayContaining(['long', 'other']) });
    expect(postings.get(many[2_999]!)).toEqual({ df: 1, sourceIds: ['long'] });

    await store.remove('long');
    expect(await postingRows()).toBe(10);
    expect((await store.lookup(many, { maxDf: 5 })).size).toBe(10);
    expect(await store.count()).toBe(1);
  });

  it('replaces a source atomically: a failed replacement leaves the old version whole', async () => {
    await emptyIndex();
    await store.add(source('doc', 'old text'), [1, 2, 3]);
    // A database whose transactions fail at the postings insert, after the source row was already updated.
    const failing: Database = {
      kind: handle.db.kind,
      query: (sql, params) => handle.db.query(sql, params),
      exec: (sql) => handle.db.exec(sql),
      close: () => handle.db.close(),
      transaction: (work) =>
        handle.db.transaction((tx) => {
          const broken: Queryable = {
            query: (sql, params) =>
              sql.startsWith('INSERT INTO reuse_fingerprints')
                ? Promise.reject(new Error('disk full'))
                : tx.query(sql, params),
            exec: (sql) => tx.exec(sql),
          };
          return work(broken);
        }),
    };
    await expect(new SqlFingerprintStore(failing).add(source('doc', 'new text'), [4, 5])).rejects.toThrow('disk full');
    expect((await store.getSources(['doc'])).get('doc')?.text).toBe('old text');
    expect([...(await store.lookup([1, 2, 3, 4, 5], { maxDf: 10 })).keys()].sort()).toEqual([1, 2, 3]);

    await store.add(source('doc', 'new text'), [4, 5]);
    expect((await store.getSources(['doc'])).get('doc')?.text).toBe('new text');
    expect([...(await store.lookup([1, 2, 3, 4, 5], { maxDf: 10 })).keys()].sort()).toEqual([4, 5]);
    expect(await postingRows()).toBe(2);
  });

  it('cascades: deleting a source row deletes its postings', async () => {
    await emptyIndex();
    await store.add(source('a'), hashes(50));
    await store.add(source('b'), hashes(20, 1_000));
    expect(await postingRows()).toBe(70);
    await handle.db.query("DELETE FROM reuse_sources WHERE key = 'a'");
    expect(await postingRows()).toBe(20);
    await store.remove('b');
    expect(await postingRows()).toBe(0);
  });

  it('addMany indexes many sources at once, replacing known keys', async () => {
    await emptyIndex();
    await store.add(source('s1', 'before'), [999]);
    await store.addMany([
      ...Array.from({ length: 1_200 }, (_, i) => ({ source: source(`s${i}`), hashes: hashes(60, i * 10) })),
      { source: source('late', 'first'), hashes: [1] },
      { source: source('late', 'second'), hashes: [2, 2] },
    ]);
    expect(await store.count()).toBe(1_201);
    expect(await postingRows()).toBe(1_200 * 60 + 1);
    expect(await postingRows('s1')).toBe(60);
    expect((await store.getSources(['s1', 'late'])).get('late')?.text).toBe('second');
    const postings = await store.lookup([hashes(1, 55)[0]!, 999, 2], { maxDf: 3 });
    // hash 55 is held by s0..s5: damped at maxDf 3, reported with its df
    expect(postings.get(hashes(1, 55)[0]!)).toEqual({ df: 6, sourceIds: [] });
    expect(postings.has(999)).toBe(false);
    expect(postings.get(2)).toEqual({ df: 1, sourceIds: ['late'] });
  });

  it('filters by collection without changing df', async () => {
    await emptyIndex();
    await store.add(source('x', 'x', 'checked'), [10, 11]);
    await store.add(source('y', 'y', 'ref:wiki'), [10]);
    const postings = await store.lookup([10, 11], { maxDf: 10, collections: ['ref:wiki'] });
    expect(postings.get(10)).toEqual({ df: 2, sourceIds: ['y'] });
    expect(postings.get(11)).toEqual({ df: 1, sourceIds: [] });
    expect((await store.lookup([10], { maxDf: 10, collections: [] })).get(10)).toEqual({ df: 2, sourceIds: [] });
    expect((await store.lookup([], { maxDf: 10 })).size).toBe(0);
    expect((await store.getSources([])).size).toBe(0);
  });
});

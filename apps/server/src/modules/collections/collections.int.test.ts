import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkText } from '@veritext/reuse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { SqlFingerprintStore } from '../reuse/fingerprint-store.ts';
import {
  CollectionError,
  importCollection,
  listCollections,
  removeCollection,
  type ImportProgress,
} from './collections.service.ts';

const SAMPLE_DOCX = fileURLToPath(
  new URL('../../../../../packages/extract/test/fixtures/sample.docx', import.meta.url),
);

const essay = [
  'The printing press changed how knowledge travelled across Europe in the fifteenth century.',
  'Before Gutenberg, books were copied by hand in monasteries, a slow and costly labour that kept them rare.',
  'Movable metal type allowed a workshop to produce hundreds of identical pages in the time a scribe needed for one.',
  'Within fifty years presses were running in more than two hundred cities, and millions of volumes circulated.',
  'Cheaper books encouraged literacy, spread the ideas of the Reformation and helped standardise national languages.',
].join(' ');
const pools =
  'Tidal pools host crabs, anemones and small fish that survive the daily retreat of the sea. ' +
  'Visitors should walk carefully on the wet rocks and leave every creature where they found it.';
const jsonl = [
  JSON.stringify({
    id: 'volcano',
    title: 'Volcanoes',
    url: 'https://example.org/volcano',
    text: 'Volcanoes form where molten rock rises through cracks in the crust of the planet.',
  }),
  '{"id": "broken", "text": "an unfinished line',
  JSON.stringify({ text: 'Glaciers carve valleys slowly as the ice moves downhill under its own great weight.' }),
].join('\n');

describe(`reference collections (${TEST_DB_KIND})`, () => {
  let handle: TestDatabase;
  let dir: string;
  let library: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    dir = mkdtempSync(path.join(os.tmpdir(), 'vt-collections-'));
    library = path.join(dir, 'library');
    mkdirSync(path.join(library, 'history'), { recursive: true });
    writeFileSync(path.join(library, 'history', 'printing.txt'), essay);
    writeFileSync(path.join(library, 'pools.txt'), pools);
    writeFileSync(path.join(library, 'nature.jsonl'), jsonl + '\n\n');
    copyFileSync(SAMPLE_DOCX, path.join(library, 'sample.docx'));
    writeFileSync(path.join(library, 'README.md'), 'not a document type we import');
  });
  afterAll(async () => {
    await handle.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  async function count(sql: string, params: unknown[] = []): Promise<number> {
    const { rows } = await handle.db.query<{ n: number }>(sql, params);
    return rows[0]?.n ?? 0;
  }
  const sourcesOf = (collection: string) =>
    count('SELECT count(*)::int AS n FROM reuse_sources WHERE collection = $1', [collection]);
  const fingerprintsOf = (collection: string) =>
    count(
      'SELECT count(*)::int AS n FROM reuse_fingerprints f JOIN reuse_sources s ON s.id = f.source_id WHERE s.collection = $1',
      [collection],
    );

  it('imports a folder: text files, JSONL lines and a docx, skipping a malformed line', async () => {
    const progress: ImportProgress[] = [];
    const result = await importCollection(handle.db, { name: 'library', path: library, title: 'Library' }, (p) =>
      progress.push(p),
    );
    expect(result).toMatchObject({
      name: 'library',
      sourceCollection: 'ref:library',
      imported: 5,
      failed: 1,
      total: 6,
      ignored: 1,
      documents: 5,
    });
    expect(result.failures).toEqual([{ file: 'nature.jsonl', line: 2, message: 'not valid JSON' }]);
    expect(progress.at(-1)).toEqual({ done: 5, total: 6, failed: 1 });
    expect(result.words).toBeGreaterThan(100);

    const collections = await listCollections(handle.db);
    expect(collections).toEqual([
      expect.objectContaining({ name: 'library', title: 'Library', documents: 5, words: result.words }),
    ]);
    expect(collections[0]?.created).toBeInstanceOf(Date);

    const { rows } = await handle.db.query<{ key: string; title: string; url: string | null }>(
      "SELECT key, title, url FROM reuse_sources WHERE collection = 'ref:library' ORDER BY key",
    );
    expect(rows).toEqual([
      { key: 'ref:library:history/printing.txt', title: 'history/printing.txt', url: null },
      { key: 'ref:library:nature.jsonl#3', title: 'nature.jsonl#3', url: null },
      { key: 'ref:library:pools.txt', title: 'pools.txt', url: null },
      { key: 'ref:library:sample.docx', title: 'sample.docx', url: null },
      { key: 'ref:library:volcano', title: 'Volcanoes', url: 'https://example.org/volcano' },
    ]);
    const docx = await new SqlFingerprintStore(handle.db).getSources(['ref:library:sample.docx']);
    expect(docx.get('ref:library:sample.docx')?.text).toContain('The quick brown fox jumps over the lazy dog');
  });

  it('lets the reuse engine find a paragraph copied from an imported text file, with its collection', async () => {
    const store = new SqlFingerprintStore(handle.db);
    const copied = essay.split('. ').slice(1, 4).join('. ') + '.';
    const text = `My homework about history. ${copied} That is all I have to say about it.`;
    for (const collections of [undefined, ['ref:library']]) {
      const result = await checkText(store, { text, language: 'en', ...(collections ? { collections } : {}) });
      expect(result.matches).toHaveLength(1);
      expect(result.matches[0]).toMatchObject({ sourceId: 'ref:library:history/printing.txt', kind: 'identical' });
    }
    const source = (await store.getSources(['ref:library:history/printing.txt'])).get(
      'ref:library:history/printing.txt',
    );
    expect(source?.collection).toBe('ref:library');
    expect((await checkText(store, { text, language: 'en', collections: ['checked'] })).matches).toEqual([]);
  });

  it('replaces documents on re-import instead of duplicating them', async () => {
    const before = { sources: await sourcesOf('ref:library'), fingerprints: await fingerprintsOf('ref:library') };
    const [listed] = await listCollections(handle.db);
    const again = await importCollection(handle.db, { name: 'library', path: library });
    expect(again).toMatchObject({ imported: 5, failed: 1, documents: 5, words: listed?.words });
    expect(await sourcesOf('ref:library')).toBe(before.sources);
    expect(await fingerprintsOf('ref:library')).toBe(before.fingerprints);
    // the title is kept when none is given
    expect(await listCollections(handle.db)).toEqual([
      expect.objectContaining({ name: 'library', title: 'Library', documents: 5 }),
    ]);

    // one file alone, changed: replaced under the same key, counters corrected in the same transaction
    const single = path.join(dir, 'pools.txt');
    writeFileSync(single, `${pools} A new closing sentence with exactly nine more words here.`);
    const one = await importCollection(handle.db, { name: 'library', path: single });
    expect(one).toMatchObject({ imported: 1, total: 1, documents: 5, words: (listed?.words ?? 0) + 10 });
  });

  it('indexes in batches of 200 and reports progress after each', async () => {
    const big = path.join(dir, 'big.jsonl');
    const lines = Array.from({ length: 450 }, (_, i) =>
      JSON.stringify({ id: i, text: `Entry number ${i} of the generated reference list, about topic ${i % 7}.` }),
    );
    writeFileSync(big, lines.join('\n'));
    const progress: ImportProgress[] = [];
    const result = await importCollection(handle.db, { name: 'generated', path: big }, (p) => progress.push(p));
    expect(progress).toEqual([
      { done: 200, total: 450, failed: 0 },
      { done: 400, total: 450, failed: 0 },
      { done: 450, total: 450, failed: 0 },
    ]);
    expect(result).toMatchObject({ imported: 450, documents: 450 });
    expect(await sourcesOf('ref:generated')).toBe(450);
    expect((await listCollections(handle.db)).map((c) => [c.name, c.title, c.documents])).toEqual([
      ['generated', 'generated', 450],
      ['library', 'Library', 5],
    ]);
  });

  it('refuses bad input as a whole and writes nothing', async () => {
    const empty = path.join(dir, 'empty');
    mkdirSync(path.join(empty, 'nested'), { recursive: true });
    writeFileSync(path.join(empty, 'notes.md'), 'markdown is not imported');
    await expect(importCollection(handle.db, { name: 'bad', path: path.join(dir, 'missing') })).rejects.toThrow(
      /^No such file or folder: /,
    );
    await expect(importCollection(handle.db, { name: 'bad', path: empty })).rejects.toThrow('holds no files to import');
    await expect(importCollection(handle.db, { name: 'bad', path: path.join(empty, 'notes.md') })).rejects.toThrow(
      CollectionError,
    );
    await expect(importCollection(handle.db, { name: 'Bad Name', path: library })).rejects.toThrow(
      'Invalid collection name',
    );
    // a file that cannot be read is a failure, not an import
    const broken = path.join(dir, 'broken.docx');
    writeFileSync(broken, 'this is not a zip archive');
    const result = await importCollection(handle.db, { name: 'bad', path: broken });
    expect(result).toMatchObject({ imported: 0, failed: 1, documents: 0 });
    expect(result.failures[0]?.message).toMatch(/^Bad file format/);
    expect(await sourcesOf('ref:bad')).toBe(0);
    expect((await listCollections(handle.db)).map((c) => c.name)).toEqual(['generated', 'library']);
  });

  it('rolls a failing batch back whole: no document without its fingerprints, counters untouched', async () => {
    const failing: Database = {
      kind: handle.db.kind,
      query: (sql, params) => handle.db.query(sql, params),
      exec: (sql) => handle.db.exec(sql),
      close: () => handle.db.close(),
      transaction: (work) =>
        handle.db.transaction((tx) => {
          const broken: Queryable = {
            query: (sql, params) =>
              sql.includes('INSERT INTO reuse_collections')
                ? Promise.reject(new Error('disk full'))
                : tx.query(sql, params),
            exec: (sql) => tx.exec(sql),
          };
          return work(broken);
        }),
    };
    await expect(importCollection(failing, { name: 'doomed', path: library })).rejects.toThrow('disk full');
    expect(await sourcesOf('ref:doomed')).toBe(0);
    expect(await fingerprintsOf('ref:doomed')).toBe(0);
    expect((await listCollections(handle.db)).map((c) => c.name)).toEqual(['generated', 'library']);
  });

  it('removes a collection with its sources and fingerprints', async () => {
    const otherFingerprints = await fingerprintsOf('ref:generated');
    expect(await fingerprintsOf('ref:library')).toBeGreaterThan(0);
    expect(await removeCollection(handle.db, 'library')).toEqual({ name: 'library', documents: 5 });
    expect(await sourcesOf('ref:library')).toBe(0);
    expect(await fingerprintsOf('ref:library')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM reuse_fingerprints')).toBe(otherFingerprints);
    expect((await listCollections(handle.db)).map((c) => c.name)).toEqual(['generated']);
    await expect(removeCollection(handle.db, 'library')).rejects.toThrow(
      'No reference collection named "library" (known: generated)',
    );
    await expect(removeCollection(handle.db, 'library')).rejects.toThrow(CollectionError);
  });
});

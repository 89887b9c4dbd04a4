import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkText } from '@veritext/reuse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';
import { generateWiki, writeDump, type GeneratedPage } from '../../../test/wikipedia-dump.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { SqlFingerprintStore } from '../reuse/fingerprint-store.ts';
import { findCollectionImport } from './collection-imports.repository.ts';
import { CollectionError, listCollections } from './collections.service.ts';
import {
  prepareWikipediaImport,
  runWikipediaImport,
  type WikipediaImportOptions,
  type WikipediaProgress,
} from './wikipedia-import.ts';
import { articleUrl } from './wikipedia-pages.ts';

/** A Spanish wiki of 300 articles and the other pages a real dump holds, as a multistream .xml.bz2. */
const pages = generateWiki({ language: 'es', articles: 300, seed: 7 });
const articles = pages.filter((p) => p.kind === 'article');
const counted = (kind: GeneratedPage['kind']) => pages.filter((p) => p.kind === kind).length;

describe(`Wikipedia dump import (${TEST_DB_KIND})`, () => {
  let handle: TestDatabase;
  let dir: string;
  let dump: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    dir = mkdtempSync(path.join(os.tmpdir(), 'vt-wikipedia-'));
    dump = path.join(dir, 'eswiki-20240501-pages-articles-multistream.xml.bz2');
    await writeDump(dump, 'es', pages, 'multistream');
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

  /** What the CLI does: find or start the import of this dump, then run it. */
  async function importDump(db: Database, name: string, file: string, options: WikipediaImportOptions = {}) {
    const prepared = await prepareWikipediaImport(db, { name, file });
    if (prepared.state === 'finished') return { prepared, outcome: null };
    return { prepared, outcome: await runWikipediaImport(db, prepared.row, prepared.runner, options) };
  }

  it('is interrupted after its first batch, resumes there after a crash in a later one, and finishes', async () => {
    // 1. stopped by its signal once the first batch of 50 articles is committed (an operator's Ctrl-C)
    const controller = new AbortController();
    const seen: WikipediaProgress[] = [];
    const first = await importDump(handle.db, 'eswiki', dump, {
      batchSize: 50,
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p);
        controller.abort();
      },
    });
    expect(first.prepared.state).toBe('new');
    expect(first.outcome?.state).toBe('interrupted');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ imported: 50, importedThisRun: 50, failed: 0, resumedAfter: 0 });
    const afterFirst = seen[0]?.pages ?? 0;
    expect(afterFirst).toBe(pages.indexOf(articles[49] as GeneratedPage) + 1);
    expect(await sourcesOf('ref:eswiki')).toBe(50);
    const row = await findCollectionImport(handle.db, first.prepared.row.id);
    expect(row).toMatchObject({ kind: 'wikipedia', state: 'running', pages_done: afterFirst, done: 50 });

    // 2. resumed, and crashed inside its second batch (the checkpoint's write fails): that batch rolls back whole
    let checkpoints = 0;
    const crashing: Database = {
      kind: handle.db.kind,
      query: (sql, params) => handle.db.query(sql, params),
      exec: (sql) => handle.db.exec(sql),
      close: () => handle.db.close(),
      transaction: (work) =>
        handle.db.transaction((tx) => {
          const wrapped: Queryable = {
            query: (sql, params) =>
              sql.includes('SET pages_done') && ++checkpoints === 2
                ? Promise.reject(new Error('the machine lost power'))
                : tx.query(sql, params),
            exec: (sql) => tx.exec(sql),
          };
          return work(wrapped);
        }),
    };
    const crashedProgress: WikipediaProgress[] = [];
    await expect(
      importDump(crashing, 'eswiki', dump, { batchSize: 50, onProgress: (p) => crashedProgress.push(p) }),
    ).rejects.toThrow('the machine lost power');
    expect(crashedProgress.map((p) => [p.resumedAfter, p.imported])).toEqual([[afterFirst, 100]]);
    expect(await sourcesOf('ref:eswiki')).toBe(100);

    // 3. run again: resumes after the last committed batch and goes to the end
    const progress: WikipediaProgress[] = [];
    const last = await importDump(handle.db, 'eswiki', dump, { batchSize: 50, onProgress: (p) => progress.push(p) });
    expect(last.prepared.state).toBe('resumed');
    expect(last.prepared.row.id).toBe(first.prepared.row.id);
    expect(progress[0]?.resumedAfter).toBe(crashedProgress[0]?.pages);
    expect(last.outcome).toMatchObject({ state: 'done', documents: articles.length, failures: [] });
    expect(last.outcome?.progress).toMatchObject({
      pages: pages.length,
      imported: articles.length,
      importedThisRun: articles.length - 100,
      failed: 0,
      skipped: {
        redirect: counted('redirect'),
        namespace: counted('namespace'),
        disambiguation: counted('disambiguation'),
        short: counted('stub'),
      },
    });
    expect(last.outcome?.progress.bytesRead).toBe(last.outcome?.progress.bytes);
    // no duplicates, nothing lost: one source per article, each with its fingerprints
    expect(await sourcesOf('ref:eswiki')).toBe(articles.length);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM reuse_sources s WHERE s.collection = 'ref:eswiki'
         AND NOT EXISTS (SELECT 1 FROM reuse_fingerprints f WHERE f.source_id = s.id)`,
      ),
    ).toBe(0);
    const finished = await findCollectionImport(handle.db, first.prepared.row.id);
    expect(finished).toMatchObject({
      state: 'done',
      done: articles.length,
      total: articles.length,
      pages_done: pages.length,
      skipped: { redirect: counted('redirect'), namespace: counted('namespace'), disambiguation: 3, short: 6 },
    });
    const [collection] = await listCollections(handle.db);
    expect(collection).toMatchObject({ name: 'eswiki', documents: articles.length });

    // 4. a finished import run again does nothing
    const again = await importDump(handle.db, 'eswiki', dump);
    expect(again.prepared.state).toBe('finished');
    expect(await sourcesOf('ref:eswiki')).toBe(articles.length);
  }, 120_000);

  it('keeps each article as clean text under its id, title and Wikipedia URL', async () => {
    const { rows } = await handle.db.query<{ key: string; title: string; url: string; body: string }>(
      "SELECT key, title, url, body FROM reuse_sources WHERE collection = 'ref:eswiki' ORDER BY id",
    );
    expect(rows.map((r) => r.key)).toEqual(articles.map((a) => `ref:eswiki:wiki:es:${String(a.id)}`));
    expect(rows.slice(0, 5).map((r) => [r.title, r.url])).toEqual([
      ['Río Verde (Ávila)', 'https://es.wikipedia.org/wiki/R%C3%ADo_Verde_(%C3%81vila)'],
      ["L'Hospitalet de Llobregat", 'https://es.wikipedia.org/wiki/L%27Hospitalet_de_Llobregat'],
      ['Peñíscola', 'https://es.wikipedia.org/wiki/Pe%C3%B1%C3%ADscola'],
      ['Calle AC/DC', 'https://es.wikipedia.org/wiki/Calle_AC/DC'],
      ['Ciudad de México, Distrito', 'https://es.wikipedia.org/wiki/Ciudad_de_M%C3%A9xico,_Distrito'],
    ]);
    for (const [index, row] of rows.entries()) {
      const article = articles[index] as GeneratedPage;
      expect(row.title).toBe(article.title);
      expect(row.url).toBe(articleUrl('es.wikipedia.org', article.title));
      // every paragraph of prose, with link labels, bold and italic words kept and the references gone
      for (const paragraph of article.paragraphs) expect(row.body).toContain(paragraph);
      // no markup left: templates, infobox, references, links, tables, headings, comments
      expect(row.body).not.toMatch(/\{\{|\}\}|<ref|<\/ref>|\[\[|\]\]|'''|''|\{\||\|\}|==|<!--|\|/);
      expect(row.body).not.toMatch(/Ficha de localidad|cita web|example\.org|miniaturadeimagen|Categoría:/);
      // nor the trailing sections (Véase también, Referencias, Enlaces externos)
      for (const gone of article.leftOut) expect(row.body).not.toContain(gone);
    }
    // redirects, disambiguation pages, other namespaces and stubs are not documents
    const titles = new Set(rows.map((r) => r.title));
    for (const page of pages.filter((p) => p.kind !== 'article')) expect(titles.has(page.title)).toBe(false);
    expect(pages.some((p) => p.kind === 'namespace' && p.title.startsWith('Plantilla:'))).toBe(true);
  });

  it("finds a paragraph copied from one article and reports that article's Wikipedia URL", async () => {
    const store = new SqlFingerprintStore(handle.db);
    const article = articles[123] as GeneratedPage;
    const copied = article.paragraphs[2] ?? '';
    const text = `Mi trabajo sobre la historia de la comarca. ${copied} Eso es todo lo que sé del tema.`;
    const result = await checkText(store, { text, language: 'es', collections: ['ref:eswiki'] });
    expect(result.matches.map((m) => m.sourceId)).toEqual([`ref:eswiki:wiki:es:${String(article.id)}`]);
    const source = (await store.getSources([`ref:eswiki:wiki:es:${String(article.id)}`])).values().next().value;
    expect(source).toMatchObject({ title: article.title, url: articleUrl('es.wikipedia.org', article.title) });
  });

  it('reads a plain .xml dump of an English wiki, and a single bzip2 stream', async () => {
    const english = generateWiki({ language: 'en', articles: 12, seed: 3 });
    const xml = path.join(dir, 'enwiki-latest-pages-articles.xml');
    await writeDump(xml, 'en', english, 'xml');
    const single = path.join(dir, 'enwiki-latest-pages-articles.xml.bz2');
    await writeDump(single, 'en', english, 'bzip2');
    for (const [name, file] of [
      ['enwiki', xml],
      ['enwiki-bz2', single],
    ] as const) {
      const { outcome } = await importDump(handle.db, name, file);
      expect(outcome).toMatchObject({ state: 'done', documents: 12 });
      const { rows } = await handle.db.query<{ key: string; url: string }>(
        'SELECT key, url FROM reuse_sources WHERE collection = $1 ORDER BY id LIMIT 2',
        [`ref:${name}`],
      );
      expect(rows).toEqual([
        { key: `ref:${name}:wiki:en:10`, url: 'https://en.wikipedia.org/wiki/Saint-Ouen%27s_Bridge' },
        { key: `ref:${name}:wiki:en:13`, url: 'https://en.wikipedia.org/wiki/Mill_(Yorkshire)' },
      ]);
    }
    const store = new SqlFingerprintStore(handle.db);
    const article = english.find((p) => p.kind === 'article' && p.title === 'Dover, Kent') as GeneratedPage;
    const copied = article.paragraphs[1] ?? '';
    const result = await checkText(store, { text: copied, language: 'en', collections: ['ref:enwiki'] });
    expect(result.matches[0]?.sourceId).toBe(`ref:enwiki:wiki:en:${String(article.id)}`);
  }, 60_000);

  it('refuses what is not a dump, and fails a truncated one after committing what it read', async () => {
    const notes = path.join(dir, 'notes.txt');
    writeFileSync(notes, 'just some notes');
    await expect(prepareWikipediaImport(handle.db, { name: 'bad', file: notes })).rejects.toThrow(
      'is neither a bzip2 file nor XML',
    );
    await expect(
      prepareWikipediaImport(handle.db, { name: 'bad', file: path.join(dir, 'nope.xml.bz2') }),
    ).rejects.toThrow(CollectionError);
    await expect(prepareWikipediaImport(handle.db, { name: 'Bad Name', file: dump })).rejects.toThrow(
      'Invalid collection name',
    );
    const other = path.join(dir, 'other.xml');
    writeFileSync(other, '<?xml version="1.0"?><rss><channel /></rss>');
    await expect(importDump(handle.db, 'bad', other)).rejects.toThrow(
      'Not a MediaWiki dump: its root element is <rss>',
    );

    // the download stopped half-way: the batches before the cut are kept
    const truncated = path.join(dir, 'truncated.xml.bz2');
    const bytes = readFileSync(dump);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(importDump(handle.db, 'cut', truncated, { batchSize: 20 })).rejects.toThrow(
      'the download looks incomplete',
    );
    expect(await sourcesOf('ref:cut')).toBeGreaterThan(100);
  });
});

import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';
import { SqlFingerprintStore } from '../reuse/fingerprint-store.ts';
import {
  memoryWebPageCache,
  sqlWebPageCache,
  sweepExpiredWebPages,
  type CachedPage,
  type WebPageCache,
} from './web-cache.repository.ts';
import { webPagesSweep } from './web-sources.jobs.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = new Date('2030-01-10T12:00:00Z');
const at = (ms: number): Date => new Date(T0.getTime() + ms);

let handle: TestDatabase;
let store: SqlFingerprintStore;

beforeAll(async () => {
  handle = await createTestDatabase();
  store = new SqlFingerprintStore(handle.db);
});
afterAll(async () => {
  await handle.dispose();
});
beforeEach(async () => {
  await handle.db.exec('DELETE FROM web_pages; DELETE FROM web_fetch_refusals; DELETE FROM reuse_sources;');
});

/** Puts a page in the index (collection 'web') and in the cache, as the web stage does. */
async function cachePage(
  cache: WebPageCache,
  page: CachedPage & { requestedUrl: string; contentSha256: string; finalUrl?: string },
  ttlMs = 7 * DAY,
): Promise<void> {
  await store.add(
    { id: page.key, text: `text of ${page.url}`, collection: 'web', title: page.title, url: page.url },
    [1, 2, 3],
  );
  await cache.put(page, ttlMs);
}

const page = (name: string, fetchedAt = T0): CachedPage => ({
  key: `web:${name}`,
  url: `https://site.example/${name}`,
  title: `The ${name} page`,
  fetchedAt,
});

describe.each([
  ['sql', () => sqlWebPageCache(handle.db)],
  ['memory', () => memoryWebPageCache()],
] as const)(`the web page cache (%s, ${TEST_DB_KIND})`, (_kind, makeCache) => {
  it('finds pages by requested URL until they expire', async () => {
    const cache = makeCache();
    await cachePage(cache, {
      ...page('tides'),
      requestedUrl: 'https://site.example/tides?ref=feed',
      contentSha256: 'a1',
    });
    await cachePage(cache, { ...page('mills'), requestedUrl: 'https://site.example/mills', contentSha256: 'b2' }, DAY);
    const urls = ['https://site.example/tides?ref=feed', 'https://site.example/mills', 'https://site.example/none'];

    const fresh = await cache.fresh(urls, at(HOUR));
    expect([...fresh.keys()].sort()).toEqual(['https://site.example/mills', 'https://site.example/tides?ref=feed']);
    expect(fresh.get('https://site.example/tides?ref=feed')).toEqual(page('tides'));

    // a day after its fetch the page with a one-day TTL has expired; at its very expiry it has too
    expect([...(await cache.fresh(urls, at(DAY))).keys()]).toEqual(['https://site.example/tides?ref=feed']);
    expect((await cache.fresh(urls, at(8 * DAY))).size).toBe(0);
    expect((await cache.fresh([], T0)).size).toBe(0);
  });

  it('replaces what a URL gave before when it is fetched again', async () => {
    const cache = makeCache();
    await cachePage(cache, { ...page('old'), requestedUrl: 'https://site.example/x', contentSha256: 'c1' }, DAY);
    const again = { ...page('new', at(2 * DAY)), requestedUrl: 'https://site.example/x', contentSha256: 'c2' };
    await cachePage(cache, again, DAY);
    expect((await cache.fresh(['https://site.example/x'], at(2 * DAY + HOUR))).get('https://site.example/x')).toEqual(
      page('new', at(2 * DAY)),
    );
    expect(await cache.byContentHash('c1', at(2 * DAY + HOUR))).toBeNull();
  });

  it('finds a live page by the hash of its text, the latest fetched', async () => {
    const cache = makeCache();
    await cachePage(cache, { ...page('first'), requestedUrl: 'https://a.example/', contentSha256: 'same' });
    await cachePage(cache, { ...page('second', at(HOUR)), requestedUrl: 'https://b.example/', contentSha256: 'same' });
    expect(await cache.byContentHash('same', at(2 * HOUR))).toEqual(page('second', at(HOUR)));
    expect(await cache.byContentHash('other', at(2 * HOUR))).toBeNull();
    expect(await cache.byContentHash('same', at(30 * DAY))).toBeNull();
  });

  it('describes pages by source key, expired or not, for the report', async () => {
    const cache = makeCache();
    await cachePage(cache, { ...page('tides'), requestedUrl: 'https://a.example/', contentSha256: 'a' }, DAY);
    // a mirror recorded under the same key later (the stage found the same text): the latest names the key
    const mirror = { ...page('tides', at(HOUR)), title: 'Tides (mirror)', requestedUrl: 'https://b.example/' };
    await cache.put({ ...mirror, contentSha256: 'a' }, DAY);
    const described = await cache.describe(['web:tides', 'web:unknown', 'web:tides']);
    expect([...described.keys()]).toEqual(['web:tides']);
    expect(described.get('web:tides')).toEqual({ ...page('tides', at(HOUR)), title: 'Tides (mirror)' });
    expect((await cache.describe([])).size).toBe(0);
  });

  it('remembers refused URLs until their refusal expires', async () => {
    const cache = makeCache();
    const now = new Date();
    await cache.putRefused('https://bad.example/robots', 'robots', HOUR);
    await cache.putRefused('https://bad.example/big', 'too_large', HOUR);
    await cache.putRefused('https://bad.example/big', 'too_large', -HOUR); // refused again, already over
    const urls = ['https://bad.example/robots', 'https://bad.example/big', 'https://ok.example/'];
    expect([...(await cache.refused(urls, now))]).toEqual(['https://bad.example/robots']);
    expect((await cache.refused(urls, new Date(now.getTime() + 2 * HOUR))).size).toBe(0);
  });

  it('does not cache URLs too long for an index entry', async () => {
    const cache = makeCache();
    const long = `https://site.example/${'a'.repeat(5000)}`;
    await cachePage(cache, { ...page('long'), requestedUrl: long, contentSha256: 'l' });
    await cache.putRefused(long, 'status', HOUR);
    expect((await cache.fresh([long], T0)).size).toBe(0);
    expect((await cache.refused([long], new Date())).size).toBe(0);
  });
});

describe(`the SQL page cache and the index (${TEST_DB_KIND})`, () => {
  it('does not count a page whose index entry has gone: it is downloaded again', async () => {
    const cache = sqlWebPageCache(handle.db);
    await cachePage(cache, { ...page('tides'), requestedUrl: 'https://a.example/', contentSha256: 'a' });
    await store.remove('web:tides');
    expect((await cache.fresh(['https://a.example/'], at(HOUR))).size).toBe(0);
    expect(await cache.byContentHash('a', at(HOUR))).toBeNull();
    // the report still names it
    expect((await cache.describe(['web:tides'])).get('web:tides')?.title).toBe('The tides page');
  });
});

describe(`sweepExpiredWebPages (${TEST_DB_KIND})`, () => {
  async function count(sql: string): Promise<number> {
    const { rows } = await handle.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`);
    return rows[0]?.n ?? 0;
  }
  async function indexed(keys: string[]): Promise<string[]> {
    return [...(await store.getSources(keys)).keys()].sort();
  }

  it('takes expired pages out of the index and the cache, keeping a key a live row still names', async () => {
    const cache = sqlWebPageCache(handle.db);
    await cachePage(cache, { ...page('gone'), requestedUrl: 'https://a.example/gone', contentSha256: 'g' }, DAY);
    await cachePage(cache, { ...page('live'), requestedUrl: 'https://a.example/live', contentSha256: 'l' }, 9 * DAY);
    // one key, two URLs: one of them expired, the other not
    await cachePage(cache, { ...page('shared'), requestedUrl: 'https://a.example/s1', contentSha256: 's' }, DAY);
    await cache.put({ ...page('shared'), requestedUrl: 'https://a.example/s2', contentSha256: 's' }, 9 * DAY);
    await cache.putRefused('https://bad.example/old', 'robots', -HOUR);
    // refusals expire by the clock (the sweeps below run in 2030): this one outlives the first sweeps
    await cache.putRefused('https://bad.example/new', 'robots', at(5 * DAY).getTime() - Date.now());
    // a source of another collection with the same look is never touched
    await store.add({ id: 'checked:1', text: 'a checked text', collection: 'checked', title: '', url: null }, [4]);

    const swept = await sweepExpiredWebPages(handle.db, store, at(2 * DAY));
    expect(swept).toEqual({ pages: 2, indexEntries: 1, refusals: 1 });
    expect(await indexed(['web:gone', 'web:live', 'web:shared', 'checked:1'])).toEqual([
      'checked:1',
      'web:live',
      'web:shared',
    ]);
    const { rows } = await handle.db.query<{ url: string }>('SELECT url FROM web_pages ORDER BY url');
    expect(rows.map((row) => row.url)).toEqual(['https://a.example/live', 'https://a.example/s2']);
    expect(await count('web_fetch_refusals')).toBe(1);
    // the postings went with the source
    expect([...((await store.lookup([1, 2, 3], { maxDf: 100 })).get(1)?.sourceIds ?? [])].sort()).toEqual([
      'web:live',
      'web:shared',
    ]);

    // nothing left to do: a second sweep at the same time finds nothing
    expect(await sweepExpiredWebPages(handle.db, store, at(2 * DAY))).toEqual({
      pages: 0,
      indexEntries: 0,
      refusals: 0,
    });
    // once the last row of the shared key expires, its entry goes too
    expect(await sweepExpiredWebPages(handle.db, store, at(10 * DAY))).toEqual({
      pages: 2,
      indexEntries: 2,
      refusals: 1,
    });
    expect(await indexed(['web:live', 'web:shared', 'checked:1'])).toEqual(['checked:1']);
    expect(await count('web_pages')).toBe(0);
  });

  it('removes web index entries no row names once they are an hour old', async () => {
    const orphan = { collection: 'web', title: '', url: null };
    await store.add({ id: 'web:orphan-old', text: 'old', ...orphan }, [7]);
    await store.add({ id: 'web:orphan-new', text: 'new', ...orphan }, [8]);
    await handle.db.query(
      "UPDATE reuse_sources SET created_at = now() - interval '2 hours' WHERE key = 'web:orphan-old'",
    );
    const swept = await sweepExpiredWebPages(handle.db, store, new Date());
    expect(swept).toEqual({ pages: 0, indexEntries: 1, refusals: 0 });
    expect(await indexed(['web:orphan-old', 'web:orphan-new'])).toEqual(['web:orphan-new']);
  });

  it('runs as the hourly job', async () => {
    const cache = sqlWebPageCache(handle.db);
    const past = new Date(Date.now() - 10 * DAY);
    await cachePage(cache, { ...page('past', past), requestedUrl: 'https://a.example/past', contentSha256: 'p' }, DAY);
    await cache.putRefused('https://bad.example/past', 'dns', -HOUR);
    await webPagesSweep.handler(
      {},
      {
        jobId: 'test',
        queue: webPagesSweep.queueName,
        attempt: 1,
        signal: new AbortController().signal,
        db: handle.db,
        logger: pino({ level: 'silent' }),
      },
    );
    expect(await indexed(['web:past'])).toEqual([]);
    expect(await count('web_pages')).toBe(0);
    expect(await count('web_fetch_refusals')).toBe(0);
  });
});

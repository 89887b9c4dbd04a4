/*
 * The internet's page cache (issue 14 §1; migration 0017_web_pages.sql): which pages were fetched, from which
 * URL, under which reuse-index key, until when they count; and which URLs were refused lately. The pages' text
 * and fingerprints are in the reuse index itself (collection 'web', SqlFingerprintStore): a page fetched within
 * the time to live is looked up there instead of being downloaded again. This file is the module's repository:
 * all its SQL is here.
 */
import type { FingerprintStore } from '@veritext/reuse';
import type { Queryable } from '../../db/database.ts';

/** A page in the cache. `key` is its reuse_sources key; `url` the URL it is cited by (canonical, else final). */
export type CachedPage = { key: string; url: string; title: string; fetchedAt: Date };

/** What `put` stores: the page, the URL it was asked for, the sha256 (hex) of its text, where redirects ended. */
export type CachedPageEntry = CachedPage & {
  requestedUrl: string;
  contentSha256: string;
  /** The URL after redirects, when it differs from `url` (the canonical one); `url` when not given. */
  finalUrl?: string;
};

export type WebPageCache = {
  /** The pages asked for by these URLs that have not expired at `now`, by requested URL. */
  fresh(urls: readonly string[], now: Date): Promise<Map<string, CachedPage>>;
  /** A page with this text (sha256 hex) that has not expired at `now` (the latest fetched), or null. */
  byContentHash(sha256: string, now: Date): Promise<CachedPage | null>;
  /** Records a page for its requested URL (replacing what that URL gave before), kept ttlMs from its fetch. */
  put(page: CachedPageEntry, ttlMs: number): Promise<void>;
  /** The URLs among these that were refused and whose refusal has not expired at `now`. */
  refused(urls: readonly string[], now: Date): Promise<Set<string>>;
  /** Records that a URL was refused (why: a FetchRefusal, 'extract'…), not to be tried for ttlMs. */
  putRefused(url: string, reason: string, ttlMs: number): Promise<void>;
  /** The pages of these source keys, expired or not (the latest fetched of each), for the report. */
  describe(keys: readonly string[]): Promise<Map<string, CachedPage>>;
};

/**
 * URLs longer than this are not cached (nor their refusals): a B-tree entry must fit a third of a page, and a
 * search result's URL is a stranger's string. Such a page is downloaded each time; real URLs are far shorter.
 */
const MAX_URL_CHARS = 2000;

const cacheable = (url: string): boolean => url.length <= MAX_URL_CHARS;

type PageRow = { requested: string; key: string; url: string; title: string; fetched_at: Date };

function toCachedPage(row: PageRow): CachedPage {
  return { key: row.key, url: row.url, title: row.title, fetchedAt: new Date(row.fetched_at) };
}

/*
 * A row counts as cached only while its index entry is there: the web stage adds a page to the index and then
 * records it here, and a sweep may take the entry away between a check's look-up and its put, so a row without
 * its entry means "download again", never "found" without a text to align with.
 */
const HAS_INDEX_ENTRY = 'EXISTS (SELECT 1 FROM reuse_sources s WHERE s.key = p.source_key)';

/** The page cache of the product, in the application's database. */
export function sqlWebPageCache(db: Queryable): WebPageCache {
  return {
    async fresh(urls, now) {
      const result = new Map<string, CachedPage>();
      const wanted = [...new Set(urls)].filter(cacheable);
      if (wanted.length === 0) return result;
      const { rows } = await db.query<PageRow>(
        `SELECT p.url AS requested, p.source_key AS key, p.canonical_url AS url, p.title, p.fetched_at
         FROM web_pages p
         WHERE p.url = ANY($1::text[]) AND p.expires_at > $2 AND ${HAS_INDEX_ENTRY}`,
        [wanted, now],
      );
      for (const row of rows) result.set(row.requested, toCachedPage(row));
      return result;
    },

    async byContentHash(sha256, now) {
      const { rows } = await db.query<PageRow>(
        `SELECT p.url AS requested, p.source_key AS key, p.canonical_url AS url, p.title, p.fetched_at
         FROM web_pages p
         WHERE p.content_sha256 = $1 AND p.expires_at > $2 AND ${HAS_INDEX_ENTRY}
         ORDER BY p.fetched_at DESC
         LIMIT 1`,
        [sha256, now],
      );
      const row = rows[0];
      return row === undefined ? null : toCachedPage(row);
    },

    async put(page, ttlMs) {
      if (!cacheable(page.requestedUrl)) return;
      await db.query(
        `INSERT INTO web_pages (url, final_url, canonical_url, title, content_sha256, source_key, fetched_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (url) DO UPDATE
           SET final_url = excluded.final_url, canonical_url = excluded.canonical_url, title = excluded.title,
               content_sha256 = excluded.content_sha256, source_key = excluded.source_key,
               fetched_at = excluded.fetched_at, expires_at = excluded.expires_at`,
        [
          page.requestedUrl,
          page.finalUrl ?? page.url,
          page.url,
          page.title,
          page.contentSha256,
          page.key,
          page.fetchedAt,
          new Date(page.fetchedAt.getTime() + ttlMs),
        ],
      );
    },

    async refused(urls, now) {
      const wanted = [...new Set(urls)].filter(cacheable);
      if (wanted.length === 0) return new Set();
      const { rows } = await db.query<{ url: string }>(
        'SELECT url FROM web_fetch_refusals WHERE url = ANY($1::text[]) AND expires_at > $2',
        [wanted, now],
      );
      return new Set(rows.map((row) => row.url));
    },

    async putRefused(url, reason, ttlMs) {
      if (!cacheable(url)) return;
      await db.query(
        `INSERT INTO web_fetch_refusals (url, reason, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (url) DO UPDATE SET reason = excluded.reason, expires_at = excluded.expires_at`,
        [url, reason, new Date(Date.now() + ttlMs)],
      );
    },

    async describe(keys) {
      const result = new Map<string, CachedPage>();
      if (keys.length === 0) return result;
      const { rows } = await db.query<PageRow>(
        `SELECT DISTINCT ON (p.source_key) p.url AS requested, p.source_key AS key, p.canonical_url AS url, p.title,
                p.fetched_at
         FROM web_pages p
         WHERE p.source_key = ANY($1::text[])
         ORDER BY p.source_key, p.fetched_at DESC`,
        [[...new Set(keys)]],
      );
      for (const row of rows) result.set(row.key, toCachedPage(row));
      return result;
    },
  };
}

type MemoryEntry = { page: CachedPage; contentSha256: string; expiresAt: number };

/**
 * The same cache in memory, for benchmarks and unit tests: the same answers as sqlWebPageCache, except that it
 * cannot see the index, so a page counts as cached whether or not its index entry is still there.
 */
export function memoryWebPageCache(): WebPageCache {
  const pages = new Map<string, MemoryEntry>();
  const refusals = new Map<string, number>();
  const latest = (entries: Iterable<MemoryEntry>): MemoryEntry | undefined => {
    let best: MemoryEntry | undefined;
    for (const entry of entries) {
      if (best === undefined || entry.page.fetchedAt > best.page.fetchedAt) best = entry;
    }
    return best;
  };
  return {
    async fresh(urls, now) {
      const result = new Map<string, CachedPage>();
      for (const url of urls) {
        const entry = pages.get(url);
        if (entry !== undefined && entry.expiresAt > now.getTime()) result.set(url, { ...entry.page });
      }
      return result;
    },

    async byContentHash(sha256, now) {
      const live = [...pages.values()].filter(
        (entry) => entry.contentSha256 === sha256 && entry.expiresAt > now.getTime(),
      );
      const entry = latest(live);
      return entry === undefined ? null : { ...entry.page };
    },

    async put(page, ttlMs) {
      if (!cacheable(page.requestedUrl)) return;
      pages.set(page.requestedUrl, {
        page: { key: page.key, url: page.url, title: page.title, fetchedAt: new Date(page.fetchedAt) },
        contentSha256: page.contentSha256,
        expiresAt: page.fetchedAt.getTime() + ttlMs,
      });
    },

    async refused(urls, now) {
      return new Set(urls.filter((url) => (refusals.get(url) ?? -Infinity) > now.getTime()));
    },

    async putRefused(url, _reason, ttlMs) {
      if (cacheable(url)) refusals.set(url, Date.now() + ttlMs);
    },

    async describe(keys) {
      const result = new Map<string, CachedPage>();
      for (const key of new Set(keys)) {
        const entry = latest([...pages.values()].filter((candidate) => candidate.page.key === key));
        if (entry !== undefined) result.set(key, { ...entry.page });
      }
      return result;
    },
  };
}

export type WebSweepResult = {
  /** Cache rows deleted. */
  pages: number;
  /** Entries taken out of the reuse index. */
  indexEntries: number;
  /** Refusals deleted. */
  refusals: number;
};

/** Source keys handled per round of the sweep. */
const SWEEP_BATCH = 200;
/**
 * An index entry of the web collection with no cache row at all is an orphan (a check that added a page to the
 * index and failed before recording it) once it is older than this: younger, its check may still be recording.
 */
const ORPHAN_AFTER = '1 hour';

/**
 * The cache's expiry (the hourly job): each source key whose every row has expired leaves the reuse index, then
 * the expired rows go; expired refusals go; index entries of the web collection that no row names are removed
 * after an hour. Reports stored before keep their passages (they are stored with them). Each key's entry goes
 * before its rows, so a sweep cut short leaves expired rows for the next one, never an entry nobody names.
 */
export async function sweepExpiredWebPages(
  db: Queryable,
  store: Pick<FingerprintStore, 'remove'>,
  now: Date,
): Promise<WebSweepResult> {
  const result: WebSweepResult = { pages: 0, indexEntries: 0, refusals: 0 };
  for (;;) {
    const { rows } = await db.query<{ key: string }>(
      `SELECT DISTINCT p.source_key AS key
       FROM web_pages p
       WHERE p.expires_at <= $1
       LIMIT $2`,
      [now, SWEEP_BATCH],
    );
    if (rows.length === 0) break;
    const keys = rows.map((row) => row.key);
    const { rows: unused } = await db.query<{ key: string }>(
      `SELECT k.key FROM unnest($1::text[]) AS k(key)
       WHERE NOT EXISTS (SELECT 1 FROM web_pages p WHERE p.source_key = k.key AND p.expires_at > $2)`,
      [keys, now],
    );
    for (const { key } of unused) await store.remove(key);
    result.indexEntries += unused.length;
    const deleted = await db.query('DELETE FROM web_pages WHERE source_key = ANY($1::text[]) AND expires_at <= $2', [
      keys,
      now,
    ]);
    result.pages += deleted.rowCount;
  }
  // the collection name is the web stage's WEB_COLLECTION
  const { rows: orphans } = await db.query<{ key: string }>(
    `SELECT s.key FROM reuse_sources s
     WHERE s.collection = 'web' AND s.created_at < $1::timestamptz - interval '${ORPHAN_AFTER}'
       AND NOT EXISTS (SELECT 1 FROM web_pages p WHERE p.source_key = s.key)`,
    [now],
  );
  for (const { key } of orphans) await store.remove(key);
  result.indexEntries += orphans.length;
  const refusals = await db.query('DELETE FROM web_fetch_refusals WHERE expires_at <= $1', [now]);
  result.refusals = refusals.rowCount;
  return result;
}

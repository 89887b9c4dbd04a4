import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import {
  chunkCovered,
  planQueries,
  promisingResults,
  queryBudget,
  sourceKeys,
  type FingerprintStore,
} from '@veritext/reuse';
import type { CachedPage, WebPageCache } from './web-cache.repository.ts';
import {
  FetchRefusedError,
  SearchProviderError,
  type ExtractedPage,
  type FetchedPage,
  type InternetOutcome,
  type SafeFetcher,
  type SearchProvider,
  type SearchResult,
} from './types.ts';

/*
 * The web stage of a check (issue 14 §1), as the PAN source-retrieval systems work: the document is cut into
 * chunks, each gets a query of its distinctive words; a chunk already covered by pages found for earlier
 * chunks is not queried again; a result is downloaded only when its snippet shares enough with the chunk; the
 * pages found join the `web` collection of the reuse index (a cache with a time to live), where the reuse
 * engine then aligns the document with them like with any other source. Everything runs within a time
 * budget: what is found by then is kept and the outcome says the search was partial. A provider that refuses
 * (wrong key, quota) or does not answer never fails the check; the outcome says why the internet was not
 * (or not fully) searched.
 */

/** The index collection of pages fetched from the internet. */
export const WEB_COLLECTION = 'web';

/** Results asked for per query (Google's maximum; enough for the source to be among them). */
const RESULTS_PER_QUERY = 10;
/** Downloads of one query's results at once (each host still has its own limit in the fetcher). */
const PARALLEL_DOWNLOADS = 4;
/** A URL that was refused (robots, size, address…) is not tried again for a day. */
const REFUSAL_TTL_MS = 24 * 60 * 60 * 1000;

export type WebStageDeps = {
  provider: SearchProvider;
  fetcher: SafeFetcher;
  extract: (page: FetchedPage) => Promise<ExtractedPage>;
  cache: WebPageCache;
  /** Pages are added to its `web` collection. */
  store: Pick<FingerprintStore, 'add' | 'getSources'>;
  logger: Pick<Logger, 'info' | 'warn'>;
  now?: () => Date;
};

export type WebStageSettings = {
  timeBudgetMs: number;
  queriesPer1000Words: number;
  queriesMax: number;
  downloadsMax: number;
  cacheTtlMs: number;
};

export type WebStageResult = {
  outcome: InternetOutcome;
  /** Index keys of the pages found for this document (downloaded or from the cache). */
  pageKeys: string[];
  downloads: number;
  /** From the cache instead of downloaded. */
  cacheHits: number;
};

/** The index key of a page: its shown URL, hashed (stable, short, no characters the key column dislikes). */
export function webPageKey(url: string): string {
  return `web:${createHash('sha256').update(url).digest('hex').slice(0, 32)}`;
}

/** A URL as results are compared: without its fragment, which never changes the page. */
export function normaliseResultUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    parsed.hash = '';
    return parsed.href;
  } catch {
    return null;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const FAILURE_REASON = {
  auth: 'provider_auth',
  quota: 'provider_quota',
  unavailable: 'provider_unavailable',
  bad_response: 'provider_unavailable',
} as const satisfies Record<SearchProviderError['failure'], InternetOutcome['reason']>;

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(runners);
}

export async function runWebStage(
  doc: { text: string; language: 'en' | 'es' },
  deps: WebStageDeps,
  settings: WebStageSettings,
  signal?: AbortSignal,
): Promise<WebStageResult> {
  const now = deps.now ?? (() => new Date());
  const budget = AbortSignal.timeout(settings.timeBudgetMs);
  const stop = signal === undefined ? budget : AbortSignal.any([signal, budget]);
  /** Whether the budget ran out (or the caller gave up) — a function, as it changes behind every await. */
  const expired = (): boolean => stop.aborted;
  const words = doc.text.split(/\s+/u).filter((word) => word !== '').length;
  const plan = planQueries(
    doc.text,
    doc.language,
    queryBudget(words, settings.queriesPer1000Words, settings.queriesMax),
  );

  const pageKeys = new Set<string>();
  const pageTexts: string[] = [];
  const seen = new Set<string>();
  /** Texts being indexed by this stage, by their hash. */
  const texts = new Map<string, Promise<void>>();
  let queries = 0;
  let downloads = 0;
  let cacheHits = 0;
  let partial = false;
  let failure: InternetOutcome['reason'] = null;

  const found = (key: string, text: string): void => {
    if (pageKeys.has(key)) return;
    pageKeys.add(key);
    pageTexts.push(text);
  };

  const fromCache = async (pages: Map<string, CachedPage>): Promise<void> => {
    if (pages.size === 0) return;
    const keys = [...new Set([...pages.values()].map((page) => page.key))].filter((key) => !pageKeys.has(key));
    const sources = await deps.store.getSources(keys);
    for (const key of keys) {
      const source = sources.get(key);
      if (source === undefined) continue; // swept from the index since: downloaded again below
      found(key, source.text);
      cacheHits += 1;
    }
  };

  const download = async (result: SearchResult & { url: string }): Promise<void> => {
    if (expired()) {
      partial = true;
      return;
    }
    if (downloads >= settings.downloadsMax) return;
    downloads += 1;
    try {
      const page = await deps.fetcher.fetch(result.url, { signal: stop });
      const extracted = await deps.extract(page);
      const contentSha256 = sha256(extracted.text);
      const ttl = settings.cacheTtlMs;
      // two addresses of one text downloaded at once: the second waits for the first and joins it
      const earlier = texts.get(contentSha256);
      let settle = (): void => undefined;
      if (earlier === undefined) texts.set(contentSha256, new Promise<void>((resolve) => (settle = resolve)));
      else await earlier;
      try {
        await keep(result, page, extracted, contentSha256, ttl);
      } finally {
        settle();
      }
    } catch (error) {
      if (expired() && !(error instanceof FetchRefusedError && error.reason !== 'timeout')) {
        partial = true;
        return;
      }
      const reason = error instanceof FetchRefusedError ? error.reason : 'extract';
      deps.logger.info({ url: result.url, reason }, 'web page not used');
      await deps.cache.putRefused(result.url, reason, REFUSAL_TTL_MS);
    }
  };

  /** Indexes a downloaded page (or joins the page already indexed with the same text) and caches it. */
  const keep = async (
    result: SearchResult & { url: string },
    page: FetchedPage,
    extracted: ExtractedPage,
    contentSha256: string,
    ttl: number,
  ): Promise<void> => {
    const same = await deps.cache.byContentHash(contentSha256, now());
    if (same !== null) {
      // the same text under another address (a mirror, a tracking parameter): one source, found once
      await deps.cache.put({ ...same, requestedUrl: result.url, contentSha256 }, ttl);
      const known = await deps.store.getSources([same.key]);
      const source = known.get(same.key);
      if (source !== undefined) {
        found(same.key, source.text);
        return;
      }
    }
    const key = webPageKey(extracted.url);
    const title = extracted.title.trim() === '' ? result.title : extracted.title;
    const source = { id: key, text: extracted.text, collection: WEB_COLLECTION, title, url: extracted.url };
    await deps.store.add(source, sourceKeys(source));
    await deps.cache.put(
      {
        key,
        url: extracted.url,
        title,
        fetchedAt: page.fetchedAt,
        requestedUrl: result.url,
        finalUrl: page.url,
        contentSha256,
      },
      ttl,
    );
    found(key, extracted.text);
  };

  for (const [index, planned] of plan.entries()) {
    if (expired()) {
      partial = true;
      break;
    }
    const chunk = doc.text.slice(planned.chunk.start, planned.chunk.end);
    if (pageTexts.length > 0 && chunkCovered(chunk, pageTexts)) continue;
    let results: SearchResult[];
    try {
      results = await deps.provider.search(planned.query, {
        language: doc.language,
        count: RESULTS_PER_QUERY,
        signal: stop,
      });
      queries += 1;
    } catch (error) {
      if (expired()) {
        partial = true;
        break;
      }
      if (!(error instanceof SearchProviderError)) throw error;
      deps.logger.warn({ provider: deps.provider.name, failure: error.failure }, 'web search failed');
      if (error.failure === 'bad_response' && queries > 0) continue;
      failure = FAILURE_REASON[error.failure];
      break;
    }
    // a URL counts as seen once it is picked: a rejected snippet may show the real passage for a later chunk
    const candidates: (SearchResult & { url: string })[] = [];
    for (const result of results) {
      const url = normaliseResultUrl(result.url);
      if (url === null || seen.has(url) || candidates.some((candidate) => candidate.url === url)) continue;
      candidates.push({ ...result, url });
    }
    // each query gets its fair share of the downloads left, so the first chunks' weak results do not use up
    // what the last chunks' sources need
    const share = Math.max(1, Math.ceil((settings.downloadsMax - downloads) / (plan.length - index)));
    const fresh = promisingResults(candidates, chunk, doc.language, share);
    for (const result of fresh) seen.add(result.url);
    if (fresh.length === 0) continue;
    const urls = fresh.map((result) => result.url);
    const [cached, refused] = await Promise.all([deps.cache.fresh(urls, now()), deps.cache.refused(urls, now())]);
    await fromCache(cached);
    const wanted = fresh.filter((result) => !cached.has(result.url) && !refused.has(result.url));
    await eachLimited(wanted, PARALLEL_DOWNLOADS, download);
  }

  const searched = queries > 0 || (failure === null && plan.length === 0);
  const outcome: InternetOutcome = {
    searched,
    reason: searched ? null : (failure ?? 'provider_unavailable'),
    // a provider that stopped answering half-way leaves the search partial too
    partial: searched && (partial || failure !== null),
    queries,
    pages: pageKeys.size,
  };
  deps.logger.info({ ...outcome, downloads, cacheHits }, 'web stage done');
  return { outcome, pageKeys: [...pageKeys], downloads, cacheHits };
}

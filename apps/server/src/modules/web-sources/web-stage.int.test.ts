import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '@veritext/reuse';
import { pino } from 'pino';
import { startLocalSearch, type LocalSearch } from '../../../test/local-web/local-search.ts';
import { startLocalWeb, type LocalWeb } from '../../../test/local-web/local-web.ts';
import { extractPage } from './page-extract.ts';
import { createSearchProvider } from './providers/index.ts';
import { createSafeFetcher, defaultFetchPolicy } from './safe-fetch.ts';
import type { SafeFetcher, SearchProvider } from './types.ts';
import { memoryWebPageCache } from './web-cache.repository.ts';
import { runWebStage, WEB_COLLECTION, type WebStageSettings } from './web-stage.ts';

/*
 * The web stage on its own (issue 14 §1) against a local search service and a local web on loopback: the
 * query budget, the skipping of chunks already covered, deduplication of results by URL and by content, and the
 * time budget (what was found by then is kept; the outcome says the search was partial).
 */

const logger = pino({ level: 'silent' });

/** Six paragraphs of about 60 words on six subjects, each its own page. */
const SUBJECTS = [
  'Glassblowers on the island worked in families, and a master passed the secret of a colour only to the son who would keep the furnace. The red made with gold was the most prized, and a single goblet of it cost a labourer a month of wages in the seventeenth century, when the guild forbade any member to leave the lagoon.',
  'The salt marshes were harvested by hand every summer. Workers raked the white crust from shallow pans into small pyramids and carried it in baskets to the barns, where it dried until autumn. A wet August ruined the year, and the whole village then lived on credit from the merchants in the town.',
  'Before the railway, cattle from the hills walked to the city markets along drove roads that were wider than any highway. The drovers slept beside their herds in fields rented for a night, and the inns where they drank still carry names that recall the trade long after the last herd passed.',
  'Clockmakers in the valley began as farmers who filled the long winters with small work at the kitchen table. Each family made one part, a spring or a wheel, and a merchant gathered the pieces from farm to farm and had them assembled in town, so that a single watch passed through twenty households.',
  'The canal was dug by men with spades and wheelbarrows over eleven years. Locks lifted the barges over the ridge in a staircase of seven chambers, and for a generation the horses that pulled them were stabled at the top, where the lock keeper also sold bread, rope and tar to the boatmen.',
  'Ice was cut from the frozen lakes in January and stored in brick houses half buried in the ground, packed in straw. Kept this way, it lasted through the summer, and the great houses served iced cream at their summer dinners while the cutters themselves had never tasted it, as their letters complain.',
];

describe('the web stage', () => {
  let web: LocalWeb;
  let search: LocalSearch;
  let fetcher: SafeFetcher;

  beforeAll(async () => {
    web = await startLocalWeb([
      // the first page is plain text, and so is its copy under another address: one source, not two
      ...SUBJECTS.map((text, at) => ({
        path: `/history/${String(at)}`,
        title: `History ${String(at)}`,
        text,
        format: at === 0 ? ('txt' as const) : ('html' as const),
      })),
      { path: '/mirror/0', title: 'History 0', text: SUBJECTS[0] ?? '', format: 'txt' },
    ]);
    search = await startLocalSearch([
      ...SUBJECTS.map((text, at) => ({
        url: web.urlOf(`/history/${String(at)}`),
        title: `History ${String(at)}`,
        text,
      })),
      { url: web.urlOf('/mirror/0'), title: 'History 0', text: SUBJECTS[0] ?? '' },
    ]);
    fetcher = createSafeFetcher(
      {
        ...defaultFetchPolicy('http://localhost:3000'),
        allowAddresses: ['127.0.0.1'],
        allowedPorts: [Number(new URL(web.origin).port)],
        perHostDelayMs: 0,
        perHostConcurrency: 4,
      },
      { logger },
    );
  });
  afterAll(async () => {
    await fetcher.close();
    await Promise.all([web.close(), search.close()]);
  });

  const settings: WebStageSettings = {
    timeBudgetMs: 30_000,
    queriesPer1000Words: 5,
    queriesMax: 30,
    downloadsMax: 40,
    cacheTtlMs: 60_000,
  };

  function deps(provider: SearchProvider) {
    return { provider, fetcher, extract: extractPage, cache: memoryWebPageCache(), store: new MemoryStore(), logger };
  }

  it('finds every copied page within its query budget, and one source for two addresses of the same text', async () => {
    const text = SUBJECTS.join('\n\n');
    const stage = deps(createSearchProvider({ name: 'searxng', url: search.searxngUrl }));
    const result = await runWebStage({ text, language: 'en' }, stage, settings);
    expect(result.outcome).toMatchObject({ searched: true, reason: null, partial: false });
    // 370 words: at most one query per 100 words
    expect(result.outcome.queries).toBeGreaterThan(0);
    expect(result.outcome.queries).toBeLessThanOrEqual(4);
    const sources = await stage.store.getSources(result.pageKeys);
    const urls = [...sources.values()].map((source) => source.url);
    for (const at of SUBJECTS.keys()) {
      const found =
        urls.includes(web.urlOf(`/history/${String(at)}`)) || (at === 0 && urls.includes(web.urlOf('/mirror/0')));
      expect(found, `page ${String(at)}`).toBe(true);
    }
    expect([...sources.values()].every((source) => source.collection === WEB_COLLECTION)).toBe(true);
    // the first page and its mirror are the same text: indexed once
    expect(urls.filter((url) => url === web.urlOf('/history/0') || url === web.urlOf('/mirror/0'))).toHaveLength(1);
  });

  it('skips the query of a chunk that pages found earlier already cover', async () => {
    // the whole text on one page: the first query finds it, the other chunks are covered by it
    const text = SUBJECTS.join('\n\n');
    const whole = await startLocalWeb([{ path: '/all', title: 'Everything', text }]);
    const index = await startLocalSearch([{ url: whole.urlOf('/all'), title: 'Everything', text }]);
    const wholeFetcher = createSafeFetcher(
      {
        ...defaultFetchPolicy('http://localhost:3000'),
        allowAddresses: ['127.0.0.1'],
        allowedPorts: [Number(new URL(whole.origin).port)],
        perHostDelayMs: 0,
      },
      { logger },
    );
    try {
      const provider = createSearchProvider({ name: 'searxng', url: index.searxngUrl });
      const result = await runWebStage(
        { text, language: 'en' },
        { ...deps(provider), fetcher: wholeFetcher },
        { ...settings, queriesPer1000Words: 20 },
      );
      expect(result.outcome.pages).toBe(1);
      expect(result.outcome.queries).toBe(1);
      expect(whole.requests.filter((path) => path === '/all')).toHaveLength(1);
    } finally {
      await wholeFetcher.close();
      await Promise.all([whole.close(), index.close()]);
    }
  });

  it('keeps what it found when the time budget runs out, and says the search was partial', async () => {
    const real = createSearchProvider({ name: 'searxng', url: search.searxngUrl });
    // a provider that answers, but slowly: the budget allows the first query and not all of them
    const slow: SearchProvider = {
      name: real.name,
      async search(query, options) {
        const results = await real.search(query, options);
        await new Promise((resolve) => setTimeout(resolve, 400));
        return results;
      },
    };
    const result = await runWebStage({ text: SUBJECTS.join('\n\n'), language: 'en' }, deps(slow), {
      ...settings,
      timeBudgetMs: 700,
      queriesPer1000Words: 20,
    });
    expect(result.outcome.searched).toBe(true);
    expect(result.outcome.partial).toBe(true);
    expect(result.outcome.queries).toBeGreaterThanOrEqual(1);
    expect(result.outcome.pages).toBeGreaterThanOrEqual(1);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimilarityReport } from '@veritext/contracts';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import {
  LOCAL_BRAVE_KEY,
  LOCAL_GOOGLE_CX,
  LOCAL_GOOGLE_KEY,
  startLocalSearch,
  type LocalSearch,
} from '../../../test/local-web/local-search.ts';
import { startLocalWeb, type LocalWeb } from '../../../test/local-web/local-web.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { SqlFingerprintStore } from '../reuse/fingerprint-store.ts';
import { closeSharedReuseChecker } from '../text-checks/reuse-checker.ts';
import { defaultFetchPolicy } from './safe-fetch.ts';
import type { SearchProviderConfig } from './types.ts';
import { sweepExpiredWebPages } from './web-cache.repository.ts';
import { configureWebSearch, createWebSearch } from './web-search.ts';

/*
 * Issue 14 §1 through the product: a check's web stage against a local web (pages with boilerplate, one a PDF)
 * and a local search service (BM25, each provider's JSON) on loopback, the pages found aligned by the reuse
 * engine, the report naming each page (title, URL, date fetched) and saying what the internet search did —
 * also when the provider refuses the key or its quota is used up, which never fails the check.
 */

const ARTICLE = [
  'The tidal mills of the Atlantic coast worked for centuries without a drop of fuel. A dam closed a small ' +
    'inlet, the rising sea filled the pond through a gate that shut by itself when the tide turned, and the ' +
    'miller ground corn for the few hours when the water ran back out under the wheel.',
  'Because the tide comes roughly an hour later every day, the miller lived by the moon rather than by the sun. ' +
    'Parish records describe families who slept in the afternoon and worked by lantern at two in the morning, ' +
    'when the stored water was at its strongest.',
  'Most mills fell silent when steam and later electricity made flour cheap, yet a handful were restored by ' +
    'volunteers in the last century and now grind again for visitors on summer weekends.',
].join('\n\n');

const REPORT = [
  'Shipwrecks along the northern shore were recorded by the coastguard from the eighteenth century onwards. ' +
    'Storms in the winter months drove sailing ships onto the sandbanks, and villagers rowed out in open ' +
    'boats to save the crews long before lifeboat stations were founded.',
  'The first stations were funded by subscription, and their crews were fishermen who were paid a few ' +
    'shillings for each rescue and nothing for the nights they waited on the beach.',
].join('\n\n');

const DISTRACTOR =
  'Orchards of old apple varieties are planted again in many villages, where volunteers graft cuttings of trees that survived in abandoned gardens.';

const COPIED_MILL = (ARTICLE.split('\n\n')[1] ?? '') + ' ' + (ARTICLE.split('\n\n')[2] ?? '');
const COPIED_WRECKS = REPORT.split('\n\n')[0] ?? '';

describe(`a check searches the internet (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let web: LocalWeb;
  let search: LocalSearch;
  const jobs = checkJobRunner(() => t);
  let browser: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp();
    web = await startLocalWeb([
      { path: '/history/tidal-mills', title: 'Tidal mills of the Atlantic coast', text: ARTICLE },
      { path: '/reports/shipwrecks.pdf', title: 'Shipwrecks and the first lifeboats', text: REPORT, format: 'pdf' },
      { path: '/orchards', title: 'Old orchards', text: DISTRACTOR },
    ]);
    search = await startLocalSearch(
      [
        { url: web.urlOf('/history/tidal-mills'), title: 'Tidal mills of the Atlantic coast', text: ARTICLE },
        { url: web.urlOf('/reports/shipwrecks.pdf'), title: 'Shipwrecks and the first lifeboats', text: REPORT },
        { url: web.urlOf('/orchards'), title: 'Old orchards', text: DISTRACTOR },
      ],
      { quota: 1_000 },
    );
    browser = new TestBrowser(t.app);
    const email = uniqueEmail('web');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD, name: 'Web Reader' })).statusCode).toBe(200);
    const user = (await findUserByEmail(t.handle.db, email))!;
    const account = (await findAccountOfUser(t.handle.db, user.id))!;
    await creditPages(t.handle.db, { accountId: account.id, bucket: 'balance', pages: 50, kind: 'deposit' });
  });
  afterEach(() => configureWebSearch(null));
  afterAll(async () => {
    await closeSharedReuseChecker();
    await Promise.all([web.close(), search.close()]);
    await t.dispose();
  });

  function useProvider(provider: SearchProviderConfig, overrides: { timeBudgetMs?: number } = {}): void {
    const port = Number(new URL(web.origin).port);
    configureWebSearch(
      createWebSearch({
        provider,
        timeBudgetMs: overrides.timeBudgetMs ?? 30_000,
        queriesPer1000Words: 5,
        queriesMax: 30,
        downloadsMax: 40,
        cacheTtlMs: 7 * 24 * 60 * 60 * 1000,
        fetch: {
          ...defaultFetchPolicy('http://localhost:3000'),
          allowAddresses: ['127.0.0.1'],
          allowedPorts: [80, 443, port],
          perHostDelayMs: 0,
        },
      }),
    );
  }

  async function check(text: string): Promise<SimilarityReport> {
    const { token } = await browser.csrf();
    const sent = await browser.postForm('/api/v1/text', { language: 'en', text, _csrf_token: token });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json<{ data: { text: { id: number } } }>().data.text.id;
    await jobs.run();
    const report = await browser.get(`/api/v1/text/report/${String(id)}`);
    expect(report.statusCode, report.body).toBe(200);
    return report.json<{ data: SimilarityReport }>().data;
  }

  const PLACES = ['Brittany', 'Galicia', 'Cornwall', 'Normandy', 'Asturias', 'Kerry', 'Zeeland', 'Jutland'];
  let essays = 0;
  /** A new essay each time (the same text sent again within seconds is refused as a duplicate). */
  const essay = (copied: string) =>
    `In my essay for the local history class I looked at how people used the sea. ${copied} ` +
    `I visited one of these places in ${PLACES[essays++ % PLACES.length] ?? ''} with my grandparents last summer.`;

  it('finds a copied paragraph of a web page and names the page, its URL and the date it was fetched', async () => {
    useProvider({ name: 'searxng', url: search.searxngUrl });
    const report = await check(essay(COPIED_MILL));
    expect(report.compared_with?.internet).toMatchObject({ searched: true, reason: null, partial: false });
    expect(report.compared_with?.internet.queries).toBeGreaterThan(0);
    const [source] = report.plagiarism.sources;
    expect(source?.sourceType).toBe('web');
    expect(source?.origin).toMatchObject({
      kind: 'web',
      title: 'Tidal mills of the Atlantic coast',
      url: web.urlOf('/history/tidal-mills'),
    });
    expect(Date.now() - Date.parse(source?.origin?.kind === 'web' ? source.origin.fetched_at : '')).toBeLessThan(
      60_000,
    );
    expect(report.plagiarism.percents.total).toBeGreaterThan(50);
    const marked = report.plagiarism.nodes.filter((node) => node.sources.length > 0).map((node) => node.text);
    expect(marked.join(' ')).toContain('the miller lived by the moon rather than by the sun');
    expect(marked.join(' ')).not.toContain('In my essay for the local history class');
    expect(web.requests.filter((path) => path === '/history/tidal-mills')).toHaveLength(1);
  });

  it('takes a page fetched recently from the cache instead of downloading it again', async () => {
    useProvider({ name: 'searxng', url: search.searxngUrl });
    const report = await check(essay(COPIED_MILL));
    // the first check is a source too now (the user's own document); the page is found again, from the cache
    const page = report.plagiarism.sources.find((source) => source.sourceType === 'web');
    expect(page?.origin).toMatchObject({ kind: 'web', url: web.urlOf('/history/tidal-mills') });
    expect(report.plagiarism.sources.some((source) => source.origin?.kind === 'own')).toBe(true);
    expect(web.requests.filter((path) => path === '/history/tidal-mills')).toHaveLength(1);
  });

  it('reads a PDF on the web through Brave, and keeps the matched passages after the page leaves the cache', async () => {
    useProvider({ name: 'brave', url: search.braveUrl, apiKey: LOCAL_BRAVE_KEY });
    const report = await check(essay(COPIED_WRECKS));
    const source = report.plagiarism.sources[0];
    expect(source?.origin).toMatchObject({ kind: 'web', url: web.urlOf('/reports/shipwrecks.pdf') });
    expect(report.plagiarism.percents.total).toBeGreaterThan(40);

    const store = new SqlFingerprintStore(t.handle.db);
    const key = source?.index[0]?.db_id ?? '';
    expect((await store.getSources([key])).has(key)).toBe(true);
    const swept = await sweepExpiredWebPages(t.handle.db, store, new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    expect(swept.pages).toBeGreaterThan(0);
    expect((await store.getSources([key])).has(key)).toBe(false);
    // the stored report is unchanged: same passages, same source
    const again = await browser.get(`/api/v1/text/report/${String(report.id)}`);
    expect(again.json<{ data: SimilarityReport }>().data.plagiarism).toEqual(report.plagiarism);
  });

  it('a refused key never fails the check: the report says the internet was not searched, and why', async () => {
    useProvider({ name: 'brave', url: search.braveUrl, apiKey: 'not-the-key' });
    const report = await check(essay(COPIED_MILL));
    expect(report.compared_with?.internet).toMatchObject({ searched: false, reason: 'provider_auth' });
    expect(report.plagiarism.sources.filter((source) => source.sourceType === 'web')).toEqual([]);
  });

  it('a used-up quota never fails the check: the report says the quota is used up', async () => {
    const exhausted = await startLocalSearch(
      [{ url: web.urlOf('/history/tidal-mills'), title: 'Tidal mills of the Atlantic coast', text: ARTICLE }],
      { quota: 0 },
    );
    try {
      useProvider({ name: 'google', url: exhausted.googleUrl, apiKey: LOCAL_GOOGLE_KEY, cx: LOCAL_GOOGLE_CX });
      const report = await check(essay(COPIED_MILL));
      expect(report.compared_with?.internet).toMatchObject({ searched: false, reason: 'provider_quota' });
    } finally {
      await exhausted.close();
    }
  });

  it('a search service that does not answer never fails the check either', async () => {
    useProvider({ name: 'searxng', url: 'http://127.0.0.1:9/' });
    const report = await check(essay(COPIED_WRECKS));
    expect(report.compared_with?.internet).toMatchObject({ searched: false, reason: 'provider_unavailable' });
  });
});

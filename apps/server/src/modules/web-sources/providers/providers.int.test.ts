import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_BRAVE_KEY,
  LOCAL_GOOGLE_CX,
  LOCAL_GOOGLE_KEY,
  startLocalSearch,
  type LocalSearch,
  type LocalSearchDoc,
  type LocalSearchOptions,
} from '../../../../test/local-web/local-search.ts';
import { startLocalWeb } from '../../../../test/local-web/local-web.ts';
import { SearchProviderError, type SearchProviderConfig, type SearchProviderName } from '../types.ts';
import { createSearchProvider } from './index.ts';

/*
 * The three adapters over real HTTP against the local search service, which answers in each provider's
 * documented JSON from a BM25 index and refuses as each provider does.
 */

const DOCS: LocalSearchDoc[] = [
  {
    url: 'https://glaciers.example/retreat',
    title: 'Why glaciers retreat',
    text: `Alpine glaciers have lost a third of their volume since 1980. Meltwater feeds the rivers in summer,
      but as the ice thins the rivers' flow will fall. Glaciologists measure the mass balance of each glacier
      every autumn, and the series shows an accelerating retreat of the glacier tongues.`,
  },
  {
    url: 'https://rivers.example/floods',
    title: 'River floods & their causes',
    text: 'Floods follow heavy rain on saturated soil. Levees protect towns, but a levee moves the flood downstream.',
  },
  {
    url: 'https://rivers.example/floods#again',
    title: 'River floods (same page)',
    text: 'Floods again: the same page under another fragment, about levees and saturated soil and rain.',
  },
  { url: 'ftp://files.example/levees.txt', title: 'Levees', text: 'Levees, floods and rain: a file on an FTP site.' },
  {
    url: 'https://music.example/symphony',
    title: 'The symphony',
    text: 'A symphony has four movements; the scherzo is often the third.',
  },
];

const ALL: SearchProviderName[] = ['searxng', 'brave', 'google'];

function configOf(
  name: SearchProviderName,
  search: Pick<LocalSearch, 'searxngUrl' | 'braveUrl' | 'googleUrl'>,
  keys: { brave?: string; google?: string; cx?: string } = {},
): SearchProviderConfig {
  switch (name) {
    case 'searxng':
      return { name, url: search.searxngUrl };
    case 'brave':
      return { name, url: search.braveUrl, apiKey: keys.brave ?? LOCAL_BRAVE_KEY };
    case 'google':
      return { name, url: search.googleUrl, apiKey: keys.google ?? LOCAL_GOOGLE_KEY, cx: keys.cx ?? LOCAL_GOOGLE_CX };
  }
}

async function failureOf(promise: Promise<unknown>): Promise<SearchProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SearchProviderError) return error;
    throw error;
  }
  throw new Error('the search did not fail');
}

async function withSearch<T>(options: LocalSearchOptions, work: (search: LocalSearch) => Promise<T>): Promise<T> {
  const search = await startLocalSearch(DOCS, options);
  try {
    return await work(search);
  } finally {
    await search.close();
  }
}

describe('search providers against the local search service', () => {
  let search: LocalSearch;
  beforeAll(async () => {
    search = await startLocalSearch(DOCS);
  });
  afterAll(async () => {
    await search.close();
  });

  it.each(ALL)('%s: finds the page holding the query words, in plain text', async (name) => {
    const provider = createSearchProvider(configOf(name, search));
    expect(provider.name).toBe(name);
    const results = await provider.search('glacier mass balance retreat', { language: 'en', count: 5 });
    expect(results[0]).toEqual({
      url: 'https://glaciers.example/retreat',
      title: 'Why glaciers retreat',
      snippet: expect.stringContaining('mass balance of each glacier'),
    });
    for (const result of results) expect(result.snippet).not.toMatch(/<|&\w+;|&#/);
  });

  it.each(ALL)('%s: keeps http(s) pages only, each once, and sends the language and count', async (name) => {
    const provider = createSearchProvider(configOf(name, search));
    const before = search.requests.length;
    const results = await provider.search('levees floods rain soil', { language: 'es', count: 10 });
    expect(results.map((r) => r.url)).toEqual(['https://rivers.example/floods']);
    expect(results[0]!.title).toMatch(/^River floods (&|\(same page\))/);
    const sent = search.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query).toBe('levees floods rain soil');
    expect(sent[0]!.language).toBe({ searxng: 'es', brave: 'es', google: 'lang_es' }[name]);
    if (name !== 'searxng') expect(sent[0]!.count).toBe(10);
  });

  it('asks Google for ten results at most and Brave for twenty, and keeps the count asked for', async () => {
    const google = createSearchProvider(configOf('google', search));
    const brave = createSearchProvider(configOf('brave', search));
    const before = search.requests.length;
    await google.search('symphony', { language: 'en', count: 50 });
    await brave.search('symphony', { language: 'en', count: 50 });
    expect(search.requests.slice(before).map((r) => r.count)).toEqual([10, 20]);
    const one = await createSearchProvider(configOf('searxng', search)).search('floods levees glaciers', {
      language: 'en',
      count: 1,
    });
    expect(one).toHaveLength(1);
  });

  it('answers an empty list when nothing matches', async () => {
    for (const name of ALL) {
      expect(
        await createSearchProvider(configOf(name, search)).search('quasar nebula', { language: 'en', count: 5 }),
      ).toEqual([]);
    }
  });

  it.each([
    ['brave', { brave: 'BSA-wrong-key-123' }],
    ['google', { google: 'AIza-wrong-key-456' }],
    ['google', { cx: 'wrong-engine-id' }],
  ] as const)('%s: a wrong key or engine ID is `auth`, and the message never shows the key', async (name, keys) => {
    const error = await failureOf(
      createSearchProvider(configOf(name, search, keys)).search('glacier', { language: 'en', count: 5 }),
    );
    expect(error.failure).toBe('auth');
    for (const secret of [LOCAL_BRAVE_KEY, LOCAL_GOOGLE_KEY, 'BSA-wrong', 'AIza-wrong', 'key=']) {
      expect(error.message).not.toContain(secret);
    }
  });

  it('searxng: an instance without the JSON format is `auth`, naming the setting', async () => {
    await withSearch({ searxngFormats: ['html'] }, async (htmlOnly) => {
      const error = await failureOf(
        createSearchProvider(configOf('searxng', htmlOnly)).search('glacier', { language: 'en', count: 5 }),
      );
      expect(error.failure).toBe('auth');
      expect(error.message).toMatch(/formats: \[html, json\]/);
    });
  });

  it.each(ALL)('%s: a spent quota is `quota`', async (name) => {
    await withSearch({ quota: 1 }, async (limited) => {
      const provider = createSearchProvider(configOf(name, limited));
      await provider.search('glacier', { language: 'en', count: 5 });
      const started = Date.now();
      const error = await failureOf(provider.search('rivers', { language: 'en', count: 5 }));
      expect(error.failure).toBe('quota');
      expect(Date.now() - started).toBeLessThan(1000); // a month's wait is not waited
      expect(limited.queries).toBe(1);
    });
  });

  it('brave: waits out its per-second rate limit once instead of calling it the quota', async () => {
    await withSearch({ braveRatePerSecond: 1 }, async (limited) => {
      const provider = createSearchProvider(configOf('brave', limited));
      const first = await provider.search('glacier', { language: 'en', count: 5 });
      const second = await provider.search('glacier', { language: 'en', count: 5 });
      expect(second).toEqual(first);
      expect(limited.queries).toBe(2);
      expect(limited.requests.length).toBeGreaterThanOrEqual(2);
    });
  });

  it.each(ALL)('%s: a provider that is down is `unavailable`', async (name) => {
    const closed = await startLocalSearch(DOCS);
    await closed.close();
    const error = await failureOf(
      createSearchProvider(configOf(name, closed)).search('glacier', { language: 'en', count: 5 }),
    );
    expect(error.failure).toBe('unavailable');
    expect(error.message).not.toContain(LOCAL_GOOGLE_KEY);
  });
});

describe('providers that answer wrongly', () => {
  let garbage: http.Server;
  let base = '';
  beforeAll(async () => {
    // A server answering 200 with what no provider sends: text, JSON of another shape, or a 502.
    garbage = http.createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path.startsWith('/text')) {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('<html>not json</html>');
      } else if (path.startsWith('/shape')) {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"results":"none","web":[1],"items":3}');
      } else {
        response.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>');
      }
    });
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    garbage.closeAllConnections();
    await new Promise((resolve) => garbage.close(resolve));
  });

  const at = (name: SearchProviderName, path: string): SearchProviderConfig =>
    configOf(name, { searxngUrl: `${base}${path}`, braveUrl: `${base}${path}`, googleUrl: `${base}${path}` });

  it.each(ALL)('%s: text or JSON of another shape is `bad_response`; a 5xx is `unavailable`', async (name) => {
    const options = { language: 'en', count: 5 } as const;
    expect((await failureOf(createSearchProvider(at(name, '/text')).search('q', options))).failure).toBe(
      'bad_response',
    );
    expect((await failureOf(createSearchProvider(at(name, '/shape')).search('q', options))).failure).toBe(
      'bad_response',
    );
    expect((await failureOf(createSearchProvider(at(name, '/down')).search('q', options))).failure).toBe('unavailable');
  });

  it('a web site where the provider should be is `bad_response`', async () => {
    const web = await startLocalWeb([{ path: '/search', title: 'Search', text: 'A page, not an API.' }]);
    try {
      const error = await failureOf(
        createSearchProvider({ name: 'searxng', url: web.origin }).search('q', { language: 'en', count: 5 }),
      );
      expect(error.failure).toBe('bad_response');
    } finally {
      await web.close();
    }
  });

  it('a provider that never answers is `unavailable` after the time limit; the caller’s own deadline is not', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/search`;
    try {
      const provider = createSearchProvider({ name: 'brave', url, apiKey: 'k' }, { timeoutMs: 300 });
      const started = Date.now();
      const error = await failureOf(provider.search('q', { language: 'en', count: 5 }));
      expect(error.failure).toBe('unavailable');
      expect(error.message).toMatch(/within 300 ms/);
      expect(Date.now() - started).toBeLessThan(3000);

      const budget = new AbortController();
      const pending = createSearchProvider({ name: 'brave', url, apiKey: 'k' }, { timeoutMs: 10_000 }).search('q', {
        language: 'en',
        count: 5,
        signal: budget.signal,
      });
      budget.abort(new DOMException('budget spent', 'TimeoutError'));
      await expect(pending).rejects.toThrow('budget spent');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

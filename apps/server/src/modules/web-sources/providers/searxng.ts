import { z } from 'zod';
import { SearchProviderError, type SearchOptions, type SearchProvider, type SearchResult } from '../types.ts';
import {
  cleanResults,
  collapse,
  failureOfStatus,
  getJson,
  parseAnswer,
  waitOutShortLimit,
  type ProviderDeps,
} from './common.ts';

/*
 * SearXNG (https://docs.searxng.org/dev/search_api.html): a self-hosted metasearch engine, free of keys and
 * quotas. `GET /search?q=…&format=json&language=…` answers `{ query, results: [{ url, title, content }] }`
 * when the instance enables the JSON format (settings.yml, `search: formats: [html, json]`); an instance
 * that does not answers 403, reported as a refusal (`auth`) whose message says what to change. SearXNG takes
 * no result count: it answers a page (about ten to twenty results) and the adapter keeps the first `count`.
 */

const PROVIDER = 'SearXNG';

const Answer = z.object({
  query: z.string(),
  results: z.array(
    z.object({
      url: z.string(),
      title: z.string().nullish(),
      content: z.string().nullish(),
    }),
  ),
});

export function createSearxngProvider(config: { url: string }, deps: ProviderDeps = {}): SearchProvider {
  // The configured URL is the instance's base (https://search.example.org or …/searx/): /search is below it.
  const endpoint = new URL('search', config.url.endsWith('/') ? config.url : `${config.url}/`);
  return {
    name: 'searxng',
    async search(query: string, options: SearchOptions): Promise<SearchResult[]> {
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      url.searchParams.set('language', options.language);
      url.searchParams.set('safesearch', '0');
      const headers = { Accept: 'application/json' };
      let exchange = await getJson(PROVIDER, url, headers, deps, options.signal);
      if (exchange.status === 429 && (await waitOutShortLimit(exchange.headers, options.signal))) {
        exchange = await getJson(PROVIDER, url, headers, deps, options.signal);
      }
      if (exchange.status === 403) {
        throw new SearchProviderError(
          'auth',
          `${PROVIDER} refused the request (HTTP 403): enable the JSON format in its settings.yml (search: formats: [html, json])`,
        );
      }
      if (exchange.status !== 200) throw failureOfStatus(PROVIDER, exchange.status);
      const answer = parseAnswer(PROVIDER, Answer, exchange.json);
      return cleanResults(
        answer.results.map((result) => ({
          url: result.url,
          title: collapse(result.title ?? ''),
          snippet: collapse(result.content ?? ''),
        })),
        options.count,
      );
    },
  };
}

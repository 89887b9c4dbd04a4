import { z } from 'zod';
import { SearchProviderError, type SearchOptions, type SearchProvider, type SearchResult } from '../types.ts';
import {
  cleanResults,
  failureOfStatus,
  getJson,
  htmlToText,
  parseAnswer,
  waitOutShortLimit,
  type Exchange,
  type ProviderDeps,
} from './common.ts';

/*
 * Brave Search API, web search (https://api-dashboard.search.brave.com/api-reference/web/search/get):
 * `GET /res/v1/web/search?q=…&count=…&search_lang=…` with the key in X-Subscription-Token answers
 * `{ type: "search", web: { results: [{ url, title, description }] } }` (`web` is absent when nothing was
 * found). Descriptions mark the query's words with <strong> and carry HTML entities: both are removed.
 * Errors come as `{ type: "ErrorResponse", error: { status, code, detail } }`; the free plan allows one
 * query a second, so a 429 that asks to wait a second is waited out once before it counts as the quota.
 */

const PROVIDER = 'Brave Search';
/** Brave's limits on a query: 400 characters and 50 words; the rest of a longer one is dropped. */
const MAX_QUERY_CHARS = 400;
const MAX_QUERY_WORDS = 50;
const MAX_COUNT = 20;

const Answer = z.object({
  type: z.literal('search'),
  web: z
    .object({
      results: z.array(z.object({ url: z.string(), title: z.string(), description: z.string().nullish() })),
    })
    .nullish(),
});

const ErrorAnswer = z.object({
  type: z.literal('ErrorResponse'),
  error: z.object({ code: z.string().optional(), detail: z.string().optional() }),
});

export function createBraveProvider(config: { url: string; apiKey: string }, deps: ProviderDeps = {}): SearchProvider {
  return {
    name: 'brave',
    async search(query: string, options: SearchOptions): Promise<SearchResult[]> {
      const url = new URL(config.url);
      url.searchParams.set('q', fitQuery(query));
      url.searchParams.set('count', String(Math.max(1, Math.min(MAX_COUNT, options.count))));
      url.searchParams.set('search_lang', options.language);
      url.searchParams.set('result_filter', 'web');
      url.searchParams.set('safesearch', 'off');
      const headers = { Accept: 'application/json', 'X-Subscription-Token': config.apiKey };
      let exchange = await getJson(PROVIDER, url, headers, deps, options.signal);
      if (exchange.status === 429 && (await waitOutShortLimit(exchange.headers, options.signal))) {
        exchange = await getJson(PROVIDER, url, headers, deps, options.signal);
      }
      if (exchange.status !== 200) throw braveFailure(exchange);
      const answer = parseAnswer(PROVIDER, Answer, exchange.json);
      return cleanResults(
        (answer.web?.results ?? []).map((result) => ({
          url: result.url,
          title: htmlToText(result.title),
          snippet: htmlToText(result.description ?? ''),
        })),
        options.count,
      );
    },
  };
}

/** The query within Brave's limits, cut at a word. */
function fitQuery(query: string): string {
  let fitted = query.trim().split(/\s+/).slice(0, MAX_QUERY_WORDS).join(' ');
  if (fitted.length > MAX_QUERY_CHARS) {
    const cut = fitted.slice(0, MAX_QUERY_CHARS + 1);
    const space = cut.lastIndexOf(' ');
    fitted = space > 0 ? cut.slice(0, space) : cut.slice(0, MAX_QUERY_CHARS);
  }
  return fitted;
}

/** The failure a Brave error answer means (its `code` first, then the status). */
export function braveFailure(exchange: Pick<Exchange, 'status' | 'json'>): SearchProviderError {
  const parsed = ErrorAnswer.safeParse(exchange.json);
  const code = parsed.success ? (parsed.data.error.code ?? '') : '';
  // Brave has answered a wrong token with 401 and, earlier, with 422: the code says it either way.
  if (code === 'SUBSCRIPTION_TOKEN_INVALID') {
    return new SearchProviderError(
      'auth',
      `${PROVIDER} refused the subscription token (${code}): check BRAVE_SEARCH_API_KEY`,
    );
  }
  if (code === 'RATE_LIMITED' || code === 'USAGE_LIMIT_EXCEEDED') {
    return new SearchProviderError('quota', `${PROVIDER} quota or rate limit reached (${code})`);
  }
  return failureOfStatus(PROVIDER, exchange.status);
}

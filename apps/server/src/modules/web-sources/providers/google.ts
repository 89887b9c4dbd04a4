import { z } from 'zod';
import { SearchProviderError, type SearchOptions, type SearchProvider, type SearchResult } from '../types.ts';
import {
  cleanResults,
  collapse,
  failureOfStatus,
  getJson,
  parseAnswer,
  waitOutShortLimit,
  type Exchange,
  type ProviderDeps,
} from './common.ts';

/*
 * Google Programmable Search, Custom Search JSON API
 * (https://developers.google.com/custom-search/v1/reference/rest/v1/cse/list):
 * `GET /customsearch/v1?key=…&cx=…&q=…&num=…&lr=lang_en` answers `{ kind: "customsearch#search",
 * items: [{ link, title, snippet }] }` (`items` is absent when nothing was found). At most ten results a
 * query; 100 queries a day free. Errors come as `{ error: { code, message, status, errors: [{ reason }],
 * details: [{ reason }] } }`: the reasons tell a wrong key or engine ID from a spent quota, whatever the
 * status (Google has answered a spent daily quota with 403 and with 429).
 */

const PROVIDER = 'Google Custom Search';
const MAX_COUNT = 10;

const Answer = z.object({
  kind: z.literal('customsearch#search'),
  items: z.array(z.object({ link: z.string(), title: z.string().nullish(), snippet: z.string().nullish() })).nullish(),
});

const ErrorAnswer = z.object({
  error: z.object({
    status: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
    details: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

const QUOTA_REASONS = new Set([
  'dailyLimitExceeded',
  'dailyLimitExceededUnreg',
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'quotaExceeded',
  'RATE_LIMIT_EXCEEDED',
  'RESOURCE_EXHAUSTED',
]);

const AUTH_REASONS = new Set([
  'keyInvalid',
  'keyExpired',
  'forbidden',
  'accessNotConfigured',
  'ipRefererBlocked',
  'API_KEY_INVALID',
  'API_KEY_SERVICE_BLOCKED',
  'SERVICE_DISABLED',
  'PERMISSION_DENIED',
  'UNAUTHENTICATED',
]);

export function createGoogleProvider(
  config: { url: string; apiKey: string; cx: string },
  deps: ProviderDeps = {},
): SearchProvider {
  return {
    name: 'google',
    async search(query: string, options: SearchOptions): Promise<SearchResult[]> {
      const url = new URL(config.url);
      url.searchParams.set('key', config.apiKey);
      url.searchParams.set('cx', config.cx);
      url.searchParams.set('q', query);
      url.searchParams.set('num', String(Math.max(1, Math.min(MAX_COUNT, options.count))));
      url.searchParams.set('lr', `lang_${options.language}`);
      url.searchParams.set('safe', 'off');
      const headers = { Accept: 'application/json' };
      let exchange = await getJson(PROVIDER, url, headers, deps, options.signal);
      if (exchange.status === 429 && (await waitOutShortLimit(exchange.headers, options.signal))) {
        exchange = await getJson(PROVIDER, url, headers, deps, options.signal);
      }
      if (exchange.status !== 200) throw googleFailure(exchange);
      const answer = parseAnswer(PROVIDER, Answer, exchange.json);
      return cleanResults(
        (answer.items ?? []).map((item) => ({
          url: item.link,
          title: collapse(item.title ?? ''),
          snippet: collapse(item.snippet ?? ''),
        })),
        options.count,
      );
    },
  };
}

/** The failure a Google error answer means (its reasons first, then the status). */
export function googleFailure(exchange: Pick<Exchange, 'status' | 'json'>): SearchProviderError {
  const parsed = ErrorAnswer.safeParse(exchange.json);
  const reasons = new Set<string>();
  if (parsed.success) {
    const { status, errors, details } = parsed.data.error;
    if (status !== undefined) reasons.add(status);
    for (const entry of [...(errors ?? []), ...(details ?? [])])
      if (entry.reason !== undefined) reasons.add(entry.reason);
  }
  const listed = [...reasons].join(', ');
  if (exchange.status === 429 || [...reasons].some((reason) => QUOTA_REASONS.has(reason))) {
    return new SearchProviderError(
      'quota',
      `${PROVIDER} quota reached (HTTP ${exchange.status}${listed === '' ? '' : `: ${listed}`})`,
    );
  }
  // The key and the engine ID are the only parameters the operator gives: a 400 means one of them is wrong.
  if (
    exchange.status === 400 ||
    exchange.status === 401 ||
    exchange.status === 403 ||
    [...reasons].some((reason) => AUTH_REASONS.has(reason))
  ) {
    return new SearchProviderError(
      'auth',
      `${PROVIDER} refused the request (HTTP ${exchange.status}${listed === '' ? '' : `: ${listed}`}): check GOOGLE_CSE_API_KEY and GOOGLE_CSE_ID`,
    );
  }
  return failureOfStatus(PROVIDER, exchange.status);
}

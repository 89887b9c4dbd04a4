import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Bm25Index, bm25Terms } from './bm25.ts';
import { escapeHtml } from './local-web.ts';

/*
 * A local search service for the internet tests and `npm run bench:web` (issue 14, "Tests and measures"):
 * one HTTP server on 127.0.0.1 that answers in the JSON of each provider the product supports, from a real
 * BM25 index over the pages it is given, so that what a query finds depends on its words as on the web.
 *
 *   /searxng/search?q=…&format=json                    SearXNG's search API
 *   /brave/res/v1/web/search?q=…&count=…               Brave Search API (X-Subscription-Token)
 *   /google/customsearch/v1?key=…&cx=…&q=…&num=…       Google Custom Search JSON API
 *
 * Each checks what its provider checks (Brave the token, Google the key and the engine ID, SearXNG the
 * format) and refuses as it does, with its error JSON; past `quota` queries each answers as its provider does
 * when the quota is spent. The language parameters are recorded, not applied: the index does not know the
 * pages' languages.
 */

export type LocalSearchDoc = { url: string; title: string; text: string };

export type LocalSearchOptions = {
  braveKey?: string;
  googleKey?: string;
  googleCx?: string;
  /** Queries answered in all (every provider counts); past it each answers "quota exceeded". */
  quota?: number;
  /** Brave's per-second rate limit (its free plan allows 1); unlimited by default. */
  braveRatePerSecond?: number;
  /** The formats the SearXNG instance enables (settings.yml `search.formats`); html and json by default. */
  searxngFormats?: readonly ('html' | 'json' | 'csv' | 'rss')[];
};

export type LocalSearchRequest = {
  provider: 'searxng' | 'brave' | 'google';
  query: string;
  /** The language parameter as sent (SearXNG `language`, Brave `search_lang`, Google `lr`), or null. */
  language: string | null;
  /** The result count asked for (Brave `count`, Google `num`), or null. */
  count: number | null;
};

export type LocalSearch = {
  /** "http://127.0.0.1:PORT". */
  url: string;
  /** Base URL for SEARXNG_URL. */
  searxngUrl: string;
  /** Endpoint for BRAVE_SEARCH_URL. */
  braveUrl: string;
  /** Endpoint for GOOGLE_CSE_URL. */
  googleUrl: string;
  /** Queries answered with results (refusals not counted). */
  readonly queries: number;
  /** Every search request that reached a provider's endpoint, refused or not. */
  readonly requests: readonly LocalSearchRequest[];
  close(): Promise<void>;
};

export const LOCAL_BRAVE_KEY = 'BSA-local-test-key';
export const LOCAL_GOOGLE_KEY = 'AIza-local-test-key';
export const LOCAL_GOOGLE_CX = 'local0cx0123456789';

/** SearXNG answers one page of results; ten is what most of its engines give. */
const SEARXNG_PAGE = 10;
const MONTH_SECONDS = 30 * 24 * 3600;

type Answer = { status: number; body: string; contentType?: string; headers?: Record<string, string> };

export async function startLocalSearch(
  docs: readonly LocalSearchDoc[],
  options: LocalSearchOptions = {},
): Promise<LocalSearch> {
  const index = new Bm25Index();
  docs.forEach((doc, i) => index.add({ id: String(i), title: doc.title, text: doc.text }));
  const braveKey = options.braveKey ?? LOCAL_BRAVE_KEY;
  const googleKey = options.googleKey ?? LOCAL_GOOGLE_KEY;
  const googleCx = options.googleCx ?? LOCAL_GOOGLE_CX;
  const quota = options.quota ?? Number.POSITIVE_INFINITY;
  const formats = new Set<string>(options.searxngFormats ?? ['html', 'json']);
  const requests: LocalSearchRequest[] = [];
  let queries = 0;
  let braveSecond = 0;
  let braveInSecond = 0;

  const hits = (query: string, limit: number): { doc: LocalSearchDoc; snippet: string; score: number }[] =>
    index.search(query, limit).map((hit) => ({ doc: docs[Number(hit.id)]!, snippet: hit.snippet, score: hit.score }));

  const searxng = (params: URLSearchParams): Answer => {
    const query = params.get('q') ?? '';
    requests.push({ provider: 'searxng', query, language: params.get('language'), count: null });
    const format = params.get('format') ?? 'html';
    if (!formats.has(format)) {
      // SearXNG answers a format its settings.yml does not list with 403.
      return { status: 403, contentType: 'text/html; charset=utf-8', body: '<html><body>403 Forbidden</body></html>' };
    }
    if (format !== 'json') {
      return { status: 501, contentType: 'text/plain', body: 'Only the JSON format is served here' };
    }
    if (queries >= quota) {
      return { status: 429, contentType: 'text/plain; charset=utf-8', body: 'Too Many Requests' };
    }
    queries += 1;
    const results = query.trim() === '' ? [] : hits(query, SEARXNG_PAGE);
    return json(200, {
      query,
      number_of_results: results.length,
      results: results.map(({ doc, snippet, score }, i) => {
        const url = new URL(doc.url);
        return {
          url: doc.url,
          title: doc.title,
          content: snippet,
          engine: 'bm25',
          parsed_url: [url.protocol.replace(':', ''), url.host, url.pathname, '', url.search.slice(1), ''],
          template: 'default.html',
          engines: ['bm25'],
          positions: [i + 1],
          score,
          category: 'general',
        };
      }),
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    });
  };

  const brave = (params: URLSearchParams, token: string | undefined): Answer => {
    const query = params.get('q') ?? '';
    const countParam = params.get('count');
    requests.push({
      provider: 'brave',
      query,
      language: params.get('search_lang'),
      count: countParam === null ? null : Number(countParam),
    });
    if (token !== braveKey) {
      return braveError(401, 'SUBSCRIPTION_TOKEN_INVALID', 'The provided subscription token is invalid.', {
        component: 'authentication',
      });
    }
    const count = countParam === null ? 20 : Number(countParam);
    if (query.trim() === '' || query.length > 400 || query.trim().split(/\s+/).length > 50) {
      return braveError(422, 'VALIDATION', 'Unable to validate request parameter(s)', {
        errors: [{ loc: ['query', 'q'] }],
      });
    }
    if (!Number.isInteger(count) || count < 1 || count > 20) {
      return braveError(422, 'VALIDATION', 'Unable to validate request parameter(s)', {
        errors: [{ loc: ['query', 'count'] }],
      });
    }
    const second = Math.floor(Date.now() / 1000);
    if (second !== braveSecond) {
      braveSecond = second;
      braveInSecond = 0;
    }
    const perSecond = options.braveRatePerSecond ?? Number.POSITIVE_INFINITY;
    const monthLeft = Number.isFinite(quota) ? Math.max(0, quota - queries) : 100_000;
    if (queries >= quota || braveInSecond >= perSecond) {
      const spentMonth = queries >= quota;
      return braveError(
        429,
        'RATE_LIMITED',
        'Request rate limit exceeded for plan.',
        { plan: 'Free', rate_limit: perSecond, quota_limit: quota, quota_current: queries },
        {
          'X-RateLimit-Limit': `${rateText(perSecond)}, ${rateText(quota)}`,
          'X-RateLimit-Remaining': `${spentMonth ? 1 : 0}, ${monthLeft}`,
          'X-RateLimit-Reset': `1, ${MONTH_SECONDS}`,
        },
      );
    }
    braveInSecond += 1;
    queries += 1;
    const terms = new Set(bm25Terms(query));
    const results = hits(query, count);
    const answer: Record<string, unknown> = {
      type: 'search',
      query: {
        original: query,
        show_strict_warning: false,
        is_navigational: false,
        spellcheck_off: true,
        country: 'us',
      },
      mixed: { type: 'mixed', main: results.map((_, i) => ({ type: 'web', index: i, all: false })), top: [], side: [] },
    };
    if (results.length > 0) {
      answer.web = {
        type: 'search',
        family_friendly: true,
        results: results.map(({ doc, snippet }) => {
          const url = new URL(doc.url);
          return {
            type: 'search_result',
            subtype: 'generic',
            title: highlight(doc.title, terms, 'strong'),
            url: doc.url,
            description: highlight(snippet, terms, 'strong'),
            is_source_local: false,
            is_source_both: false,
            language: 'en',
            family_friendly: true,
            profile: { name: url.hostname, url: doc.url, long_name: url.hostname, img: '' },
            meta_url: {
              scheme: url.protocol.replace(':', ''),
              netloc: url.host,
              hostname: url.hostname,
              path: url.pathname,
            },
          };
        }),
      };
    }
    return json(200, answer, {
      'X-RateLimit-Limit': `${rateText(perSecond)}, ${rateText(quota)}`,
      'X-RateLimit-Remaining': `${rateText(perSecond - braveInSecond)}, ${Math.max(0, monthLeft - 1)}`,
      'X-RateLimit-Reset': `1, ${MONTH_SECONDS}`,
    });
  };

  const google = (params: URLSearchParams): Answer => {
    const query = params.get('q') ?? '';
    const numParam = params.get('num');
    requests.push({
      provider: 'google',
      query,
      language: params.get('lr'),
      count: numParam === null ? null : Number(numParam),
    });
    if (params.get('key') !== googleKey) {
      return googleError(
        400,
        'API key not valid. Please pass a valid API key.',
        'INVALID_ARGUMENT',
        [{ domain: 'usageLimits', reason: 'keyInvalid' }],
        [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'customsearch.googleapis.com' },
          },
        ],
      );
    }
    const num = numParam === null ? 10 : Number(numParam);
    if (params.get('cx') !== googleCx || !Number.isInteger(num) || num < 1 || num > 10 || query.trim() === '') {
      return googleError(400, 'Request contains an invalid argument.', 'INVALID_ARGUMENT', [
        { domain: 'global', reason: 'badRequest' },
      ]);
    }
    if (queries >= quota) {
      return googleError(
        403,
        "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'customsearch.googleapis.com'.",
        'PERMISSION_DENIED',
        [{ domain: 'usageLimits', reason: 'dailyLimitExceeded' }],
      );
    }
    queries += 1;
    const terms = new Set(bm25Terms(query));
    const results = hits(query, num);
    const request = {
      title: `Google Custom Search - ${query}`,
      totalResults: String(results.length),
      searchTerms: query,
      count: results.length,
      startIndex: 1,
      inputEncoding: 'utf8',
      outputEncoding: 'utf8',
      safe: params.get('safe') ?? 'off',
      cx: googleCx,
      ...(params.get('lr') === null ? {} : { language: params.get('lr') }),
    };
    const answer: Record<string, unknown> = {
      kind: 'customsearch#search',
      url: {
        type: 'application/json',
        template:
          'https://www.googleapis.com/customsearch/v1?q={searchTerms}&num={count?}&start={startIndex?}&lr={language?}&safe={safe?}&cx={cx?}&alt=json',
      },
      queries: { request: [request] },
      context: { title: 'Local web' },
      searchInformation: {
        searchTime: 0.01,
        formattedSearchTime: '0.01',
        totalResults: String(results.length),
        formattedTotalResults: String(results.length),
      },
    };
    if (results.length > 0) {
      answer.items = results.map(({ doc, snippet }) => {
        const url = new URL(doc.url);
        const lines = googleLines(snippet);
        return {
          kind: 'customsearch#result',
          title: doc.title,
          htmlTitle: highlight(doc.title, terms, 'b'),
          link: doc.url,
          displayLink: url.host,
          snippet: lines,
          htmlSnippet: highlight(lines, terms, 'b').replace(/\n/g, '<br>\n'),
          formattedUrl: doc.url,
          htmlFormattedUrl: escapeHtml(doc.url),
        };
      });
    }
    return json(200, answer);
  };

  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://local.invalid');
    let answer: Answer;
    if (request.method !== 'GET') {
      answer = { status: 405, contentType: 'text/plain', body: 'Method Not Allowed' };
    } else if (target.pathname === '/searxng/search') {
      answer = searxng(target.searchParams);
    } else if (target.pathname === '/brave/res/v1/web/search') {
      const token = request.headers['x-subscription-token'];
      answer = brave(target.searchParams, Array.isArray(token) ? token[0] : token);
    } else if (target.pathname === '/google/customsearch/v1') {
      answer = google(target.searchParams);
    } else {
      answer = { status: 404, contentType: 'text/plain', body: 'Not Found' };
    }
    const body = Buffer.from(answer.body);
    response.writeHead(answer.status, {
      'Content-Type': answer.contentType ?? 'application/json; charset=utf-8',
      'Content-Length': body.length,
      ...answer.headers,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    searxngUrl: `${url}/searxng`,
    braveUrl: `${url}/brave/res/v1/web/search`,
    googleUrl: `${url}/google/customsearch/v1`,
    get queries() {
      return queries;
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      }),
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return { status, body: JSON.stringify(body), headers };
}

function rateText(limit: number): string {
  return Number.isFinite(limit) ? String(Math.max(0, limit)) : '1000000';
}

/** Brave's error body: `{ type: "ErrorResponse", error: { id, status, code, detail, meta }, time }`. */
function braveError(
  status: number,
  code: string,
  detail: string,
  meta: Record<string, unknown>,
  headers: Record<string, string> = {},
): Answer {
  return json(
    status,
    {
      type: 'ErrorResponse',
      error: { id: randomUUID(), status, code, detail, meta },
      time: Math.floor(Date.now() / 1000),
    },
    headers,
  );
}

/** Google's error body: `{ error: { code, message, errors: [{ message, domain, reason }], status, details } }`. */
function googleError(
  code: number,
  message: string,
  status: string,
  errors: { domain: string; reason: string }[],
  details?: Record<string, unknown>[],
): Answer {
  return json(code, {
    error: {
      code,
      message,
      errors: errors.map((error) => ({ message, ...error })),
      status,
      ...(details === undefined ? {} : { details }),
    },
  });
}

/** The text HTML-escaped with the query's words inside <tag>, as Brave (<strong>) and Google (<b>) mark them. */
function highlight(text: string, terms: ReadonlySet<string>, tag: string): string {
  return text
    .split(/(\s+)/)
    .map((part) => {
      const escaped = escapeHtml(part);
      return bm25Terms(part).some((term) => terms.has(term)) ? `<${tag}>${escaped}</${tag}>` : escaped;
    })
    .join('');
}

/** Google's snippets run to about 160 characters, broken into lines. */
function googleLines(snippet: string): string {
  const words = snippet.split(' ');
  let line = 0;
  return words
    .map((word, i) => {
      line += word.length + 1;
      if (i > 0 && line > 80) {
        line = word.length + 1;
        return `\n${word}`;
      }
      return i === 0 ? word : ` ${word}`;
    })
    .join('');
}

import type { z } from 'zod';
import { SearchProviderError, type SearchResult } from '../types.ts';

/*
 * What the three search adapters share: one HTTP exchange with a time limit, the mapping of what went wrong
 * to the four failures the web stage tells apart, the check of the answer against the provider's documented
 * JSON, and the clean-up of its results (http(s) only, each page once, plain-text titles and snippets).
 *
 * Keys travel in a header (Brave) or in the query string (Google): no message made here names the request's
 * URL, its query string or its headers, so an error that reaches a log never carries a key.
 */

export type ProviderDeps = {
  /** The HTTP client (tests may wrap the real one); globalThis.fetch by default. */
  fetch?: typeof globalThis.fetch;
  /** Cap on one search, the answer's body included (10 s by default). */
  timeoutMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 10_000;

/** Answers larger than this are not search results (a page of ten results is a few tens of kilobytes). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * A 429 that asks to wait this long or less (a per-second rate limit, as on Brave's free plan) is waited out
 * once; a longer wait is an exhausted quota.
 */
const SHORT_WAIT_MS = 2_000;

export type Exchange = {
  status: number;
  headers: Headers;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
};

/**
 * One GET with the adapter's time limit joined to the caller's signal. A network failure or the time limit
 * is `unavailable`; when the caller's own signal ends the search (the web stage's budget), its reason is
 * thrown as is, so that the stage can tell its own deadline from a provider's failure.
 */
export async function getJson(
  provider: string,
  url: URL,
  headers: Record<string, string>,
  deps: ProviderDeps,
  signal: AbortSignal | undefined,
): Promise<Exchange> {
  const doFetch = deps.fetch ?? globalThis.fetch;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
  try {
    const response = await doFetch(url, { headers, signal: combined, redirect: 'follow' });
    const body = await readCapped(response);
    let json: unknown;
    try {
      json = JSON.parse(body) as unknown;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json };
  } catch (error) {
    if (signal?.aborted === true) throw signal.reason;
    if (error instanceof SearchProviderError) throw error;
    if (timeout.aborted) {
      throw new SearchProviderError('unavailable', `${provider} did not answer within ${timeoutMs} ms`);
    }
    throw new SearchProviderError('unavailable', `${provider} could not be reached (${describeNetworkError(error)})`);
  }
}

async function readCapped(response: Response): Promise<string> {
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await response.body.cancel().catch(() => undefined);
      throw new SearchProviderError('bad_response', `the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The cause's code (ECONNREFUSED, ENOTFOUND…), never its message, which may quote the URL. */
function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause !== undefined && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'network error';
}

/**
 * How long a 429 asks to wait, in milliseconds, when it says so: Retry-After in seconds, or Brave's
 * X-RateLimit-Reset (one value per window, e.g. "1, 1419704") for the windows X-RateLimit-Remaining shows
 * spent. Null when the answer does not say.
 */
export function retryDelayMs(headers: Headers): number | null {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null && /^\d+$/.test(retryAfter.trim())) return Number(retryAfter.trim()) * 1000;
  const remaining = headers.get('x-ratelimit-remaining');
  const reset = headers.get('x-ratelimit-reset');
  if (remaining === null || reset === null) return null;
  const left = remaining.split(',').map((value) => Number(value.trim()));
  const resets = reset.split(',').map((value) => Number(value.trim()));
  const spent = resets.filter((_, i) => left[i] === 0);
  if (spent.length === 0 || spent.some((value) => !Number.isFinite(value))) return null;
  return Math.max(...spent) * 1000;
}

/** Whether a 429 is a short rate limit worth one more try, and waits it out (the caller's signal still rules). */
export async function waitOutShortLimit(headers: Headers, signal: AbortSignal | undefined): Promise<boolean> {
  const delay = retryDelayMs(headers);
  if (delay === null || delay > SHORT_WAIT_MS) return false;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(done, delay);
    function done(): void {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted(): void {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
  return true;
}

/** The answer checked against the provider's documented shape; anything else is `bad_response`. */
export function parseAnswer<T>(provider: string, schema: z.ZodType<T>, json: unknown): T {
  if (json === undefined) throw new SearchProviderError('bad_response', `${provider} did not answer with JSON`);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new SearchProviderError('bad_response', `${provider} answered JSON of another shape (at "${where}")`);
  }
  return parsed.data;
}

/** The failure a status means when the provider's body says nothing more precise. */
export function failureOfStatus(provider: string, status: number): SearchProviderError {
  if (status === 401 || status === 403) {
    return new SearchProviderError('auth', `${provider} refused the request (HTTP ${status}): check its key`);
  }
  if (status === 402 || status === 429) {
    return new SearchProviderError('quota', `${provider} quota or rate limit reached (HTTP ${status})`);
  }
  if (status >= 500) return new SearchProviderError('unavailable', `${provider} failed (HTTP ${status})`);
  return new SearchProviderError('unavailable', `${provider} answered HTTP ${status}`);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/** HTML character references decoded (the named ones search snippets use, and every numeric one). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A fragment of HTML (Brave's <strong> highlights) as plain text. */
export function htmlToText(html: string): string {
  return collapse(decodeEntities(html.replace(/<\/?[a-z][^<>]*>/gi, '')));
}

/** White space of any kind as single spaces, trimmed (Google's snippets carry line breaks). */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Results with an http(s) URL, each page once (a URL differing only in its #fragment is the same page). */
export function cleanResults(results: readonly SearchResult[], count: number): SearchResult[] {
  const seen = new Set<string>();
  const kept: SearchResult[] = [];
  for (const result of results) {
    let url: URL;
    try {
      url = new URL(result.url);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    kept.push({ url: url.href, title: result.title, snippet: result.snippet });
    if (kept.length === count) break;
  }
  return kept;
}

import { describe, expect, it } from 'vitest';
import { braveFailure } from './brave.ts';
import { cleanResults, decodeEntities, htmlToText, retryDelayMs } from './common.ts';
import { googleFailure } from './google.ts';

describe('search results as plain text', () => {
  it('removes highlight tags and decodes character references', () => {
    expect(htmlToText('The <strong>glacier</strong>&#x27;s   retreat &amp; the <b>sea</b> &#8212; 2&nbsp;km')).toBe(
      "The glacier's retreat & the sea — 2 km",
    );
    expect(decodeEntities('&lt;p&gt; &unknown; &#0; &#xD800;')).toBe('<p> &unknown; &#0; &#xD800;');
  });

  it('keeps http(s) results, each page once, up to the count', () => {
    const result = (url: string): { url: string; title: string; snippet: string } => ({ url, title: url, snippet: '' });
    const kept = cleanResults(
      [
        result('https://a.example/page#top'),
        result('ftp://files.example/a.txt'),
        result('javascript:alert(1)'),
        result('not a url'),
        result('https://A.example/page'),
        result('http://b.example/'),
        result('https://c.example/'),
      ],
      2,
    );
    expect(kept.map((r) => r.url)).toEqual(['https://a.example/page', 'http://b.example/']);
  });
});

describe('rate limit answers', () => {
  it('reads Retry-After, and Brave’s per-window headers for the spent windows', () => {
    expect(retryDelayMs(new Headers({ 'Retry-After': '2' }))).toBe(2000);
    // the per-second window spent, the month not: wait a second
    expect(retryDelayMs(new Headers({ 'X-RateLimit-Remaining': '0, 900', 'X-RateLimit-Reset': '1, 86400' }))).toBe(
      1000,
    );
    // the month spent: a month's wait, not worth waiting
    expect(retryDelayMs(new Headers({ 'X-RateLimit-Remaining': '1, 0', 'X-RateLimit-Reset': '1, 86400' }))).toBe(
      86_400_000,
    );
    expect(retryDelayMs(new Headers())).toBeNull();
  });
});

describe('Brave error answers', () => {
  const answer = (status: number, code: string): { status: number; json: unknown } => ({
    status,
    json: { type: 'ErrorResponse', error: { id: 'x', status, code, detail: 'd', meta: {} }, time: 1 },
  });

  it('tells a wrong token, whatever the status, from a spent quota and a failure', () => {
    expect(braveFailure(answer(401, 'SUBSCRIPTION_TOKEN_INVALID')).failure).toBe('auth');
    expect(braveFailure(answer(422, 'SUBSCRIPTION_TOKEN_INVALID')).failure).toBe('auth');
    expect(braveFailure(answer(429, 'RATE_LIMITED')).failure).toBe('quota');
    expect(braveFailure({ status: 503, json: undefined }).failure).toBe('unavailable');
    expect(braveFailure({ status: 403, json: undefined }).failure).toBe('auth');
  });
});

describe('Google error answers', () => {
  const answer = (
    code: number,
    status: string,
    reasons: string[],
    details: string[] = [],
  ): { status: number; json: unknown } => ({
    status: code,
    json: {
      error: {
        code,
        message: 'm',
        status,
        errors: reasons.map((reason) => ({ message: 'm', domain: 'global', reason })),
        details: details.map((reason) => ({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason })),
      },
    },
  });

  it('reads the reasons before the status', () => {
    expect(googleFailure(answer(400, 'INVALID_ARGUMENT', ['keyInvalid'])).failure).toBe('auth');
    expect(googleFailure(answer(400, 'INVALID_ARGUMENT', ['badRequest'], ['API_KEY_INVALID'])).failure).toBe('auth');
    expect(googleFailure(answer(403, 'PERMISSION_DENIED', ['accessNotConfigured'], ['SERVICE_DISABLED'])).failure).toBe(
      'auth',
    );
    expect(googleFailure(answer(403, 'PERMISSION_DENIED', ['forbidden'])).failure).toBe('auth');
    // a spent daily quota has come as 403 and as 429
    expect(googleFailure(answer(403, 'PERMISSION_DENIED', ['dailyLimitExceeded'])).failure).toBe('quota');
    expect(
      googleFailure(answer(429, 'RESOURCE_EXHAUSTED', ['rateLimitExceeded'], ['RATE_LIMIT_EXCEEDED'])).failure,
    ).toBe('quota');
    expect(googleFailure(answer(403, 'PERMISSION_DENIED', ['quotaExceeded'])).failure).toBe('quota');
    expect(googleFailure({ status: 500, json: undefined }).failure).toBe('unavailable');
  });
});

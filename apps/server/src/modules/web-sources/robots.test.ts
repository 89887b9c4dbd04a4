import { describe, expect, it } from 'vitest';
import { ROBOTS_FAILURE_TTL_MS, ROBOTS_TTL_MS, createRobotsChecker, type RobotsAnswer } from './robots.ts';
import { FetchRefusedError } from './types.ts';

const UA = 'VeritextBot/1.0 (+https://veritext.example/)';

/** A robots.txt download that answers `answer` and counts how often it is asked, and for which URL. */
function server(answer: () => Promise<RobotsAnswer>): {
  asked: string[];
  fetchRobots: (url: URL) => Promise<RobotsAnswer>;
} {
  const asked: string[] = [];
  return {
    asked,
    fetchRobots: (url) => {
      asked.push(url.href);
      return answer();
    },
  };
}

const text = (body: string): Promise<RobotsAnswer> => Promise.resolve({ status: 200, body: Buffer.from(body) });

describe('robots.txt', () => {
  it('applies the group for our product token over the wildcard one, and caches the file per origin for a day', async () => {
    let now = 1_000_000;
    const checker = createRobotsChecker({ userAgent: UA, now: () => now });
    const site = server(() =>
      text('User-agent: *\nDisallow: /\n\nUser-agent: VeritextBot\nDisallow: /private/\nAllow: /\n'),
    );
    expect(await checker.isAllowed(new URL('https://site.test/articles/1'), site.fetchRobots)).toBe(true);
    expect(await checker.isAllowed(new URL('https://site.test/private/x?y=1'), site.fetchRobots)).toBe(false);
    expect(site.asked).toEqual(['https://site.test/robots.txt']);
    // Another origin (the port is part of it) has its own file.
    await checker.isAllowed(new URL('https://site.test:8443/a'), site.fetchRobots);
    expect(site.asked).toHaveLength(2);
    now += ROBOTS_TTL_MS + 1;
    await checker.isAllowed(new URL('https://site.test/articles/2'), site.fetchRobots);
    expect(site.asked).toHaveLength(3);
  });

  it('allows everything on a 4xx and after unfollowable redirects; disallows for an hour on 429 and 5xx', async () => {
    let now = 0;
    const checker = createRobotsChecker({ userAgent: UA, now: () => now });
    const missing = server(() => Promise.resolve({ status: 404, body: Buffer.alloc(0) }));
    expect(await checker.isAllowed(new URL('http://missing.test/a'), missing.fetchRobots)).toBe(true);
    const redirected = server(() => Promise.reject(new FetchRefusedError('address', 'http://10.0.0.1/', 'private')));
    expect(await checker.isAllowed(new URL('http://redirected.test/a'), redirected.fetchRobots)).toBe(true);
    for (const status of [429, 500, 503]) {
      const down = server(() => Promise.resolve({ status, body: Buffer.alloc(0) }));
      expect(await checker.isAllowed(new URL(`http://down-${status}.test/a`), down.fetchRobots)).toBe(false);
    }
    const down = server(() => Promise.resolve({ status: 503, body: Buffer.alloc(0) }));
    now += ROBOTS_FAILURE_TTL_MS - 1;
    expect(await checker.isAllowed(new URL('http://down-503.test/a'), down.fetchRobots)).toBe(false);
    expect(down.asked).toEqual([]);
    now += 2;
    await checker.isAllowed(new URL('http://down-503.test/a'), down.fetchRobots);
    expect(down.asked).toHaveLength(1);
  });

  it('passes a timeout or a network failure on, caching nothing', async () => {
    const checker = createRobotsChecker({ userAgent: UA });
    const failing = server(() =>
      Promise.reject(new FetchRefusedError('timeout', 'http://slow.test/robots.txt', 'slow')),
    );
    await expect(checker.isAllowed(new URL('http://slow.test/a'), failing.fetchRobots)).rejects.toThrow('slow');
    const working = server(() => text('User-agent: *\nAllow: /\n'));
    expect(await checker.isAllowed(new URL('http://slow.test/a'), working.fetchRobots)).toBe(true);
    expect(working.asked).toHaveLength(1);
  });

  it('downloads an origin’s file once however many ask at the same time', async () => {
    const checker = createRobotsChecker({ userAgent: UA });
    const site = server(
      () => new Promise((resolve) => setTimeout(() => resolve({ status: 404, body: Buffer.alloc(0) }), 20)),
    );
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => checker.isAllowed(new URL(`http://busy.test/${n}`), site.fetchRobots)),
    );
    expect(answers).toEqual([true, true, true, true]);
    expect(site.asked).toHaveLength(1);
  });

  it('forgets the least recently used origin past its bound', async () => {
    const checker = createRobotsChecker({ userAgent: UA, maxOrigins: 2 });
    const site = server(() => text(''));
    for (const host of ['a', 'b', 'a', 'c', 'a', 'b']) {
      await checker.isAllowed(new URL(`http://${host}.test/`), site.fetchRobots);
    }
    // a, b, c downloaded; c pushed out b (a was used more recently), so b is downloaded again.
    expect(site.asked.map((url) => new URL(url).hostname)).toEqual(['a.test', 'b.test', 'c.test', 'b.test']);
  });
});

import robotsParserExports from 'robots-parser';
import { FetchRefusedError, type FetchRefusal } from './types.ts';

/*
 * robots.txt, honoured for every page the web stage downloads (issue 14 §3), read by `robots-parser`
 * (RFC 9309 with Google's wildcard rules) and cached per origin in memory, so one check that downloads forty
 * pages of one site asks for its robots.txt once and the next check that day not at all.
 *
 * What a robots.txt that cannot be read means follows RFC 9309 §2.3.1 and Google's documented practice:
 * - 2xx: its rules; only the first 512 KiB are read (RFC 9309 asks crawlers to parse at least 500 KiB);
 * - 4xx other than 429 ("unavailable"): no rules, everything may be downloaded;
 * - 429 and 5xx ("unreachable"): everything is disallowed, and that answer is kept for an hour rather than a
 *   day, so a site that was briefly down is downloaded from again soon;
 * - too many redirects, or a redirect to a URL the fetcher refuses (another scheme, port, a private address,
 *   a name that does not resolve): treated as 4xx, as RFC 9309 §2.3.1.2 says for redirects that cannot be
 *   followed; the refused address is never connected to either way;
 * - the connection failing or the download timing out: the page is refused for the same reason and nothing
 *   is cached, since the page itself would have come from the same unreachable server.
 */

/*
 * robots-parser is CommonJS (`module.exports = function`) with a declaration that says `export default`, so
 * TypeScript types the default import as the module object and its `default` as the function; at run time
 * the default import is the function itself, which is what the cast says.
 */
const robotsParser = robotsParserExports as unknown as typeof robotsParserExports.default;

export const ROBOTS_MAX_BYTES = 512 * 1024;
export const ROBOTS_TTL_MS = 24 * 60 * 60 * 1000;
export const ROBOTS_FAILURE_TTL_MS = 60 * 60 * 1000;
const MAX_ORIGINS = 10_000;

/** The final answer to GET /robots.txt after redirects; the body only for a 2xx. */
export type RobotsAnswer = { status: number; body: Buffer };

type Robot = ReturnType<typeof robotsParser>;
type Rules = { kind: 'allow_all' } | { kind: 'disallow_all' } | { kind: 'parsed'; robot: Robot };

/** Refusals of a robots.txt redirect that mean "cannot be followed", not "the server is unreachable". */
const UNFOLLOWABLE: ReadonlySet<FetchRefusal> = new Set(['scheme', 'port', 'address', 'dns', 'redirects', 'status']);

export type RobotsChecker = {
  /**
   * Whether `url` may be downloaded. `fetchRobots` downloads the origin's robots.txt through the safe path;
   * it is called only when the cache has no fresh answer, and once per origin however many ask at a time.
   */
  isAllowed(url: URL, fetchRobots: (robotsUrl: URL) => Promise<RobotsAnswer>): Promise<boolean>;
};

export function createRobotsChecker(options: {
  userAgent: string;
  maxOrigins?: number;
  now?: () => number;
}): RobotsChecker {
  const maxOrigins = options.maxOrigins ?? MAX_ORIGINS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { rules: Rules; expiresAt: number }>();
  const inFlight = new Map<string, Promise<Rules>>();

  function remember(origin: string, rules: Rules, ttlMs: number): void {
    cache.delete(origin);
    cache.set(origin, { rules, expiresAt: now() + ttlMs });
    // Least recently used first: a Map iterates in insertion order and a hit re-inserts its entry.
    for (const oldest of cache.keys()) {
      if (cache.size <= maxOrigins) break;
      cache.delete(oldest);
    }
  }

  async function load(origin: string, fetchRobots: (robotsUrl: URL) => Promise<RobotsAnswer>): Promise<Rules> {
    const robotsUrl = new URL('/robots.txt', origin);
    let answer: RobotsAnswer;
    try {
      answer = await fetchRobots(robotsUrl);
    } catch (error) {
      if (error instanceof FetchRefusedError && UNFOLLOWABLE.has(error.reason)) {
        remember(origin, { kind: 'allow_all' }, ROBOTS_TTL_MS);
        return { kind: 'allow_all' };
      }
      throw error;
    }
    const { status } = answer;
    let rules: Rules;
    let ttlMs = ROBOTS_TTL_MS;
    if (status >= 200 && status < 300) {
      rules = { kind: 'parsed', robot: robotsParser(robotsUrl.href, answer.body.toString('utf8')) };
    } else if (status >= 400 && status < 500 && status !== 429) {
      rules = { kind: 'allow_all' };
    } else {
      rules = { kind: 'disallow_all' };
      ttlMs = ROBOTS_FAILURE_TTL_MS;
    }
    remember(origin, rules, ttlMs);
    return rules;
  }

  async function rulesFor(origin: string, fetchRobots: (robotsUrl: URL) => Promise<RobotsAnswer>): Promise<Rules> {
    const cached = cache.get(origin);
    if (cached !== undefined && cached.expiresAt > now()) {
      cache.delete(origin);
      cache.set(origin, cached);
      return cached.rules;
    }
    const pending = inFlight.get(origin);
    if (pending !== undefined) {
      try {
        return await pending;
      } catch {
        // The first asker's download failed, perhaps through its own deadline or cancellation: try again
        // under ours rather than inherit a reason that is not this page's.
      }
    }
    const own = load(origin, fetchRobots);
    inFlight.set(origin, own);
    try {
      return await own;
    } finally {
      if (inFlight.get(origin) === own) inFlight.delete(origin);
    }
  }

  return {
    async isAllowed(url, fetchRobots) {
      const rules = await rulesFor(url.origin, fetchRobots);
      if (rules.kind !== 'parsed') return rules.kind === 'allow_all';
      // undefined only for a URL of another origin, which cannot happen here; such a URL is not refused.
      return rules.robot.isAllowed(url.href, options.userAgent) !== false;
    },
  };
}

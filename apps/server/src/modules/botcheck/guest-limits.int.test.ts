import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, createTestApp, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';

type Challenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

/** Guest sign-ups as they come from one address (inject's remoteAddress), with the bot check solved. */
class Visitor {
  private readonly jar = new CookieJar();
  private readonly t: TestApp;
  readonly address: string;
  constructor(t: TestApp, address: string) {
    this.t = t;
    this.address = address;
  }

  private async get(url: string) {
    const response = await this.t.app.inject({
      method: 'GET',
      url,
      remoteAddress: this.address,
      headers: { cookie: this.jar.header() },
    });
    this.jar.store(response);
    return response;
  }

  /** The CSRF cookie set once, so that parallel sign-ups share it (as one browser's tabs do). */
  async csrfCookie(): Promise<void> {
    await this.get('/csrf_tokens');
  }

  async challenge(): Promise<Challenge> {
    return (await this.get('/altcha/challenge')).json<Challenge>();
  }

  async solve(challenge: Challenge): Promise<string> {
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    if (solution === null) throw new Error('not solvable');
    const { algorithm, salt, signature } = challenge;
    return Buffer.from(
      JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }),
    ).toString('base64');
  }

  async register(token?: string) {
    const botToken = token ?? (await this.solve(await this.challenge()));
    const { guest_csrf } = (await this.get('/csrf_tokens')).json<{ guest_csrf: string }>();
    return this.t.app.inject({
      method: 'POST',
      url: '/guest/registration/',
      remoteAddress: this.address,
      payload: new URLSearchParams({ _csrf_token: guest_csrf, 'guest-security-token': botToken }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: this.jar.header() },
    });
  }
}

async function metricValue(t: TestApp, series: string): Promise<number> {
  const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

describe(`guest creation per address (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const BASE = 2000; // testConfig's BOT_CHECK_DIFFICULTY

  beforeAll(async () => {
    t = await createTestApp({ guestDailyLimit: 9 });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('makes the bot check harder with each guest the address made in the last 24 hours', async () => {
    const visitor = new Visitor(t, '198.51.100.10');
    const seen: number[] = [];
    for (let made = 0; made < 9; made += 1) {
      const challenge = await visitor.challenge();
      seen.push(challenge.maxnumber);
      const response = await visitor.register(await visitor.solve(challenge));
      expect(response.statusCode, response.body).toBe(200);
    }
    // Three at the base cost, then twice as hard each time, up to 32 times.
    expect(seen).toEqual([1, 1, 1, 2, 4, 8, 16, 32, 32].map((factor) => factor * BASE));
    // Another address is not affected.
    expect((await new Visitor(t, '198.51.100.11').challenge()).maxnumber).toBe(BASE);
    // Only a keyed hash of the address is kept.
    const { rows } = await t.handle.db.query<{ address_hash: string }>('SELECT address_hash FROM guest_creations');
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const row of rows) expect(row.address_hash).not.toContain('198.51.100');
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 one', async () => {
    const first = new Visitor(t, '2001:db8:7:9::5');
    for (let made = 0; made < 3; made += 1) expect((await first.register()).statusCode).toBe(200);
    expect((await new Visitor(t, '2001:db8:7:9:ffff:1:2:3').challenge()).maxnumber).toBe(2 * BASE);
    expect((await new Visitor(t, '2001:db8:7:a::5').challenge()).maxnumber).toBe(BASE);
    expect((await new Visitor(t, '::ffff:198.51.100.10').challenge()).maxnumber).toBe(32 * BASE);
  });

  it('refuses a challenge fetched while the count was lower (no batch of easy challenges solved in parallel)', async () => {
    const visitor = new Visitor(t, '198.51.100.20');
    for (let made = 0; made < 3; made += 1) expect((await visitor.register()).statusCode).toBe(200);
    const [a, b] = [await visitor.challenge(), await visitor.challenge()];
    expect(a.maxnumber).toBe(2 * BASE);
    const [tokenA, tokenB] = [await visitor.solve(a), await visitor.solve(b)];
    expect((await visitor.register(tokenA)).statusCode).toBe(200);
    const late = await visitor.register(tokenB);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: { code: 'bot_check_failed' } });
    // A fresh challenge at the new difficulty works.
    expect((await visitor.register()).statusCode).toBe(200);
  });

  it('lets only the free three of a parallel batch of cheap challenges through', async () => {
    const visitor = new Visitor(t, '198.51.100.30');
    await visitor.csrfCookie();
    const tokens: string[] = [];
    for (let i = 0; i < 8; i += 1) tokens.push(await visitor.solve(await visitor.challenge()));
    const responses = await Promise.all(tokens.map((token) => visitor.register(token)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 400, 400, 400, 400, 400]);
  });

  it('stops an address at the daily limit with a clear 429, and lets it in again after 24 hours', async () => {
    const visitor = new Visitor(t, '198.51.100.10'); // made 9 above: the limit
    const createdBefore = await metricValue(t, 'veritext_guest_accounts_created_total');
    const refusedBefore = await metricValue(t, 'veritext_guest_accounts_refused_total{reason="daily_limit"}');
    const refused = await visitor.register();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'Too many guest accounts were made from your network today. Please sign up or log in to go on.',
      error: { code: 'guest_limit_reached', key: 'errors.guest_limit_reached' },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await metricValue(t, 'veritext_guest_accounts_refused_total{reason="daily_limit"}')).toBe(
      (Number.isNaN(refusedBefore) ? 0 : refusedBefore) + 1,
    );
    expect(await metricValue(t, 'veritext_guest_accounts_created_total')).toBe(createdBefore);

    // A day later the old sign-ups no longer count.
    await t.handle.db.query(
      "UPDATE guest_creations SET created_at = created_at - interval '25 hours' WHERE address_hash IN (SELECT address_hash FROM guest_creations GROUP BY address_hash HAVING count(*) >= 9)",
    );
    expect((await visitor.challenge()).maxnumber).toBe(BASE);
    expect((await visitor.register()).statusCode).toBe(200);
  });

  it('counts guest sign-ups and refusals in /metrics, for an alert', async () => {
    const created = await metricValue(t, 'veritext_guest_accounts_created_total');
    const badBefore = await metricValue(t, 'veritext_guest_accounts_refused_total{reason="bot_check"}');
    const visitor = new Visitor(t, '192.0.2.77');
    expect((await visitor.register()).statusCode).toBe(200);
    expect(await metricValue(t, 'veritext_guest_accounts_created_total')).toBe(created + 1);
    expect((await visitor.register('bm90IGEgc29sdXRpb24=')).statusCode).toBe(400);
    expect(await metricValue(t, 'veritext_guest_accounts_refused_total{reason="bot_check"}')).toBe(
      (Number.isNaN(badBefore) ? 0 : badBefore) + 1,
    );
    const { rows } = await t.handle.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE is_guest');
    expect(rows[0]?.n).toBe(created + 1);
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { deleteExpiredRows } from '../../jobs/maintenance.repository.ts';
import { findUserByEmail, setUserAdmin } from '../auth/users.repository.ts';

type EventRow = {
  kind: string;
  name: string;
  visitor_hash: string;
  user_id: number | null;
  fields: Record<string, string>;
};

const RATE_LIMIT = 5;

/** Issue 18: the tracking posts (check-tool.md §7, commerce-and-cabinet.md §7) and the administrators' funnel. */
describe(`tracking events and the funnel (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let addressSerial = 0;
  beforeAll(async () => {
    t = await createTestApp({ trackingRateLimitPerMinute: RATE_LIMIT });
  });
  afterAll(async () => {
    await t.dispose();
  });

  function newAddress(): string {
    addressSerial += 1;
    return `203.0.${String(Math.floor(addressSerial / 250))}.${String((addressSerial % 250) + 1)}`;
  }

  async function post(
    url: string,
    fields: Record<string, string> | string,
    options: { address?: string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url,
      payload: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
      remoteAddress: options.address ?? newAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', ...options.headers },
    });
  }

  async function rowsNamed(name: string): Promise<EventRow[]> {
    const { rows } = await t.handle.db.query<EventRow>(
      'SELECT kind, name, visitor_hash, user_id, fields FROM tracking_events WHERE name = $1 ORDER BY id',
      [name],
    );
    return rows;
  }

  describe('POST /user-action/{event}/', () => {
    it('stores a funnel step with its fields and the hashed visitor session, without a CSRF token', async () => {
      const sid = 'visitor-aaaa-0001';
      const response = await post('/user-action/checktools-add-text/', {
        sid,
        timestamp: '1790000000',
        page: 'home',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true });
      const rows = await rowsNamed('checktools-add-text');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: 'event',
        user_id: null,
        fields: { timestamp: '1790000000', page: 'home' },
      });
      expect(rows[0]?.visitor_hash).not.toContain(sid);
      expect(rows[0]?.visitor_hash).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    });

    it('accepts the named and patterned events of §7, refuses others with 404', async () => {
      for (const name of [
        'create_group',
        'get_help',
        'ai-check-success',
        'citation_landing-apa',
        'public-email-contact',
      ]) {
        expect((await post(`/user-action/${name}/`, { sid: 'visitor-named-01' })).statusCode, name).toBe(200);
      }
      for (const name of ['checktools-unknown', 'AddToCart', 'anything', 'citation_landing-']) {
        const response = await post(`/user-action/${name}/`, { sid: 'visitor-named-01' });
        expect(response.statusCode, name).toBe(404);
      }
      expect(await rowsNamed('anything')).toEqual([]);
    });

    it('validates the form: field names, value length, count, the visitor id; refuses JSON', async () => {
      const bad = [
        { sid: 'short' },
        { sid: 'visitor-valid-01', 'bad name': 'x' },
        { sid: 'visitor-valid-01', long: 'x'.repeat(201) },
        Object.fromEntries([
          ['sid', 'visitor-valid-01'],
          ...Array.from({ length: 30 }, (_, i) => [`f${String(i)}`, 'v']),
        ]),
      ];
      for (const fields of bad) {
        const response = await post('/user-action/get_help/', fields as Record<string, string>);
        expect(response.statusCode, JSON.stringify(fields)).toBe(400);
        expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
      }
      // a repeated name arrives as an array: refused
      expect((await post('/user-action/get_help/', 'sid=visitor-valid-01&a=1&a=2')).statusCode).toBe(400);
      const json = await t.app.inject({
        method: 'POST',
        url: '/user-action/get_help/',
        payload: { sid: 'visitor-valid-01' },
        remoteAddress: newAddress(),
      });
      expect(json.statusCode).toBe(415);
      expect(await rowsNamed('get_help')).toHaveLength(1); // only the one of the test above
    });

    it('refuses cross-site browser posts (Sec-Fetch-Site, Origin), accepts same-origin ones', async () => {
      const fields = { sid: 'visitor-origin-1' };
      const crossSite = await post('/user-action/lms-cta/', fields, { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(crossSite.statusCode).toBe(403);
      const foreign = await post('/user-action/lms-cta/', fields, { headers: { origin: 'https://evil.example' } });
      expect(foreign.statusCode).toBe(403);
      const same = await post('/user-action/lms-cta/', fields, {
        headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80', host: 'localhost:80' },
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(await rowsNamed('lms-cta')).toHaveLength(1);
    });

    it('is rate-limited per address', async () => {
      const address = newAddress();
      for (let i = 0; i < RATE_LIMIT; i += 1) {
        expect((await post('/user-action/send-b2b-form/', { sid: 'visitor-rate-01' }, { address })).statusCode).toBe(
          200,
        );
      }
      const limited = await post('/user-action/send-b2b-form/', { sid: 'visitor-rate-01' }, { address });
      expect(limited.statusCode).toBe(429);
      expect(await rowsNamed('send-b2b-form')).toHaveLength(RATE_LIMIT);
      expect((await post('/user-action/send-b2b-form/', { sid: 'visitor-rate-01' })).statusCode).toBe(200);
    });
  });

  describe('POST /api/v1/user-action/{action}/', () => {
    it('stores the cart and report actions with the caller’s account (token or session)', async () => {
      const browser = new TestBrowser(t.app);
      const email = uniqueEmail('tracked');
      expect((await browser.signUp({ email, password: STRONG_PASSWORD, name: 'Tracked' })).statusCode).toBe(200);
      const user = await findUserByEmail(t.handle.db, email);
      if (user === null) throw new Error('no user');
      const withToken = await post(
        '/api/v1/user-action/AddToCart/',
        { sid: 'visitor-cart-001', item: 'pages-50' },
        { headers: { 'x-api-token': user.api_token } },
      );
      expect(withToken.statusCode, withToken.body).toBe(200);
      const withSession = await post(
        '/api/v1/user-action/report-pdf/',
        { sid: 'visitor-cart-001' },
        { headers: { cookie: browser.jar.header() } },
      );
      expect(withSession.statusCode, withSession.body).toBe(200);
      const anonymous = await post('/api/v1/user-action/RemoveFromCart/', { sid: 'visitor-cart-002' });
      expect(anonymous.statusCode).toBe(200);
      expect(await rowsNamed('AddToCart')).toMatchObject([
        { kind: 'action', user_id: user.id, fields: { item: 'pages-50' } },
      ]);
      expect(await rowsNamed('report-pdf')).toMatchObject([{ kind: 'action', user_id: user.id }]);
      expect(await rowsNamed('RemoveFromCart')).toMatchObject([{ kind: 'action', user_id: null }]);
      for (const name of ['addtocart', 'report-', 'checktools-add-text', 'report-A']) {
        expect((await post(`/api/v1/user-action/${name}/`, { sid: 'visitor-cart-001' })).statusCode, name).toBe(404);
      }
      const badToken = await post(
        '/api/v1/user-action/checkout/',
        { sid: 'visitor-cart-001' },
        { headers: { 'x-api-token': 'not-a-token' } },
      );
      expect(badToken.statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/admin/funnel/', () => {
    it('counts distinct visitor sessions per day and step in funnel order, and the other events; admins only', async () => {
      const db = t.handle.db;
      // hand-worked data on 2026-03-01 and 2026-03-02 (UTC), outside every other test's days
      const rows: [string, string, string, string][] = [
        // [kind, name, visitor, created_at]
        ['event', 'checktools-add-text', 'v1', '2026-03-01T08:00:00Z'],
        ['event', 'checktools-add-text', 'v1', '2026-03-01T09:00:00Z'], // the same visitor again: counted once
        ['event', 'checktools-add-text', 'v2', '2026-03-01T23:59:59Z'],
        ['event', 'checktools-first-attempt', 'v1', '2026-03-01T08:05:00Z'],
        ['event', 'checktools-add-text', 'v3', '2026-03-02T00:00:00Z'],
        ['event', 'checktools-first-attempt', 'v3', '2026-03-02T00:01:00Z'],
        ['event', 'checktools-checkout', 'v3', '2026-03-02T00:10:00Z'],
        ['event', 'checktools-add-text', 'v1', '2026-03-02T10:00:00Z'], // v1 on the next day: counted on both days
        ['event', 'get_help', 'v1', '2026-03-01T10:00:00Z'],
        ['event', 'get_help', 'v2', '2026-03-02T10:00:00Z'],
        ['action', 'AddToCart', 'v3', '2026-03-02T00:05:00Z'],
        ['event', 'checktools-add-text', 'v9', '2026-03-03T00:00:00Z'], // after the range
        ['event', 'checktools-add-text', 'v9', '2026-02-28T23:59:59Z'], // before the range
      ];
      for (const [kind, name, visitor, at] of rows) {
        await db.query(
          'INSERT INTO tracking_events (kind, name, visitor_hash, fields, created_at) VALUES ($1, $2, $3, $4::jsonb, $5)',
          [kind, name, `hand-${visitor}`, '{}', at],
        );
      }
      const admin = new TestBrowser(t.app);
      const adminEmail = uniqueEmail('funnel-admin');
      await admin.signUp({ email: adminEmail, password: STRONG_PASSWORD, name: 'Admin' });
      await setUserAdmin(db, adminEmail, true);
      const user = new TestBrowser(t.app);
      await user.signUp({ email: uniqueEmail('funnel-user'), password: STRONG_PASSWORD, name: 'User' });

      const url = '/api/v1/admin/funnel/?from=2026-03-01&to=2026-03-02';
      expect((await new TestBrowser(t.app).get(url)).statusCode).toBe(401);
      expect((await user.get(url)).statusCode).toBe(403);
      const response = await admin.get(url);
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json<{
        data: {
          from: string;
          to: string;
          steps: string[];
          days: { day: string; counts: number[] }[];
          totals: number[];
          events: { name: string; kind: string; count: number }[];
        };
      }>();
      expect(data.from).toBe('2026-03-01');
      expect(data.to).toBe('2026-03-02');
      expect(data.steps).toEqual([
        'add-text',
        'send-before-registration',
        'registration',
        'first-attempt',
        'need-more-pages',
        'no-balance',
        'buy-more-pages',
        'check-free-page',
        'second-attempt',
        'checkout',
      ]);
      expect(data.days).toEqual([
        { day: '2026-03-01', counts: [2, 0, 0, 1, 0, 0, 0, 0, 0, 0] },
        { day: '2026-03-02', counts: [2, 0, 0, 1, 0, 0, 0, 0, 0, 1] },
      ]);
      // over the range v1, v2, v3 added text: 3 distinct sessions
      expect(data.totals).toEqual([3, 0, 0, 2, 0, 0, 0, 0, 0, 1]);
      expect(data.events).toEqual([
        { name: 'get_help', kind: 'event', count: 2 },
        { name: 'AddToCart', kind: 'action', count: 1 },
      ]);

      expect((await admin.get('/api/v1/admin/funnel/?from=2026-03-02&to=2026-03-01')).statusCode).toBe(400);
      expect((await admin.get('/api/v1/admin/funnel/?from=2024-01-01&to=2026-03-01')).statusCode).toBe(400);
      expect((await admin.get('/api/v1/admin/funnel/?from=2026-13-01')).statusCode).toBe(400);
      const defaults = (await admin.get('/api/v1/admin/funnel/')).json<{ data: { from: string; to: string } }>();
      expect(defaults.data.to).toBe(new Date().toISOString().slice(0, 10));
    });

    it('forgets events after the retention period (the hourly cleanup)', async () => {
      const db = t.handle.db;
      await db.query(
        `INSERT INTO tracking_events (kind, name, visitor_hash, created_at)
         VALUES ('event', 'user-seen-hidden-text', 'old', now() - interval '181 days'),
                ('event', 'user-seen-hidden-text', 'recent', now() - interval '179 days')`,
      );
      const deleted = await deleteExpiredRows(db);
      expect(deleted.trackingEvents).toBeGreaterThanOrEqual(1);
      expect((await rowsNamed('user-seen-hidden-text')).map((row) => row.visitor_hash)).toEqual(['recent']);
    });
  });
});

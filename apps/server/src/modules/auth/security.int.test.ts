import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { LOGIN_THROTTLE, recordLoginFailure } from './login-throttle.ts';
import { sha256 } from './secrets.ts';
import { findUserByEmail } from './users.repository.ts';

/** Must-show 7 of issue 6 (without the e-mail codes): attempts per account, tokens, sessions, e-mail privacy. */
describe(`account security (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function account(): Promise<{ email: string; id: number; apiToken: string; browser: TestBrowser }> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('security');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const user = await findUserByEmail(t.handle.db, email);
    if (user === null) throw new Error('no user');
    return { email, id: user.id, apiToken: user.api_token, browser };
  }

  async function logIn(email: string, password: string, ip = '203.0.113.7') {
    // a real CSRF token for this one request
    const browser = new TestBrowser(t.app);
    const { token } = await browser.csrf();
    return t.app.inject({
      method: 'POST',
      url: '/login_check',
      remoteAddress: ip,
      payload: new URLSearchParams({ _username: email, _password: password, _csrf_token: token }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.jar.header() },
    });
  }

  describe('login attempts per account', () => {
    it(`locks password login after ${String(LOGIN_THROTTLE.maxFailures)} failures, from any address, with the answer of a wrong password`, async () => {
      const { email, id } = await account();
      const wrongAnswer = (await logIn(email, 'Wrong!Passw0rd', '198.51.100.1')).json<unknown>();
      for (let i = 1; i < LOGIN_THROTTLE.maxFailures; i += 1) {
        // each from another address: the per-address limit never sees two
        const response = await logIn(email, `Wrong!Passw0rd${String(i)}`, `198.51.100.${String(i + 1)}`);
        expect(response.statusCode).toBe(401);
      }
      const locked = await logIn(email, STRONG_PASSWORD, '192.0.2.200');
      expect(locked.statusCode).toBe(401);
      expect(locked.json()).toEqual(wrongAnswer);
      expect(locked.cookies.find((c) => c.name === 'vt_session')).toBeUndefined();
      const { rows } = await t.handle.db.query<{ minutes: number }>(
        `SELECT round(extract(epoch FROM locked_until - now()) / 60)::int AS minutes FROM login_throttles WHERE user_id = $1`,
        [id],
      );
      expect(rows[0]?.minutes).toBe(15);

      // fifteen minutes later (the lock moved into the past) the right password works again
      await t.handle.db.query(
        "UPDATE login_throttles SET locked_until = now() - interval '1 second' WHERE user_id = $1",
        [id],
      );
      expect((await logIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
      // and a success clears the count
      const cleared = await t.handle.db.query('SELECT 1 FROM login_throttles WHERE user_id = $1', [id]);
      expect(cleared.rows).toHaveLength(0);
    });

    it('a locked account and an unknown e-mail answer alike (the lock tells nothing)', async () => {
      const { email, id } = await account();
      for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i += 1) await recordLoginFailure(t.handle.db, id);
      const locked = await logIn(email, STRONG_PASSWORD);
      const unknown = await logIn(uniqueEmail('nobody'), STRONG_PASSWORD);
      expect(locked.statusCode).toBe(unknown.statusCode);
      expect(locked.json()).toEqual(unknown.json());
    });

    it('failures older than the window start a new count', async () => {
      const { email, id } = await account();
      for (let i = 0; i < LOGIN_THROTTLE.maxFailures - 1; i += 1) await recordLoginFailure(t.handle.db, id);
      await t.handle.db.query(
        "UPDATE login_throttles SET window_started_at = now() - interval '16 minutes' WHERE user_id = $1",
        [id],
      );
      expect(await recordLoginFailure(t.handle.db, id)).toBe(false);
      expect((await logIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('counts parallel failures without losing any', async () => {
      const { id } = await account();
      const results = await Promise.all(
        Array.from({ length: LOGIN_THROTTLE.maxFailures }, () => recordLoginFailure(t.handle.db, id)),
      );
      expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
      const { rows } = await t.handle.db.query<{ locked: boolean }>(
        'SELECT locked_until > now() AS locked FROM login_throttles WHERE user_id = $1',
        [id],
      );
      expect(rows[0]?.locked).toBe(true);
    });

    it('keeps the per-address limit as well', async () => {
      const limited = await createTestApp({ authRateLimitPerMinute: 2 });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          statuses.push(
            (
              await limited.app.inject({
                method: 'POST',
                url: '/login_check',
                remoteAddress: '203.0.113.50',
                payload: `_username=${encodeURIComponent(uniqueEmail())}&_password=x`,
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
              })
            ).statusCode,
          );
        }
        expect(statuses[2]).toBe(429);
      } finally {
        await limited.dispose();
      }
    });
  });

  describe('sessions', () => {
    it('never adopts a session id the browser brought (no fixation): login always issues a new one', async () => {
      const { email } = await account();
      const planted = 'attacker-chosen-session-id-0123456789abcdef';
      const browser = new TestBrowser(t.app);
      browser.jar.cookies.set('vt_session', planted);
      const { token } = await browser.csrf();
      const response = await browser.postForm('/login_check', {
        _username: email,
        _password: STRONG_PASSWORD,
        _csrf_token: token,
      });
      expect(response.statusCode).toBe(200);
      const issued = browser.jar.cookies.get('vt_session');
      expect(issued).not.toBe(planted);
      expect(issued).toMatch(/^[\w-]{43}$/);
      const fixed = await t.app.inject({
        method: 'GET',
        url: '/login_json',
        headers: { cookie: `vt_session=${planted}` },
      });
      expect(fixed.json()).toEqual({ success: false, data: null });
    });

    it('a new login ends the session of the old cookie, even when the call also carries an API token', async () => {
      const { email, id, apiToken, browser } = await account();
      const before = browser.jar.cookies.get('vt_session') ?? '';
      const { token } = await browser.csrf();
      const response = await browser.postForm(
        '/login_check',
        { _username: email, _password: STRONG_PASSWORD, _csrf_token: token },
        { 'x-api-token': apiToken },
      );
      expect(response.statusCode).toBe(200);
      const after = browser.jar.cookies.get('vt_session') ?? '';
      expect(after).not.toBe(before);
      const { rows } = await t.handle.db.query<{ id_hash: string }>('SELECT id_hash FROM sessions WHERE user_id = $1', [
        id,
      ]);
      expect(rows.map((row) => row.id_hash)).toEqual([sha256(after)]);
    });
  });

  describe('API tokens', () => {
    it('are matched exactly through their SHA-256: no prefix, case change, extension or stored hash is accepted', async () => {
      const { apiToken } = await account();
      const call = (token: string) =>
        t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: { 'x-api-token': token } });
      expect((await call(apiToken)).statusCode).toBe(200);
      for (const wrong of [
        apiToken.slice(0, -1),
        `${apiToken}A`,
        apiToken.toUpperCase() === apiToken ? apiToken.toLowerCase() : apiToken.toUpperCase(),
        sha256(apiToken),
        ' '.repeat(apiToken.length),
      ]) {
        const response = await call(wrong);
        expect(response.statusCode, wrong).toBe(401);
        expect(response.json()).toMatchObject({ error: { code: 'invalid_api_token' } });
      }
    });
  });

  describe('whether an e-mail exists', () => {
    it('is said by registration only, with the spec’s message', async () => {
      const { email } = await account();
      const again = await new TestBrowser(t.app).signUp({ email, password: STRONG_PASSWORD });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: 'This email is already registered. Please log in.' });
    });

    it('is not said by login: one answer for a wrong password and an unknown e-mail', async () => {
      const { email } = await account();
      const wrong = await logIn(email, 'Wrong!Passw0rd');
      const unknown = await logIn(uniqueEmail('nobody'), 'Wrong!Passw0rd');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toMatchObject({ message: 'Invalid email or password.' });
    });
  });
});

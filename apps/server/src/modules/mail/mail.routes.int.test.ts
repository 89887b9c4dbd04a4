import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';

describe(`the local outbox (${TEST_DB_KIND})`, () => {
  let dev: TestApp;
  let test: TestApp;
  beforeAll(async () => {
    dev = await createTestApp({ env: 'development' });
    test = await createTestApp();
  });
  afterAll(async () => {
    await dev.dispose();
    await test.dispose();
  });

  /** A browser logged in as a new user; a site administrator when `isAdmin`. */
  async function loggedIn(t: TestApp, isAdmin: boolean): Promise<TestBrowser> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail(isAdmin ? 'outbox-admin' : 'outbox-user');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    if (isAdmin) await t.handle.db.query('UPDATE users SET is_admin = true WHERE lower(email) = lower($1)', [email]);
    return browser;
  }

  it('keeps every message without SMTP and shows them in development at /dev/outbox to a site administrator', async () => {
    const email = uniqueEmail('outbox');
    expect((await new TestBrowser(dev.app).signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const { rows } = await dev.handle.db.query<{ id: number; kind: string }>(
      'SELECT id, kind FROM mail_outbox WHERE to_address = $1',
      [email],
    );
    expect(rows).toEqual([{ id: expect.any(Number) as number, kind: 'verify_email' }]);

    const admin = await loggedIn(dev, true);
    const list = await admin.get('/dev/outbox');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.body).toContain(email);
    expect(list.body).toContain(`href="/dev/outbox/${String(rows[0]?.id)}"`);

    const one = await admin.get(`/dev/outbox/${String(rows[0]?.id)}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('Confirm your e-mail address');
    expect(one.body).toMatch(/http:\/\/localhost:3000\/verify_email\/[\w-]+/);
    expect(one.body).toContain('sandbox=""');

    expect((await admin.get('/dev/outbox/999999')).statusCode).toBe(404);
    expect((await admin.get('/dev/outbox/abc')).statusCode).toBe(404);
  });

  it('answers 404 in development to anyone but a logged-in site administrator (reset links are in there)', async () => {
    const email = uniqueEmail('outbox-victim');
    await new TestBrowser(dev.app).signUp({ email, password: STRONG_PASSWORD });
    const { rows } = await dev.handle.db.query<{ id: number }>('SELECT id FROM mail_outbox WHERE to_address = $1', [
      email,
    ]);
    const messagePath = `/dev/outbox/${String(rows[0]?.id)}`;
    const user = await loggedIn(dev, false);
    const callers: [string, (url: string) => Promise<{ statusCode: number; body: string }>][] = [
      ['anonymous', (url) => dev.app.inject({ method: 'GET', url })],
      ['anonymous from outside', (url) => dev.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' })],
      ['a forged session', (url) => dev.app.inject({ method: 'GET', url, cookies: { vt_session: 'not-a-session' } })],
      ['a logged-in user', (url) => user.get(url)],
    ];
    for (const [who, get] of callers) {
      for (const url of ['/dev/outbox', messagePath, '/dev/outbox/abc']) {
        const response = await get(url);
        expect(response.statusCode, `${who} ${url}`).toBe(404);
        expect(response.body, `${who} ${url}`).not.toContain(email);
      }
    }
  });

  it('is not served outside development, though messages are still kept', async () => {
    const email = uniqueEmail('outbox-test');
    await new TestBrowser(test.app).signUp({ email, password: STRONG_PASSWORD });
    const { rows } = await test.handle.db.query<{ id: number }>('SELECT id FROM mail_outbox WHERE to_address = $1', [
      email,
    ]);
    expect(rows).toHaveLength(1);
    const admin = await loggedIn(test, true);
    const list = await admin.get('/dev/outbox');
    expect(list.statusCode).toBe(404);
    expect(list.body).not.toContain(email);
    expect((await admin.get(`/dev/outbox/${String(rows[0]?.id)}`)).statusCode).toBe(404);
  });
});

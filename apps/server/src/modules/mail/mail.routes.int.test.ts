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

  it('keeps every message without SMTP and shows them in development at /dev/outbox', async () => {
    const email = uniqueEmail('outbox');
    expect((await new TestBrowser(dev.app).signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const { rows } = await dev.handle.db.query<{ id: number; kind: string }>(
      'SELECT id, kind FROM mail_outbox WHERE to_address = $1',
      [email],
    );
    expect(rows).toEqual([{ id: expect.any(Number) as number, kind: 'verify_email' }]);

    const list = await dev.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.body).toContain(email);
    expect(list.body).toContain(`href="/dev/outbox/${String(rows[0]?.id)}"`);

    const one = await dev.app.inject({ method: 'GET', url: `/dev/outbox/${String(rows[0]?.id)}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('Confirm your e-mail address');
    expect(one.body).toMatch(/http:\/\/localhost:3000\/verify_email\/[\w-]+/);
    expect(one.body).toContain('sandbox=""');

    expect((await dev.app.inject({ method: 'GET', url: '/dev/outbox/999999' })).statusCode).toBe(404);
    expect((await dev.app.inject({ method: 'GET', url: '/dev/outbox/abc' })).statusCode).toBe(400);
  });

  it('is not served outside development, though messages are still kept', async () => {
    const email = uniqueEmail('outbox-test');
    await new TestBrowser(test.app).signUp({ email, password: STRONG_PASSWORD });
    const { rows } = await test.handle.db.query<{ id: number }>('SELECT id FROM mail_outbox WHERE to_address = $1', [
      email,
    ]);
    expect(rows).toHaveLength(1);
    const list = await test.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(list.statusCode).toBe(404);
    expect(list.body).not.toContain(email);
    expect((await test.app.inject({ method: 'GET', url: `/dev/outbox/${String(rows[0]?.id)}` })).statusCode).toBe(404);
  });
});

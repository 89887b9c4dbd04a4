import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findAgreementsOfUser } from './agreements.repository.ts';

describe(`agreements (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function signUp(fields: Record<string, string> = {}) {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('agree');
    const response = await browser.signUp({ email, password: STRONG_PASSWORD, ...fields });
    expect(response.statusCode).toBe(200);
    const user = await findUserByEmail(t.handle.db, email);
    if (user === null) throw new Error('no user');
    return { browser, user };
  }

  const summary = async (userId: number) =>
    (await findAgreementsOfUser(t.handle.db, userId)).map((a) => `${a.type}@${a.version}`);

  it('records terms and privacy (2018-05-24) at sign-up when the terms box is ticked, and nothing otherwise', async () => {
    const ticked = await signUp({ terms: 'on' });
    expect(await summary(ticked.user.id)).toEqual(['privacy@2018-05-24', 'terms@2018-05-24']);
    const unticked = await signUp();
    expect(await summary(unticked.user.id)).toEqual([]);
  });

  it('records an agreement by its call, idempotently, keeping the first acceptance', async () => {
    const { browser, user } = await signUp();
    const { token } = await browser.csrf();
    const first = await browser.postForm('/api/v1/agreement/create/info/2018-09-12/', {
      type: 'info',
      version: '2018-09-12',
      _csrf_token: token,
    });
    expect(first.statusCode).toBe(200);
    const firstBody = first.json<{ data: { type: string; version: string; accepted_at: string } }>();
    expect(firstBody.data).toMatchObject({ type: 'info', version: '2018-09-12' });
    const second = await browser.postForm('/api/v1/agreement/create/info/2018-09-12/', { _csrf_token: token });
    expect(second.statusCode).toBe(200);
    expect(second.json<typeof firstBody>().data.accepted_at).toBe(firstBody.data.accepted_at);
    expect(await summary(user.id)).toEqual(['info@2018-09-12']);
    const rows = await findAgreementsOfUser(t.handle.db, user.id);
    expect(rows[0]?.ip).not.toBe(undefined);
  });

  it('accepts only the known types and the versions 2018-05-24 and 2018-09-12', async () => {
    const { browser, user } = await signUp();
    const { token } = await browser.csrf();
    for (const path of ['terms/2020-01-01', 'cookies/2018-05-24', 'terms/2018-5-24']) {
      const response = await browser.postForm(`/api/v1/agreement/create/${path}/`, { _csrf_token: token });
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toMatchObject({ error: { code: 'agreement_unknown' } });
    }
    const mismatch = await browser.postForm('/api/v1/agreement/create/terms/2018-05-24/', {
      type: 'privacy',
      _csrf_token: token,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(await summary(user.id)).toEqual([]);
    for (const path of ['terms/2018-05-24', 'privacy/2018-05-24', 'terms/2018-09-12']) {
      expect((await browser.postForm(`/api/v1/agreement/create/${path}/`, { _csrf_token: token })).statusCode).toBe(
        200,
      );
    }
    expect(await summary(user.id)).toEqual(['privacy@2018-05-24', 'terms@2018-05-24', 'terms@2018-09-12']);
  });

  it('needs a session and the CSRF token', async () => {
    const anonymous = new TestBrowser(t.app);
    const { token } = await anonymous.csrf();
    const response = await anonymous.postForm('/api/v1/agreement/create/terms/2018-05-24/', { _csrf_token: token });
    expect(response.statusCode).toBe(401);
    const { browser, user } = await signUp();
    const noCsrf = await browser.postForm('/api/v1/agreement/create/terms/2018-05-24/', {});
    expect(noCsrf.statusCode).toBe(403);
    expect(await summary(user.id)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findAgreementsOfUser } from '../agreements/agreements.repository.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findPortalRegistration } from './portal.repository.ts';

describe(`activity-report portal registration (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function register(browser: TestBrowser, fields: Record<string, string>, withBotToken = true) {
    const { token } = await browser.csrf();
    return browser.postForm('/integrito/registration/', {
      role: '1',
      terms: 'on',
      ...fields,
      _csrf_token: token,
      ...(withBotToken ? { 'integrito-security-token': await browser.botToken() } : {}),
    });
  }

  it('registers a visitor without a password, records the agreements and the details; no session starts', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('portal');
    const response = await register(browser, {
      email,
      role: '2',
      school_name: 'Lincoln High',
      how_can_help: 'Track drafts',
      info: 'on',
      'integrito-invite': 'course-42',
      query: '?utm=x',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, redirect: false, url: null, needs_password: true });
    const user = await findUserByEmail(t.handle.db, email);
    expect(user?.password_hash).toBeNull();
    const agreements = (await findAgreementsOfUser(t.handle.db, user?.id ?? -1)).map((a) => `${a.type}@${a.version}`);
    expect(agreements).toEqual(['info@2018-09-12', 'privacy@2018-05-24', 'terms@2018-05-24']);
    expect(await findPortalRegistration(t.handle.db, user?.id ?? -1)).toMatchObject({
      role: 2,
      school_name: 'Lincoln High',
      how_can_help: 'Track drafts',
      invite: 'course-42',
      query: '?utm=x',
    });
    expect(response.cookies.find((c) => c.name === 'vt_session')).toBeUndefined();
    // no password: a login fails like any wrong password
    expect((await browser.logIn(email, STRONG_PASSWORD)).statusCode).toBe(401);
  });

  it('keeps school_name for roles 1-3 only, records info only when ticked, and accepts role codes 1-6 only', async () => {
    for (const role of [1, 2, 3, 4, 5, 6]) {
      const email = uniqueEmail(`role${String(role)}`);
      const response = await register(new TestBrowser(t.app), {
        email,
        role: String(role),
        school_name: 'Some School',
      });
      expect(response.statusCode, String(role)).toBe(200);
      const user = await findUserByEmail(t.handle.db, email);
      const row = await findPortalRegistration(t.handle.db, user?.id ?? -1);
      expect(row?.role).toBe(role);
      expect(row?.school_name).toBe(role <= 3 ? 'Some School' : null);
      const types = (await findAgreementsOfUser(t.handle.db, user?.id ?? -1)).map((a) => a.type);
      expect(types).toEqual(['privacy', 'terms']);
    }
    for (const role of ['0', '7', 'x', '']) {
      const response = await register(new TestBrowser(t.app), { email: uniqueEmail('badrole'), role });
      expect(response.statusCode, role).toBe(400);
      expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty('role');
    }
  });

  it('gives the spec message with a redirect to the login (query kept) for an e-mail already registered', async () => {
    const email = uniqueEmail('taken');
    expect((await register(new TestBrowser(t.app), { email })).statusCode).toBe(200);
    const again = await register(new TestBrowser(t.app), { email: email.toUpperCase(), query: '?utm=x&course=1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      redirect: true,
      message: 'This email is already registered. Please log in.',
      url: '/integrito/login/?utm=x&course=1',
    });
  });

  it('requires the terms box and an e-mail from a visitor; stores nothing then', async () => {
    const email = uniqueEmail('noterms');
    const noTerms = await register(new TestBrowser(t.app), { email, terms: '' });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json()).toMatchObject({ error: { code: 'terms_required', fields: { terms: 'required' } } });
    expect(await findUserByEmail(t.handle.db, email)).toBeNull();
    const noEmail = await register(new TestBrowser(t.app), {});
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ error: { fields: { email: 'required' } } });
  });

  it('refuses a missing or reused bot-check solution', async () => {
    const email = uniqueEmail('bot');
    const missing = await register(new TestBrowser(t.app), { email }, false);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'bot_check_failed' } });
    const browser = new TestBrowser(t.app);
    const solution = await browser.botToken();
    const { token } = await browser.csrf();
    const fields = { role: '4', terms: 'on', _csrf_token: token, 'integrito-security-token': solution };
    expect((await browser.postForm('/integrito/registration/', { ...fields, email })).statusCode).toBe(200);
    const reused = await browser.postForm('/integrito/registration/', { ...fields, email: uniqueEmail('bot2') });
    expect(reused.statusCode).toBe(400);
  });

  it('a logged-in user (after the portal login) registers without an e-mail: details and agreements added', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('member');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const response = await register(browser, { role: '5', how_can_help: 'Blog posts' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, needs_password: false });
    const user = await findUserByEmail(t.handle.db, email);
    expect(user?.password_hash).not.toBeNull();
    expect((await findPortalRegistration(t.handle.db, user?.id ?? -1))?.role).toBe(5);
    expect((await findAgreementsOfUser(t.handle.db, user?.id ?? -1)).map((a) => a.type)).toEqual(['privacy', 'terms']);
  });
});

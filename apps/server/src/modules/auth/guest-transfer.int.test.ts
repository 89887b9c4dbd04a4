import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_COOKIE_NAME } from '@veritext/contracts';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { registerUser } from './auth.service.ts';
import { findUserById } from './users.repository.ts';

/** About 60 words: within a guest's one free page. */
const GUEST_TEXT = ORIGINAL_ESSAY.split(/\s+/).slice(0, 60).join(' ');
const AI_TEXT =
  'Time management is an essential skill that can significantly improve both academic and professional ' +
  'outcomes. First and foremost, it is important to establish clear priorities, as this allows individuals to ' +
  'focus their energy on the tasks that matter most. Additionally, breaking larger projects into smaller, ' +
  'manageable steps can help reduce stress and prevent procrastination. Another effective strategy is to set ' +
  'specific, realistic deadlines for each task, which provides a sense of structure and accountability.';

type Guest = { browser: TestBrowser; token: string; userId: number; textId: number; aiId: number };

/** Issue 13 A1: a guest who signs up or logs in keeps the checks made as a guest, and stops being a guest. */
describe(`from guest to account (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  /** A browser that became a guest and ran its free text check and its free AI check. */
  async function guestWithChecks(): Promise<Guest> {
    const browser = new TestBrowser(t.app);
    const registered = await browser.postForm('/guest/registration/', {
      _csrf_token: (await browser.csrf()).guest_csrf,
      'guest-security-token': await browser.botToken(),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const token = registered.json<{ data: { api: string } }>().data.api;
    const { rows } = await t.handle.db.query<{ id: number }>('SELECT id FROM users WHERE api_token = $1', [token]);
    const text = await browser.postForm('/api/v1/text', {
      text: GUEST_TEXT,
      language: 'en',
      guest: '1',
      _csrf_token: (await browser.csrf()).guest_csrf,
    });
    expect(text.statusCode, text.body).toBe(200);
    const ai = await browser.postForm('/api/v1/chat-gpt/', {
      text: AI_TEXT,
      _csrf_token: (await browser.csrf()).guest_csrf,
    });
    expect(ai.statusCode, ai.body).toBe(200);
    return {
      browser,
      token,
      userId: rows[0]!.id,
      textId: text.json<{ data: { text: { id: number } } }>().data.text.id,
      aiId: ai.json<{ data: { id: number } }>().data.id,
    };
  }

  /** The Set-Cookie line of a response for one cookie. */
  function setCookieLine(response: LightMyRequestResponse, name: string): string | undefined {
    const header = response.headers['set-cookie'];
    const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
    return lines.find((line) => line.startsWith(`${name}=`));
  }

  function expectGuestCookieCleared(response: LightMyRequestResponse): void {
    const line = setCookieLine(response, GUEST_COOKIE_NAME);
    expect(line, 'the guest cookie is cleared').toBeDefined();
    expect(line).toMatch(/Max-Age=0/);
    expect(line).toMatch(/Path=\//);
    expect(line).toMatch(/SameSite=Strict/);
  }

  async function myDocumentIds(browser: TestBrowser, headers: Record<string, string> = {}): Promise<number[]> {
    const response = await browser.get('/api/v1/text/', headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { texts: { id: number }[] } }>().data.texts.map((text) => text.id);
  }

  async function whoAmI(browser: TestBrowser, headers: Record<string, string> = {}) {
    const response = await browser.get('/profile/get_credentials', headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ user: { email: string; is_guest: boolean } }>().user;
  }

  it("a logged-in session wins over a guest's token; a real user's or a group's token keeps its meaning", async () => {
    const guest = await guestWithChecks();
    const email = uniqueEmail('session-wins');
    expect((await guest.browser.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    // What the client sent after a sign-up: the session cookie, and the guest's token as X-API-TOKEN.
    expect(await whoAmI(guest.browser, { 'x-api-token': guest.token })).toMatchObject({ email, is_guest: false });
    const loginJson = (await guest.browser.get('/login_json', { 'x-api-token': guest.token })).json<{
      success: boolean;
    }>();
    expect(loginJson.success).toBe(true);

    // Another user's token with this session: the session's user (the browser signed in as someone else since).
    const otherEmail = uniqueEmail('token-owner');
    const other = await registerUser(t.handle.db, {
      email: otherEmail,
      password: STRONG_PASSWORD,
      accountType: 'organisation',
      organisationName: 'Token Org',
    });
    expect(await whoAmI(guest.browser, { 'x-api-token': other.user.api_token })).toMatchObject({ email });
    // ...and without the session, the token's own user
    expect(await whoAmI(new TestBrowser(t.app), { 'x-api-token': other.user.api_token })).toMatchObject({
      email: otherEmail,
    });
    // A group's token acts for the group (its documents), not for the session's user.
    const groupDocs = await guest.browser.get('/api/v1/text/', { 'x-api-token': other.group!.api_token });
    expect(groupDocs.statusCode, groupDocs.body).toBe(200);
    expect(groupDocs.json<{ data: { texts: unknown[] } }>().data.texts).toEqual([]);
    // Without a session a guest's token is still the guest.
    const bare = new TestBrowser(t.app);
    expect(await whoAmI(bare, { 'x-api-token': guest.token })).toMatchObject({ is_guest: true });
  });

  it("sign-up clears the guest cookie and the guest's checks are in the new account's My Documents", async () => {
    const guest = await guestWithChecks();
    const email = uniqueEmail('guest-signup');
    const response = await guest.browser.signUp({ email, password: STRONG_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expectGuestCookieCleared(response);
    expect(guest.browser.jar.cookies.has(GUEST_COOKIE_NAME)).toBe(false);

    expect(await whoAmI(guest.browser)).toMatchObject({ email, is_guest: false });
    expect(await myDocumentIds(guest.browser)).toEqual([guest.textId]);
    expect((await guest.browser.get(`/api/v1/text/${String(guest.textId)}`)).statusCode).toBe(200);
    const aiCheck = await guest.browser.get(`/api/v1/chat-gpt/${String(guest.aiId)}/`);
    expect(aiCheck.statusCode, aiCheck.body).toBe(200);
    expect(aiCheck.json<{ data: { id: number } }>().data.id).toBe(guest.aiId);

    // The guest is left without data: its token no longer reads the checks.
    const former = new TestBrowser(t.app);
    expect(await myDocumentIds(former, { 'x-api-token': guest.token })).toEqual([]);
    expect(
      (await former.get(`/api/v1/chat-gpt/${String(guest.aiId)}/`, { 'x-api-token': guest.token })).statusCode,
    ).toBe(404);
    expect((await findUserById(t.handle.db, guest.userId))?.is_guest).toBe(true);
  });

  it("login clears the guest cookie and the guest's checks join the account's own", async () => {
    const email = uniqueEmail('guest-login');
    const owner = new TestBrowser(t.app);
    expect((await owner.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const own = await owner.postForm('/api/v1/text', {
      text: ORIGINAL_ESSAY,
      language: 'en',
      _csrf_token: (await owner.csrf()).token,
    });
    expect(own.statusCode, own.body).toBe(200);
    const ownId = own.json<{ data: { text: { id: number } } }>().data.text.id;

    const guest = await guestWithChecks();
    const response = await guest.browser.logIn(email, STRONG_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expectGuestCookieCleared(response);
    expect(await whoAmI(guest.browser)).toMatchObject({ email, is_guest: false });
    expect(await myDocumentIds(guest.browser)).toEqual([guest.textId, ownId]);
    expect((await guest.browser.get(`/api/v1/chat-gpt/${String(guest.aiId)}/`)).statusCode).toBe(200);
    // The account's other browser sees them too.
    expect(await myDocumentIds(owner)).toEqual([guest.textId, ownId]);
  });

  it("a failed login keeps the guest as it was; a real user's data never moves to another account", async () => {
    const guest = await guestWithChecks();
    const email = uniqueEmail('target');
    const target = new TestBrowser(t.app);
    expect((await target.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);

    const failed = await guest.browser.logIn(email, 'Wrong!Passw0rd');
    expect(failed.statusCode).toBe(401);
    expect(setCookieLine(failed, GUEST_COOKIE_NAME)).toBeUndefined();
    expect(await myDocumentIds(guest.browser)).toEqual([guest.textId]);

    // A logged-in user (session, and their own token) logs into another account: nothing of theirs moves.
    const first = new TestBrowser(t.app);
    const firstEmail = uniqueEmail('first');
    expect((await first.signUp({ email: firstEmail, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const firstToken = (await first.get('/profile/get_credentials')).json<{ user: { api_token: string } }>().user
      .api_token;
    const check = await first.postForm('/api/v1/text', {
      text: ORIGINAL_ESSAY,
      language: 'en',
      _csrf_token: (await first.csrf()).token,
    });
    const firstCheckId = check.json<{ data: { text: { id: number } } }>().data.text.id;
    const { token } = await first.csrf();
    const switched = await first.postForm(
      '/login_check',
      { _username: email, _password: STRONG_PASSWORD, _csrf_token: token },
      { 'x-api-token': firstToken },
    );
    expect(switched.statusCode, switched.body).toBe(200);
    expect(await myDocumentIds(first)).toEqual([]);
    expect(await myDocumentIds(new TestBrowser(t.app), { 'x-api-token': firstToken })).toEqual([firstCheckId]);
  });
});

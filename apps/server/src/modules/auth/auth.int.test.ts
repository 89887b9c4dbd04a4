import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findAccountOfUser, listEntries } from '../ledger/ledger.repository.ts';
import { findUserByEmail } from './users.repository.ts';

describe(`sign-up, login and sessions (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function userCount(): Promise<number> {
    const { rows } = await t.handle.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    return rows[0]?.n ?? -1;
  }

  it('issues CSRF tokens bound to an HttpOnly cookie', async () => {
    const browser = new TestBrowser(t.app);
    const response = await browser.get('/csrf_tokens');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; guest_csrf: string }>();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(body.guest_csrf).not.toBe(body.token);
    const cookie = response.cookies.find((c) => c.name === 'vt_csrf');
    expect(cookie?.httpOnly).toBe(true);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('signs a user up: session started, bonus page credited through the ledger, profile fields of the spec', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('signup');
    const response = await browser.signUp({ email, password: STRONG_PASSWORD, name: 'Ada' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Registration successful',
      data: { redirect: '/profile/new-check' },
    });
    const session = response.cookies.find((c) => c.name === 'vt_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');

    const loginJson = (await browser.get('/login_json')).json<{
      success: boolean;
      data: { user: { email: string } };
    }>();
    expect(loginJson.success).toBe(true);
    expect(loginJson.data.user.email).toBe(email);

    const credentials = (await browser.get('/profile/get_credentials')).json<{
      user: Record<string, unknown> & { balance: unknown; api_token: string; avatar: string };
    }>();
    expect(credentials.user).toMatchObject({
      email,
      name: 'Ada',
      is_guest: false,
      balance: { balance: 0, bonus: 1, ai_balance: 0 },
      balance_type: 1,
      allowed_languages: ['en', 'es'],
      last_ai_order_paid_days_ago: null,
      not_ai_orders: 0,
    });
    expect(credentials.user.api_token).toMatch(/^[\w-]{32}$/);
    expect(credentials.user.avatar).toMatch(/^\/avatar\/[a-f0-9]{32}\.svg$/);

    const user = await findUserByEmail(t.handle.db, email);
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    const account = await findAccountOfUser(t.handle.db, user?.id ?? -1);
    const entries = await listEntries(t.handle.db, account?.id ?? -1);
    expect(entries.map((e) => [e.kind, e.bucket, e.available_delta])).toEqual([['bonus', 'bonus', 1]]);
  });

  it('refuses a registered e-mail with the spec message, whatever its case, and changes nothing', async () => {
    const email = uniqueEmail('dup');
    expect((await new TestBrowser(t.app).signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const before = await userCount();
    const again = await new TestBrowser(t.app).signUp({ email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      message: 'This email is already registered. Please log in.',
      error: { code: 'email_taken', key: 'errors.email_taken' },
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a password that breaks the rule', async () => {
    const response = await new TestBrowser(t.app).signUp({ email: uniqueEmail(), password: 'alllowercase1!' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'weak_password' } });
  });

  it('refuses fields over their length limits, naming the field, and stores nothing', async () => {
    const before = await userCount();
    const longEmail = `${'a'.repeat(45)}@example.com`; // 57 > 50
    const response = await new TestBrowser(t.app).signUp({ email: longEmail, password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields)).toContain('email');
    const longName = await new TestBrowser(t.app).signUp({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      name: 'N'.repeat(26),
    });
    expect(longName.statusCode).toBe(400);
    expect(Object.keys(longName.json<{ error: { fields: object } }>().error.fields)).toContain('name');
    expect(await userCount()).toBe(before);
  });

  it('refuses a JSON body where a form is expected', async () => {
    const browser = new TestBrowser(t.app);
    const { token } = await browser.csrf();
    const before = await userCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/registration/',
      headers: { 'content-type': 'application/json', cookie: browser.jar.header() },
      payload: JSON.stringify({ email: uniqueEmail(), password: STRONG_PASSWORD, _csrf_token: token }),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: { code: 'form_expected' } });
    expect(response.json<{ message: string }>().message).toContain('application/x-www-form-urlencoded');
    expect(await userCount()).toBe(before);
  });

  it('refuses a wrong, missing or foreign CSRF token and changes nothing', async () => {
    const before = await userCount();
    const browser = new TestBrowser(t.app);
    const { token, guest_csrf } = await browser.csrf();
    const fields = {
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      'security-token-registration': await browser.botToken(),
    };
    for (const bad of [`${token}x`, '', 'nonsense', guest_csrf]) {
      const response = await browser.postForm('/registration/', { ...fields, _csrf_token: bad });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'csrf_invalid' } });
    }
    // a token issued to another browser is worthless here
    const other = await new TestBrowser(t.app).csrf();
    const foreign = await browser.postForm('/registration/', { ...fields, _csrf_token: other.token });
    expect(foreign.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it('requires a solved bot check once', async () => {
    const browser = new TestBrowser(t.app);
    const { token } = await browser.csrf();
    const missing = await browser.postForm('/registration/', {
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      _csrf_token: token,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'bot_check_failed' } });
    const solved = await browser.botToken();
    const first = await browser.postForm('/registration/', {
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      _csrf_token: token,
      'security-token-registration': solved,
    });
    expect(first.statusCode).toBe(200);
    const replay = await new TestBrowser(t.app).postForm('/registration/', {
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      _csrf_token: (await browser.csrf()).token,
      'security-token-registration': solved,
    });
    expect(replay.statusCode).toBe(403); // new browser: no csrf cookie for that token
    const replaySameBrowser = await browser.postForm('/registration/', {
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      _csrf_token: (await browser.csrf()).token,
      'security-token-registration': solved,
    });
    expect(replaySameBrowser.statusCode).toBe(400);
    expect(replaySameBrowser.json()).toMatchObject({ error: { code: 'bot_check_failed' } });
  });

  it('logs in with a renewed session, refuses a wrong password, and logs out', async () => {
    const email = uniqueEmail('login');
    const browser = new TestBrowser(t.app);
    await browser.signUp({ email, password: STRONG_PASSWORD });
    const firstSession = browser.jar.cookies.get('vt_session');

    const wrong = await browser.logIn(email, 'Wrong!Passw0rd');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'Invalid email or password.' });
    const unknown = await browser.logIn(uniqueEmail('nobody'), STRONG_PASSWORD);
    expect(unknown.json()).toEqual(wrong.json()); // no hint whether the e-mail exists

    const ok = await browser.logIn(email.toUpperCase(), STRONG_PASSWORD, true);
    expect(ok.statusCode).toBe(200);
    const renewed = browser.jar.cookies.get('vt_session');
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(firstSession);
    expect(ok.cookies.find((c) => c.name === 'vt_session')?.maxAge).toBe(30 * 24 * 60 * 60);
    // the old session id no longer logs anyone in
    const stale = await t.app.inject({
      method: 'GET',
      url: '/login_json',
      headers: { cookie: `vt_session=${firstSession}` },
    });
    expect(stale.json()).toEqual({ success: false, data: null });

    const { token } = await browser.csrf();
    const out = await browser.postForm('/logout', { _csrf_token: token });
    expect(out.json()).toEqual({ success: true, message: 'Logged out' });
    expect((await browser.get('/login_json')).json()).toEqual({ success: false, data: null });
    expect((await browser.get('/profile/get_credentials')).statusCode).toBe(401);
  });

  it('authenticates every call by X-API-TOKEN and refuses a wrong token', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('token');
    await browser.signUp({ email, password: STRONG_PASSWORD });
    const { user } = (await browser.get('/profile/get_credentials')).json<{ user: { api_token: string } }>();

    const byToken = await t.app.inject({
      method: 'GET',
      url: '/profile/get_credentials',
      headers: { 'x-api-token': user.api_token },
    });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.json<{ user: { email: string } }>().user.email).toBe(email);

    for (const url of ['/login_json', '/profile/get_credentials', '/api/v1/groups/list/']) {
      const wrong = await t.app.inject({ method: 'GET', url, headers: { 'x-api-token': `${user.api_token}x` } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({
        error: { code: 'invalid_api_token' },
        message: 'The API token is not valid.',
      });
    }
    // a token client posts forms without CSRF: logout by token is accepted
    const logout = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { 'x-api-token': user.api_token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(logout.statusCode).toBe(200);
  });

  it('a browser signed in as someone else since: its session wins over the other account’s cached token', async () => {
    // the web client keeps the last account's token and sends it beside the session cookie; here the browser's
    // session became another account's (an LTI launch, a login in another tab) after the token was cached
    const first = new TestBrowser(t.app);
    await first.signUp({ email: uniqueEmail('cached'), password: STRONG_PASSWORD });
    const cached = (await first.get('/profile/get_credentials')).json<{ user: { api_token: string } }>().user;
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('now');
    await browser.signUp({ email, password: STRONG_PASSWORD });
    const now = await browser.get('/profile/get_credentials', { 'x-api-token': cached.api_token });
    expect(now.statusCode).toBe(200);
    expect(now.json<{ user: { email: string; api_token: string } }>().user).toMatchObject({ email });
    expect(now.json<{ user: { api_token: string } }>().user.api_token).not.toBe(cached.api_token);
    // the same token without a session (a script) still acts for its own account
    const script = await t.app.inject({
      method: 'GET',
      url: '/profile/get_credentials',
      headers: { 'x-api-token': cached.api_token },
    });
    expect(script.json<{ user: { api_token: string } }>().user.api_token).toBe(cached.api_token);
  });

  it('creates an organisation with its owner, role 1, and the group bonus', async () => {
    const browser = new TestBrowser(t.app);
    await browser.signUp({
      email: uniqueEmail('org'),
      password: STRONG_PASSWORD,
      account_type: 'organisation',
      name: 'Dean',
    });
    const groups = (await browser.get('/api/v1/groups/list/')).json<{ data: { groups: unknown[] } }>();
    expect(groups.data.groups).toEqual([
      expect.objectContaining({
        current_user_role: 1,
        created_by_user: true,
        balance_type: 1,
        group_balance: { balance: 0, bonus: 5, ai_balance: 0 },
        hide_new_check_for_student: false,
      }),
    ]);
    // The owner (role 1) is shown the group's token, the one that acts for the group.
    const [group] = (await browser.get('/api/v1/groups/list/')).json<{
      data: { groups: { id: number; api_token?: string }[] };
    }>().data.groups;
    const { rows } = await t.handle.db.query<{ api_token: string }>('SELECT api_token FROM groups WHERE id = $1', [
      group?.id,
    ]);
    expect(group?.api_token).toBe(rows[0]?.api_token);
  });
});

describe(`guests (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('registers a guest with one free page and one AI page, in a one-year strict cookie', async () => {
    const browser = new TestBrowser(t.app);
    const { guest_csrf } = await browser.csrf();
    const response = await browser.postForm('/guest/registration/', {
      _csrf_token: guest_csrf,
      'guest-security-token': await browser.botToken(),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      data: { api: string; signupGuest: boolean; user: { is_guest: boolean; balance: unknown } };
    }>();
    expect(body.data.user.is_guest).toBe(true);
    expect(body.data.user.balance).toEqual({ balance: 0, bonus: 1, ai_balance: 1 });
    const cookie = response.cookies.find((c) => c.name === 'guest_data');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict', maxAge: 365 * 24 * 60 * 60 });
    expect(JSON.parse(cookie?.value ?? '{}')).toMatchObject({ api: body.data.api, signupGuest: true });

    // the cookie identifies the guest; a guest is not "logged in"
    const credentials = await browser.get('/profile/get_credentials');
    expect(credentials.json<{ user: { is_guest: boolean } }>().user.is_guest).toBe(true);
    expect((await browser.get('/login_json')).json()).toEqual({ success: false, data: null });
  });

  it('refuses a malformed guest_data cookie with a clear error and clears it', async () => {
    for (const bad of ['not-json', '%7B%22balance%22%3A1%7D' /* {"balance":1}: no api */, '%5B1%2C2%5D']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/login_json',
        headers: { cookie: `guest_data=${bad}` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'invalid_guest_cookie' } });
      expect(String(response.headers['set-cookie'])).toContain('guest_data=; Path=/; Max-Age=0');
    }
  });

  it('limits attempts on authentication routes', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    try {
      const browser = new TestBrowser(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await browser.logIn(uniqueEmail(), STRONG_PASSWORD)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const last = await browser.logIn(uniqueEmail(), STRONG_PASSWORD);
      expect(last.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect(last.headers['retry-after']).toBeDefined();
    } finally {
      await limited.dispose();
    }
  });

  it('limits bot-check challenges per address (an IPv6 /64 is one address); other addresses are not affected', async () => {
    const limited = await createTestApp({ botChallengeRateLimitPerMinute: 3 });
    try {
      const challenge = (remoteAddress: string) =>
        limited.app.inject({ method: 'GET', url: '/altcha/challenge', remoteAddress });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await challenge('198.51.100.7')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await challenge('198.51.100.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await challenge('203.0.113.9')).statusCode).toBe(200);

      const sameNetwork: number[] = [];
      for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2::abcd:1', '2001:db8:1:2:f:f:f:f'])
        sameNetwork.push((await challenge(address)).statusCode);
      expect(sameNetwork).toEqual([200, 200, 200, 429]);
      expect((await challenge('2001:db8:1:3::1')).statusCode).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});

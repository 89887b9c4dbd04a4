import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNUP_BONUS_PAGES } from '@veritext/contracts';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, type TestApp } from '../../../test/app.ts';
import { registerUser } from './auth.service.ts';

/**
 * Google sign-in against a real OpenID provider (oidc-provider) started here on a random port: the whole
 * redirect flow is driven with fetch and cookies, as a browser would follow it.
 */

type Account = { sub: string; email: string; email_verified: boolean; name: string };
type Tamper = 'none' | 'audience' | 'signature';

const CLIENT_ID = 'veritext-test';
const CLIENT_SECRET = 'test-client-secret-0123456789';

/** Cookies by origin and path, as a browser keeps them (enough for these two servers). */
class FetchBrowser {
  private readonly cookies = new Map<string, { origin: string; path: string; name: string; value: string }>();

  private store(url: URL, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let isExpired = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = val;
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) isExpired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(val) < Date.now()) isExpired = true;
      }
      const id = `${url.origin} ${path} ${name}`;
      if (isExpired) this.cookies.delete(id);
      else this.cookies.set(id, { origin: url.origin, path, name, value });
    }
  }

  /** A cookie the site set in another way (e.g. a guest's, made through inject()). */
  setCookie(origin: string, name: string, value: string): void {
    this.cookies.set(`${origin} / ${name}`, { origin, path: '/', name, value });
  }

  deleteCookie(name: string): void {
    for (const [id, cookie] of this.cookies) if (cookie.name === name) this.cookies.delete(id);
  }

  cookie(url: URL, name: string): string | undefined {
    return [...this.cookies.values()].find(
      (c) => c.origin === url.origin && url.pathname.startsWith(c.path) && c.name === name,
    )?.value;
  }

  async get(href: string): Promise<Response> {
    const url = new URL(href);
    const header = [...this.cookies.values()]
      .filter((c) => c.origin === url.origin && url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: header === '' ? {} : { cookie: header } });
    this.store(url, response);
    return response;
  }

  /**
   * Follows redirects from `href` until one leads back to the site outside /auth/google/; returns that
   * last location (path and query). `beforeCallback` may rewrite the provider's redirect to the callback.
   */
  async follow(href: string, siteOrigin: string, beforeCallback: (url: URL) => URL = (url) => url): Promise<string> {
    let next = new URL(href);
    for (let hop = 0; hop < 20; hop += 1) {
      if (next.origin === siteOrigin && !next.pathname.startsWith('/auth/google/')) return next.pathname + next.search;
      if (next.origin === siteOrigin && next.pathname === '/auth/google/callback') next = beforeCallback(next);
      const response = await this.get(next.href);
      const location = response.headers.get('location');
      if (location === null)
        throw new Error(`no redirect from ${next.href}: ${String(response.status)} ${await response.text()}`);
      next = new URL(location, next);
    }
    throw new Error('too many redirects');
  }
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Google sign-in through OpenID Connect', () => {
  let providerServer: Server;
  let issuer: string;
  let test: TestApp;
  let site: string;
  let signingKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let signingJwk: JWK;
  let account: Account;
  let decision: 'approve' | 'deny' = 'approve';
  let tamper: Tamper = 'none';

  beforeAll(async () => {
    const keys = await generateKeyPair('RS256', { extractable: true });
    signingKey = keys.privateKey;
    signingJwk = { ...(await exportJWK(keys.privateKey)), kid: 'provider-key-1', alg: 'RS256', use: 'sig' };

    providerServer = createServer();
    issuer = `http://127.0.0.1:${String(await listen(providerServer))}`;
    const sitePort = await freePort();
    site = `http://127.0.0.1:${String(sitePort)}`;

    test = await createTestApp({
      publicUrl: site,
      google: { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    });
    await test.app.listen({ port: sitePort, host: '127.0.0.1' });

    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${site}/auth/google/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [signingJwk] },
      cookies: { keys: ['provider-cookie-key-for-tests'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ ...account, sub }) }),
    });

    // The test account's interaction: logs in and consents at once (or refuses, when asked to).
    provider.use(async (ctx: KoaContextWithOIDC, next) => {
      const match = /^\/interaction\/[^/]+$/.exec(ctx.path);
      if (match === null) {
        await next();
        return;
      }
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      let result: Parameters<typeof provider.interactionFinished>[2];
      if (decision === 'deny') {
        result = { error: 'access_denied', error_description: 'End-User refused' };
      } else if (details.prompt.name === 'login') {
        result = { login: { accountId: account.sub } };
      } else {
        const grant = new provider.Grant({
          accountId: details.session?.accountId ?? account.sub,
          clientId: String(details.params['client_id']),
        });
        grant.addOIDCScope(String(details.params['scope']));
        result = { consent: { grantId: await grant.save() } };
      }
      await provider.interactionFinished(ctx.req, ctx.res, result, { mergeWithLastSubmission: true });
      ctx.respond = false;
    });

    // A misbehaving provider, on demand: an ID token for someone else, or one signed with another key.
    provider.use(async (ctx: KoaContextWithOIDC, next) => {
      await next();
      if (ctx.path !== '/token' || tamper === 'none') return;
      const body = ctx.body as { id_token?: string };
      if (typeof body.id_token !== 'string') return;
      const header = decodeProtectedHeader(body.id_token);
      const claims = decodeJwt(body.id_token);
      const key = tamper === 'signature' ? (await generateKeyPair('RS256')).privateKey : signingKey;
      body.id_token = await new SignJWT({ ...claims, ...(tamper === 'audience' ? { aud: 'someone-else' } : {}) })
        .setProtectedHeader({ alg: 'RS256', kid: header.kid ?? '' })
        .sign(key);
    });

    const handle = provider.callback();
    providerServer.on('request', (request, response) => {
      void handle(request, response);
    });
  });

  afterAll(async () => {
    await new Promise((resolve) => providerServer.close(resolve));
    providerServer.closeAllConnections();
    await test.dispose();
  });

  async function signIn(browser: FetchBrowser, returnTo = '/', beforeCallback?: (url: URL) => URL): Promise<string> {
    return browser.follow(`${site}/auth/google/start?return_to=${encodeURIComponent(returnTo)}`, site, beforeCallback);
  }

  async function loginJson(browser: FetchBrowser) {
    const response = await browser.get(`${site}/login_json`);
    return (await response.json()) as { success: boolean; data: { user: { id: number; email: string } } | null };
  }

  async function usersWithEmail(email: string): Promise<{ id: number; email_verified_at: Date | null }[]> {
    const { rows } = await test.handle.db.query<{ id: number; email_verified_at: Date | null }>(
      'SELECT id, email_verified_at FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    return rows;
  }

  it('offers Google when configured', async () => {
    const response = await new FetchBrowser().get(`${site}/api/v1/auth/providers/`);
    expect(await response.json()).toEqual({ success: true, data: { google: true } });
  });

  it('sends the browser to the provider with state, nonce and a PKCE challenge, in a signed short-lived cookie', async () => {
    const browser = new FetchBrowser();
    const response = await browser.get(`${site}/auth/google/start`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin).toBe(issuer);
    expect(location.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(location.searchParams.get('redirect_uri')).toBe(`${site}/auth/google/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(location.searchParams.get(name)).toMatch(/^.{20,}$/);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('vt_oidc='));
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('creates a verified user with the new-user bonus, logs them in, and finds the same user next time', async () => {
    decision = 'approve';
    tamper = 'none';
    account = { sub: 'google-sub-ada', email: 'ada.oidc@example.com', email_verified: true, name: 'Ada Lovelace' };
    const first = new FetchBrowser();
    expect(await signIn(first, '/ai-detector/')).toBe('/ai-detector/?social_login=google');
    const state = await loginJson(first);
    expect(state.success).toBe(true);
    expect(state.data?.user.email).toBe(account.email);
    expect(first.cookie(new URL(`${site}/auth/google/callback`), 'vt_oidc')).toBeUndefined();

    const users = await usersWithEmail(account.email);
    expect(users).toHaveLength(1);
    expect(users[0]?.email_verified_at).not.toBeNull();
    const credentials = (await (await first.get(`${site}/profile/get_credentials`)).json()) as {
      user: { name: string; balance: { balance: number; bonus: number } };
    };
    expect(credentials.user.name).toBe('Ada Lovelace');
    expect(credentials.user.balance).toMatchObject({ balance: 0, bonus: SIGNUP_BONUS_PAGES });
    const { rows } = await test.handle.db.query<{ user_id: number; subject: string }>(
      "SELECT user_id, subject FROM user_identities WHERE provider = 'google'",
    );
    expect(rows).toContainEqual({ user_id: users[0]?.id, subject: 'google-sub-ada' });

    // Another browser, the same Google account: the same user, nothing new created.
    const second = new FetchBrowser();
    expect(await signIn(second)).toBe('/?social_login=google');
    expect((await loginJson(second)).data?.user.id).toBe(state.data?.user.id);
    expect(await usersWithEmail(account.email)).toHaveLength(1);
  });

  it('links an existing user whose address is verified, ending every other session of the account', async () => {
    decision = 'approve';
    tamper = 'none';
    const email = 'grace.oidc@example.com';
    const { user } = await registerUser(test.handle.db, {
      email,
      password: STRONG_PASSWORD,
      accountType: 'individual',
    });
    await test.handle.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [user.id]);
    // A session of this account opened before the link (another device, or someone who should not be there).
    const earlier = new TestBrowser(test.app);
    expect((await earlier.logIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await earlier.get('/login_json')).json<{ success: boolean }>().success).toBe(true);

    account = { sub: 'google-sub-grace', email: 'Grace.OIDC@example.com', email_verified: true, name: 'Grace' };
    const browser = new FetchBrowser();
    expect(await signIn(browser)).toBe('/?social_login=google');
    expect((await loginJson(browser)).data?.user.id).toBe(user.id);
    expect((await usersWithEmail(email))[0]?.email_verified_at).not.toBeNull();
    expect((await earlier.get('/login_json')).json<{ success: boolean }>().success).toBe(false);
    const { rows: sessions } = await test.handle.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
      [user.id],
    );
    expect(sessions[0]?.n).toBe(1); // only the Google sign-in's own

    // The owner of the (verified) address keeps the password too.
    const passwordBrowser = new TestBrowser(test.app);
    expect((await passwordBrowser.logIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('never links silently to an account whose address was not verified (a pre-registered victim address)', async () => {
    decision = 'approve';
    tamper = 'none';
    // The attacker signs up first with the victim's address and his own password, and stays logged in.
    const email = 'victim.oidc@example.com';
    const { user } = await registerUser(test.handle.db, {
      email,
      password: STRONG_PASSWORD,
      accountType: 'individual',
    });
    const attacker = new TestBrowser(test.app);
    expect((await attacker.logIn(email, STRONG_PASSWORD)).statusCode).toBe(200);

    // The victim later signs in with Google (address verified by Google): refused with a reason, nothing linked.
    account = { sub: 'google-sub-victim', email, email_verified: true, name: 'Victim' };
    const victim = new FetchBrowser();
    expect(await signIn(victim, '/pricing/')).toBe('/pricing/?login_error=account_unverified');
    expect((await loginJson(victim)).success).toBe(false);
    const { rows } = await test.handle.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM user_identities WHERE provider = 'google' AND (subject = $1 OR user_id = $2)",
      [account.sub, user.id],
    );
    expect(rows[0]?.n).toBe(0);
    // The account did not become verified (the attacker's account gains nothing from Google's word)…
    expect(await usersWithEmail(email)).toEqual([{ id: user.id, email_verified_at: null }]);
    // …and a second attempt is refused the same way: no new account with that address either.
    expect(await signIn(new FetchBrowser())).toBe('/?login_error=account_unverified');
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('refuses an address the provider has not verified', async () => {
    decision = 'approve';
    tamper = 'none';
    account = { sub: 'google-sub-unverified', email: 'eve.oidc@example.com', email_verified: false, name: 'Eve' };
    const browser = new FetchBrowser();
    expect(await signIn(browser)).toBe('/?login_error=email_unverified');
    expect((await loginJson(browser)).success).toBe(false);
    expect(await usersWithEmail(account.email)).toHaveLength(0);
  });

  it('refuses a state that does not match, and a callback without the flow cookie', async () => {
    decision = 'approve';
    tamper = 'none';
    account = { sub: 'google-sub-mallory', email: 'mallory.oidc@example.com', email_verified: true, name: 'M' };
    const browser = new FetchBrowser();
    const tampered = await signIn(browser, '/pricing/', (url) => {
      url.searchParams.set('state', 'an-attackers-state-value-000000');
      return url;
    });
    expect(tampered).toBe('/pricing/?login_error=state');
    expect((await loginJson(browser)).success).toBe(false);

    // The code reaches a browser that never started the flow (a login CSRF attempt).
    let stolen = '';
    const victim = new FetchBrowser();
    await signIn(new FetchBrowser(), '/', (url) => {
      stolen = url.href;
      return url;
    });
    const response = await victim.get(stolen);
    expect(response.headers.get('location')).toBe('/?login_error=state');
    expect((await loginJson(victim)).success).toBe(false);
    expect(await usersWithEmail(account.email)).toHaveLength(1); // only the legitimate browser's sign-in
  });

  it('says so when the user refuses consent', async () => {
    decision = 'deny';
    tamper = 'none';
    account = { sub: 'google-sub-denied', email: 'denied.oidc@example.com', email_verified: true, name: 'D' };
    const browser = new FetchBrowser();
    expect(await signIn(browser)).toBe('/?login_error=denied');
    expect((await loginJson(browser)).success).toBe(false);
    decision = 'approve';
  });

  it("ends a guest's state: the guest's check becomes the signed-in user's, the guest cookie is cleared", async () => {
    decision = 'approve';
    tamper = 'none';
    account = { sub: 'google-sub-guest', email: 'guest.oidc@example.com', email_verified: true, name: 'Guest' };
    const guestBrowser = new TestBrowser(test.app);
    const registered = await guestBrowser.postForm('/guest/registration/', {
      _csrf_token: (await guestBrowser.csrf()).guest_csrf,
      'guest-security-token': await guestBrowser.botToken(),
    });
    expect(registered.statusCode).toBe(200);
    const checked = await guestBrowser.postForm('/api/v1/text', {
      text:
        'The harbour wakes before the town does. Fishing boats slide out past the breakwater while the bakery ' +
        'lights its ovens and the gulls argue over the quay, and the nets are drying on the stones by nine.',
      language: 'en',
      guest: '1',
      _csrf_token: (await guestBrowser.csrf()).guest_csrf,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const checkId = checked.json<{ data: { text: { id: number } } }>().data.text.id;
    const guestCookie = guestBrowser.jar.cookies.get('guest_data') ?? '';
    expect(guestCookie).not.toBe('');

    const browser = new FetchBrowser();
    browser.setCookie(site, 'guest_data', guestCookie);
    // SameSite=Strict: the guest cookie does not come back with the provider's redirect to the callback.
    expect(
      await signIn(browser, '/', (url) => {
        browser.deleteCookie('guest_data');
        return url;
      }),
    ).toBe('/?social_login=google');
    const documents = (await (await browser.get(`${site}/api/v1/text/`)).json()) as {
      data: { texts: { id: number }[] };
    };
    expect(documents.data.texts.map((text) => text.id)).toEqual([checkId]);

    // A browser that still sends the guest cookie to the callback gets it cleared there.
    const again = new FetchBrowser();
    again.setCookie(site, 'guest_data', guestCookie);
    expect(await signIn(again)).toBe('/?social_login=google');
    expect(again.cookie(new URL(site), 'guest_data')).toBeUndefined();
  });

  it('refuses an ID token issued to another client, or not signed with the provider key', async () => {
    decision = 'approve';
    for (const kind of ['audience', 'signature'] as const) {
      tamper = kind;
      account = { sub: `google-sub-${kind}`, email: `${kind}.oidc@example.com`, email_verified: true, name: 'T' };
      const browser = new FetchBrowser();
      expect(await signIn(browser), kind).toBe('/?login_error=failed');
      expect((await loginJson(browser)).success).toBe(false);
      expect(await usersWithEmail(account.email)).toHaveLength(0);
    }
    tamper = 'none';
  });
});

describe('Google sign-in when not configured', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ google: null });
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('is not offered, and its start says it is unavailable', async () => {
    const browser = new TestBrowser(test.app);
    expect((await browser.get('/api/v1/auth/providers/')).json()).toEqual({ success: true, data: { google: false } });
    const start = await browser.get('/auth/google/start?return_to=/es/');
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/es/?login_error=unavailable');
    const callback = await browser.get('/auth/google/callback?code=x&state=y');
    expect(callback.headers.location).toBe('/?login_error=state');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { LOGIN_THROTTLE } from '../auth/login-throttle.ts';
import { sha256 } from '../auth/secrets.ts';
import { findUserByEmail, insertMembership } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { SqlFingerprintStore } from '../reuse/fingerprint-store.ts';

const NEW_PASSWORD = 'N3w!Passw0rd';

type Json = Record<string, unknown>;

describe(`the profile (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function signedUp(options: { name?: string; account_type?: string } = {}) {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('profile');
    const response = await browser.signUp({ email, password: STRONG_PASSWORD, ...options });
    expect(response.statusCode).toBe(200);
    const user = await findUserByEmail(t.handle.db, email);
    if (user === null) throw new Error('no user');
    return { browser, email, user };
  }

  async function post(browser: TestBrowser, path: string, fields: Record<string, string>) {
    const { token } = await browser.csrf();
    return browser.postForm(path, { ...fields, _csrf_token: token });
  }

  async function sessionsOf(userId: number): Promise<number> {
    const { rows } = await t.handle.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
      [userId],
    );
    return rows[0]?.n ?? -1;
  }

  it('answers the profile of the spec (name, email, timezone, language, verified) and refuses a visitor', async () => {
    const { browser, email } = await signedUp({ name: 'Ada' });
    const response = await browser.get('/api/v1/profile/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      data: { profile: { name: 'Ada', email, timezone: 'UTC', language: 'en', verified: false, has_password: true } },
    });
    const visitor = await t.app.inject({ method: 'GET', url: '/api/v1/profile/' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('works with the personal API token too (the web client sends it)', async () => {
    const { user, email } = await signedUp();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/profile/',
      headers: { 'x-api-token': user.api_token },
    });
    expect(response.json<{ data: { profile: { email: string } } }>().data.profile.email).toBe(email);
  });

  it('changes name, time zone and language, trimming the name', async () => {
    const { browser } = await signedUp();
    const response = await post(browser, '/api/v1/profile/', {
      name: '  Grace Hopper  ',
      timezone: 'Europe/Madrid',
      language: 'es',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { profile: { name: 'Grace Hopper', timezone: 'Europe/Madrid', language: 'es' } },
    });
    expect((await browser.get('/api/v1/profile/')).json()).toMatchObject({
      data: { profile: { name: 'Grace Hopper', timezone: 'Europe/Madrid', language: 'es' } },
    });
    // UTC is a zone too, though Intl's list leaves it out
    const utc = await post(browser, '/api/v1/profile/', { name: 'Grace', timezone: 'UTC', language: 'en' });
    expect(utc.statusCode).toBe(200);
  });

  it("keeps Norwegian ('no'), the cabinet's third interface language", async () => {
    const { browser } = await signedUp();
    const response = await post(browser, '/api/v1/profile/', {
      name: 'Ingrid',
      timezone: 'Europe/Oslo',
      language: 'no',
    });
    expect(response.statusCode).toBe(200);
    expect((await browser.get('/api/v1/profile/')).json()).toMatchObject({
      data: { profile: { name: 'Ingrid', timezone: 'Europe/Oslo', language: 'no' } },
    });
    // Bokmål's BCP 47 tag is the <html lang>, not a language the profile takes.
    const nb = await post(browser, '/api/v1/profile/', { name: 'Ingrid', timezone: 'UTC', language: 'nb' });
    expect(nb.json()).toMatchObject({ error: { fields: { language: 'invalid' } } });
  });

  it('refuses an invalid time zone, a missing or too long name and an unknown language, naming each field', async () => {
    const { browser, user } = await signedUp({ name: 'Kept' });
    const zone = await post(browser, '/api/v1/profile/', { name: 'Ada', timezone: 'Mars/Olympus', language: 'en' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({
      message: 'Please choose a time zone from the list.',
      error: { code: 'validation_failed', fields: { timezone: 'invalid' } },
    });
    const injected = await post(browser, '/api/v1/profile/', {
      name: 'Ada',
      timezone: "UTC'; DROP TABLE users; --",
      language: 'en',
    });
    expect(injected.json()).toMatchObject({ error: { fields: { timezone: 'invalid' } } });

    const empty = await post(browser, '/api/v1/profile/', { name: '   ', timezone: 'UTC', language: 'fr' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: 'New name is required',
      error: { fields: { name: 'required', language: 'invalid' } },
    });
    const long = await post(browser, '/api/v1/profile/', { name: 'x'.repeat(26), timezone: 'UTC', language: 'en' });
    expect(long.json()).toMatchObject({ error: { fields: { name: 'too_long' } } });
    expect((await browser.get('/api/v1/profile/')).json()).toMatchObject({ data: { profile: { name: 'Kept' } } });
    expect(user.name).toBe('Kept');
  });

  it('refuses a form post without its CSRF token', async () => {
    const { browser } = await signedUp();
    const response = await browser.postForm('/api/v1/profile/', { name: 'Ada', timezone: 'UTC', language: 'en' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'csrf_invalid' } });
  });

  describe('e-mail', () => {
    it('changes the address with the current password; the new one is unverified and gets a verification e-mail', async () => {
      const { browser, user } = await signedUp();
      await t.handle.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [user.id]);
      const next = uniqueEmail('moved');
      const response = await post(browser, '/api/v1/profile/email/', {
        email: next,
        current_password: STRONG_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ data: { profile: { email: next, verified: false } } });
      const stored = await findUserByEmail(t.handle.db, next);
      expect(stored?.id).toBe(user.id);
      expect(stored?.email_verified_at).toBeNull();
      const { rows } = await t.handle.db.query<{ to_address: string; kind: string }>(
        'SELECT to_address, kind FROM mail_outbox WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
        [user.id],
      );
      expect(rows[0]).toEqual({ to_address: next, kind: 'verify_email' });
      // the new address logs in, the old one no longer does
      expect((await new TestBrowser(t.app).logIn(next, STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses without the current password, with a wrong one, a bad address and a taken one', async () => {
      const { browser, email } = await signedUp();
      const other = await signedUp();
      const missing = await post(browser, '/api/v1/profile/email/', { email: uniqueEmail(), current_password: '' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        message: 'Please enter the current password',
        error: { code: 'validation_failed', fields: { current_password: 'required' } },
      });
      const wrong = await post(browser, '/api/v1/profile/email/', {
        email: uniqueEmail(),
        current_password: 'Wrong!Passw0rd',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: 'Invalid current password',
        error: { code: 'current_password_invalid', fields: { current_password: 'wrong' } },
      });
      const required = await post(browser, '/api/v1/profile/email/', { email: ' ', current_password: STRONG_PASSWORD });
      expect(required.json()).toMatchObject({
        message: 'New email is required',
        error: { fields: { email: 'required' } },
      });
      const invalid = await post(browser, '/api/v1/profile/email/', {
        email: 'not-an-address',
        current_password: STRONG_PASSWORD,
      });
      expect(invalid.json()).toMatchObject({ message: 'Invalid email', error: { fields: { email: 'invalid' } } });
      const taken = await post(browser, '/api/v1/profile/email/', {
        email: other.email.toUpperCase(),
        current_password: STRONG_PASSWORD,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ error: { code: 'email_taken', fields: { email: 'taken' } } });
      // a taken address is only told after the password: without it, the answer is the password's
      const probe = await post(browser, '/api/v1/profile/email/', { email: other.email, current_password: 'nope' });
      expect(probe.json()).toMatchObject({ error: { code: 'current_password_invalid' } });
      expect((await browser.get('/api/v1/profile/')).json()).toMatchObject({ data: { profile: { email } } });
    });
  });

  describe('password', () => {
    it('changes it: every other session ends, this one is renewed, the API token is replaced', async () => {
      const { browser, email, user } = await signedUp();
      const elsewhere = new TestBrowser(t.app);
      expect((await elsewhere.logIn(email, STRONG_PASSWORD, true)).statusCode).toBe(200);
      expect(await sessionsOf(user.id)).toBe(2);
      const oldCookie = browser.jar.cookies.get('vt_session');

      const response = await post(browser, '/api/v1/profile/password/', {
        current_password: STRONG_PASSWORD,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ message: string; data: { api_token: string } }>();
      expect(body.message).toBe('Done! Your password has been successfully updated.');
      expect(body.data.api_token).not.toBe(user.api_token);

      // this browser: a new session id, still logged in; the old id is dead
      const renewed = browser.jar.cookies.get('vt_session');
      expect(renewed).toBeDefined();
      expect(renewed).not.toBe(oldCookie);
      expect((await browser.get('/login_json')).json()).toMatchObject({ success: true });
      const stale = await t.app.inject({
        method: 'GET',
        url: '/login_json',
        headers: { cookie: `vt_session=${oldCookie ?? ''}` },
      });
      expect(stale.json()).toEqual({ success: false, data: null });
      // the other browser is logged out, the old token is refused, the new one works
      expect((await elsewhere.get('/login_json')).json()).toEqual({ success: false, data: null });
      expect(await sessionsOf(user.id)).toBe(1);
      const oldToken = await t.app.inject({
        method: 'GET',
        url: '/api/v1/profile/',
        headers: { 'x-api-token': user.api_token },
      });
      expect(oldToken.statusCode).toBe(401);
      const newToken = await t.app.inject({
        method: 'GET',
        url: '/api/v1/profile/',
        headers: { 'x-api-token': body.data.api_token },
      });
      expect(newToken.statusCode).toBe(200);
      // the new password logs in, the old one does not
      expect((await new TestBrowser(t.app).logIn(email, STRONG_PASSWORD)).statusCode).toBe(401);
      expect((await new TestBrowser(t.app).logIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('keeps a browser-only session browser-only when it renews it', async () => {
      const { email } = await signedUp();
      const browser = new TestBrowser(t.app);
      await browser.logIn(email, STRONG_PASSWORD, false);
      const response = await post(browser, '/api/v1/profile/password/', {
        current_password: STRONG_PASSWORD,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      const cookie = response.cookies.find((c) => c.name === 'vt_session');
      expect(cookie?.maxAge).toBeUndefined();
      expect(cookie?.httpOnly).toBe(true);
    });

    it('refuses a wrong current password, a weak password and a mismatched confirmation, changing nothing', async () => {
      const { browser, email, user } = await signedUp();
      const cases: [Record<string, string>, number, Json][] = [
        [
          { current_password: 'Wrong!Passw0rd', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
          400,
          { message: 'Invalid current password', error: { code: 'current_password_invalid' } },
        ],
        [
          { current_password: '', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
          400,
          { message: 'Please enter the current password', error: { fields: { current_password: 'required' } } },
        ],
        [
          { current_password: STRONG_PASSWORD, password: 'weakpass', confirm_password: 'weakpass' },
          400,
          { error: { code: 'validation_failed', fields: { password: 'weak' } } },
        ],
        [
          { current_password: STRONG_PASSWORD, password: NEW_PASSWORD, confirm_password: `${NEW_PASSWORD}x` },
          400,
          { message: 'Invalid confirm password', error: { fields: { confirm_password: 'mismatch' } } },
        ],
        [
          { current_password: STRONG_PASSWORD, password: '', confirm_password: '' },
          400,
          { message: 'New password is required', error: { fields: { password: 'required' } } },
        ],
        [
          {
            current_password: STRONG_PASSWORD,
            password: `Aa1!${'x'.repeat(70)}`,
            confirm_password: `Aa1!${'x'.repeat(70)}`,
          },
          400,
          { error: { fields: { password: 'weak' } } },
        ],
      ];
      for (const [fields, status, expected] of cases) {
        const response = await post(browser, '/api/v1/profile/password/', fields);
        expect(response.statusCode, JSON.stringify(fields)).toBe(status);
        expect(response.json()).toMatchObject(expected);
      }
      const weak = await post(browser, '/api/v1/profile/password/', {
        current_password: STRONG_PASSWORD,
        password: 'weakpass',
        confirm_password: 'weakpass',
      });
      expect(weak.json<{ message: string }>().message).toMatch(/at least 8 characters/);
      expect((await new TestBrowser(t.app).logIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
      const unchanged = await findUserByEmail(t.handle.db, email);
      expect(unchanged?.api_token).toBe(user.api_token);
    });

    it('counts wrong current passwords towards the account lock', async () => {
      const { browser, email } = await signedUp();
      for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i += 1) {
        await post(browser, '/api/v1/profile/password/', {
          current_password: `Wrong!Passw0rd${String(i)}`,
          password: NEW_PASSWORD,
          confirm_password: NEW_PASSWORD,
        });
      }
      // now even the right current password is refused, and so is the login
      const locked = await post(browser, '/api/v1/profile/password/', {
        current_password: STRONG_PASSWORD,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(locked.json()).toMatchObject({ error: { code: 'current_password_invalid' } });
      expect((await new TestBrowser(t.app).logIn(email, STRONG_PASSWORD)).statusCode).toBe(401);
    });
  });

  describe('deleting the account', () => {
    const store = () => new SqlFingerprintStore(t.handle.db);

    async function insertTextCheck(userId: number | null, groupId: number | null, accountId: number): Promise<number> {
      const { rows } = await t.handle.db.query<{ id: number }>(
        `INSERT INTO text_checks (user_id, group_id, account_id, state, title, content, hash, words, pages, index_collection, in_index)
         VALUES ($1, $2, $3, 5, 'doc', 'private text of the author', 'h', 5, 1, 'checked', true) RETURNING id`,
        [userId, groupId, accountId],
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('no check');
      await store().add(
        { id: `check:${String(id)}`, text: 'private text of the author', collection: 'checked', title: '#', url: null },
        [1, 2, 3, id],
      );
      return id;
    }

    async function insertAiCheck(userId: number | null, groupId: number | null, accountId: number): Promise<number> {
      const { rows } = await t.handle.db.query<{ id: number }>(
        `INSERT INTO ai_checks (user_id, group_id, account_id, content, status) VALUES ($1, $2, $3, 'ai text', 4) RETURNING id`,
        [userId, groupId, accountId],
      );
      return rows[0]?.id ?? -1;
    }

    async function exists(table: 'text_checks' | 'ai_checks', id: number): Promise<{ user_id: number | null } | null> {
      const { rows } = await t.handle.db.query<{ user_id: number | null }>(
        `SELECT user_id FROM ${table} WHERE id = $1`,
        [id],
      );
      return rows[0] ?? null;
    }

    async function indexed(id: number): Promise<boolean> {
      const { rows } = await t.handle.db.query('SELECT 1 FROM reuse_sources WHERE key = $1', [`check:${String(id)}`]);
      return rows.length === 1;
    }

    it('deletes personal data, own checks and their index entries; a group keeps its checks without the author', async () => {
      const owner = await signedUp({ account_type: 'organisation', name: 'Owner' });
      const member = await signedUp({ name: 'Member' });
      const group = (
        await t.handle.db.query<{ id: number }>('SELECT group_id AS id FROM group_members WHERE user_id = $1', [
          owner.user.id,
        ])
      ).rows[0];
      if (group === undefined) throw new Error('no group');
      await insertMembership(t.handle.db, group.id, member.user.id, 3);
      const personalAccount = await findAccountOfUser(t.handle.db, member.user.id);
      const groupAccount = await findAccountOfGroup(t.handle.db, group.id);
      if (personalAccount === null || groupAccount === null) throw new Error('no accounts');

      const personalCheck = await insertTextCheck(member.user.id, null, personalAccount.id);
      const personalAi = await insertAiCheck(member.user.id, null, personalAccount.id);
      const groupCheck = await insertTextCheck(member.user.id, group.id, groupAccount.id);
      const groupAi = await insertAiCheck(member.user.id, group.id, groupAccount.id);
      const othersCheck = await insertTextCheck(
        owner.user.id,
        null,
        (await findAccountOfUser(t.handle.db, owner.user.id))?.id ?? -1,
      );
      const elsewhere = new TestBrowser(t.app);
      await elsewhere.logIn(member.email, STRONG_PASSWORD);

      const response = await post(member.browser, '/api/v1/profile/delete/', { current_password: STRONG_PASSWORD });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ message: string; data: Json }>();
      expect(body.data).toEqual({
        deleted: { personal_checks: 1, ai_checks: 1, index_entries: 1, sessions: 2, organisations: 0 },
        kept: { organisation_checks: 2, organisations: 1 },
      });
      expect(body.message).toMatch(/stay with that organisation/);
      expect(response.cookies.find((c) => c.name === 'vt_session')?.value).toBe('');

      // personal: gone, with the index entry
      expect(await exists('text_checks', personalCheck)).toBeNull();
      expect(await exists('ai_checks', personalAi)).toBeNull();
      expect(await indexed(personalCheck)).toBe(false);
      // the organisation's: kept, without the author, still in the index
      expect(await exists('text_checks', groupCheck)).toEqual({ user_id: null });
      expect(await exists('ai_checks', groupAi)).toEqual({ user_id: null });
      expect(await indexed(groupCheck)).toBe(true);
      // someone else's: untouched
      expect(await exists('text_checks', othersCheck)).toEqual({ user_id: owner.user.id });
      expect(await indexed(othersCheck)).toBe(true);

      // the user, sessions, token, account and membership: gone
      expect(await findUserByEmail(t.handle.db, member.email)).toBeNull();
      expect(await sessionsOf(member.user.id)).toBe(0);
      expect(await findAccountOfUser(t.handle.db, member.user.id)).toBeNull();
      const { rows: memberships } = await t.handle.db.query('SELECT 1 FROM group_members WHERE user_id = $1', [
        member.user.id,
      ]);
      expect(memberships).toHaveLength(0);
      const byToken = await t.app.inject({
        method: 'GET',
        url: '/api/v1/profile/',
        headers: { 'x-api-token': member.user.api_token },
      });
      expect(byToken.statusCode).toBe(401);
      expect((await elsewhere.get('/login_json')).json()).toEqual({ success: false, data: null });
      expect((await new TestBrowser(t.app).logIn(member.email, STRONG_PASSWORD)).statusCode).toBe(401);
      // the e-mail is free again
      expect((await new TestBrowser(t.app).signUp({ email: member.email, password: STRONG_PASSWORD })).statusCode).toBe(
        200,
      );
    });

    it('refuses the last administrator of an organisation with other members, with a clear message', async () => {
      const owner = await signedUp({ account_type: 'organisation', name: 'Owner' });
      const member = await signedUp();
      const groupId =
        (
          await t.handle.db.query<{ id: number }>('SELECT group_id AS id FROM group_members WHERE user_id = $1', [
            owner.user.id,
          ])
        ).rows[0]?.id ?? -1;
      await insertMembership(t.handle.db, groupId, member.user.id, 2);

      const refused = await post(owner.browser, '/api/v1/profile/delete/', { current_password: STRONG_PASSWORD });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: { code: 'account_owns_group' },
        message: expect.stringMatching(/Make another member its administrator/) as unknown,
      });
      expect(await findUserByEmail(t.handle.db, owner.email)).not.toBeNull();

      // once another member is an administrator too, the owner may go; the organisation stays
      await t.handle.db.query('UPDATE group_members SET role = 1 WHERE user_id = $1', [member.user.id]);
      const done = await post(owner.browser, '/api/v1/profile/delete/', { current_password: STRONG_PASSWORD });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ data: { kept: { organisations: 1 }, deleted: { organisations: 0 } } });
      const { rows } = await t.handle.db.query('SELECT 1 FROM groups WHERE id = $1', [groupId]);
      expect(rows).toHaveLength(1);
    });

    it('deletes an organisation whose only member the user is, with its checks and index entries', async () => {
      const owner = await signedUp({ account_type: 'organisation' });
      const groupId =
        (
          await t.handle.db.query<{ id: number }>('SELECT group_id AS id FROM group_members WHERE user_id = $1', [
            owner.user.id,
          ])
        ).rows[0]?.id ?? -1;
      const groupAccount = await findAccountOfGroup(t.handle.db, groupId);
      const check = await insertTextCheck(owner.user.id, groupId, groupAccount?.id ?? -1);
      const response = await post(owner.browser, '/api/v1/profile/delete/', { current_password: STRONG_PASSWORD });
      expect(response.json()).toMatchObject({
        data: { deleted: { organisations: 1, index_entries: 1 }, kept: { organisations: 0, organisation_checks: 0 } },
      });
      expect(await exists('text_checks', check)).toBeNull();
      expect(await indexed(check)).toBe(false);
      expect((await t.handle.db.query('SELECT 1 FROM groups WHERE id = $1', [groupId])).rows).toHaveLength(0);
    });

    it('refuses without the current password or with a wrong one, deleting nothing', async () => {
      const { browser, email } = await signedUp();
      const missing = await post(browser, '/api/v1/profile/delete/', { current_password: '' });
      expect(missing.json()).toMatchObject({
        message: 'Please enter the current password',
        error: { fields: { current_password: 'required' } },
      });
      const wrong = await post(browser, '/api/v1/profile/delete/', { current_password: 'Wrong!Passw0rd' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: 'Invalid current password' });
      expect(await findUserByEmail(t.handle.db, email)).not.toBeNull();
      const visitor = await new TestBrowser(t.app).csrf();
      expect(visitor.token).toBeDefined();
    });

    it('keeps group checks with user_id NULL whoever deletes the user (the migration’s trigger)', async () => {
      const owner = await signedUp({ account_type: 'organisation' });
      const member = await signedUp();
      const groupId =
        (
          await t.handle.db.query<{ id: number }>('SELECT group_id AS id FROM group_members WHERE user_id = $1', [
            owner.user.id,
          ])
        ).rows[0]?.id ?? -1;
      await insertMembership(t.handle.db, groupId, member.user.id, 3);
      const groupAccount = await findAccountOfGroup(t.handle.db, groupId);
      const personalAccount = await findAccountOfUser(t.handle.db, member.user.id);
      const kept = await insertTextCheck(member.user.id, groupId, groupAccount?.id ?? -1);
      const gone = await insertTextCheck(member.user.id, null, personalAccount?.id ?? -1);
      await t.handle.db.query('DELETE FROM users WHERE id = $1', [member.user.id]);
      expect(await exists('text_checks', kept)).toEqual({ user_id: null });
      expect(await exists('text_checks', gone)).toBeNull();
    });
  });

  it('stores only hashes of API tokens and sessions (a token is looked up by its SHA-256)', async () => {
    const { user, browser } = await signedUp();
    const { rows } = await t.handle.db.query<{ api_token_hash: string }>(
      'SELECT api_token_hash FROM users WHERE id = $1',
      [user.id],
    );
    expect(rows[0]?.api_token_hash).toBe(sha256(user.api_token));
    const session = browser.jar.cookies.get('vt_session') ?? '';
    const stored = await t.handle.db.query('SELECT 1 FROM sessions WHERE id_hash = $1', [sha256(session)]);
    expect(stored.rows).toHaveLength(1);
    const plain = await t.handle.db.query('SELECT 1 FROM sessions WHERE id_hash = $1', [session]);
    expect(plain.rows).toHaveLength(0);
  });
});

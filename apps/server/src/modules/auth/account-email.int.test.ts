import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { createOutboxMailer } from '../mail/mail.service.ts';
import { startEmailVerification } from './account-email.service.ts';
import { sha256 } from './secrets.ts';
import { findUserByEmail } from './users.repository.ts';

const NEW_PASSWORD = 'N3w!Passw0rd-ok';
const DONE = 'Done! Your password has been successfully updated.';

describe(`e-mail verification and password reset (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://veritext.test' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  type Mail = { to_address: string; subject: string; text_body: string; html_body: string; kind: string };

  async function mailsTo(email: string, kind: string): Promise<Mail[]> {
    const { rows } = await t.handle.db.query<Mail>(
      'SELECT to_address, subject, text_body, html_body, kind FROM mail_outbox WHERE to_address = $1 AND kind = $2 ORDER BY id',
      [email, kind],
    );
    return rows;
  }

  function linkIn(mail: Mail | undefined, pattern: RegExp): string {
    const match = mail?.text_body.match(pattern);
    if (match === null || match === undefined) throw new Error(`no link in ${mail?.text_body ?? '(no mail)'}`);
    return match[0];
  }

  function resetCodeOf(mail: Mail | undefined): string {
    const url = new URL(linkIn(mail, /https:\/\/veritext\.test\/\S*reset-password\/\?code=\S+/));
    return url.searchParams.get('code') ?? '';
  }

  async function signedUp(options: { language?: string } = {}) {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('mail');
    const response = await browser.signUp({ email, password: STRONG_PASSWORD, name: 'Ada' });
    expect(response.statusCode).toBe(200);
    if (options.language !== undefined) {
      await t.handle.db.query('UPDATE users SET language = $2 WHERE email = $1', [email, options.language]);
    }
    return { browser, email };
  }

  async function hasToVerify(browser: TestBrowser): Promise<boolean> {
    const loginJson = (await browser.get('/login_json')).json<{ data: { has_to_verify_email: boolean } }>();
    const credentials = (await browser.get('/profile/get_credentials')).json<{ has_to_verify_email: boolean }>();
    expect(credentials.has_to_verify_email).toBe(loginJson.data.has_to_verify_email);
    return loginJson.data.has_to_verify_email;
  }

  async function forgot(email: string, fields: Record<string, string> = {}) {
    const browser = new TestBrowser(t.app);
    const { token } = await browser.csrf();
    return browser.postForm('/forgot_password', { email, _csrf_token: token, ...fields });
  }

  async function post(path: string, fields: Record<string, string>) {
    const browser = new TestBrowser(t.app);
    const { token } = await browser.csrf();
    return browser.postForm(path, { ...fields, _csrf_token: token });
  }

  describe('verification', () => {
    it('a new user gets a verification e-mail and has to verify until the link is followed', async () => {
      const { browser, email } = await signedUp();
      expect(await hasToVerify(browser)).toBe(true);
      const mails = await mailsTo(email, 'verify_email');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Confirm your e-mail address');
      expect(mails[0]?.text_body).toMatch(/^Hello Ada,/);
      expect(mails[0]?.html_body).toContain('href="https://veritext.test/verify_email/');
      const link = linkIn(mails[0], /https:\/\/veritext\.test\/verify_email\/[\w-]+/);

      const first = await browser.get(link.replace('https://veritext.test', ''));
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('/?email_verified=1');
      expect(await hasToVerify(browser)).toBe(false);

      // The same link twice: a clear "used or expired" landing, and the account stays verified.
      const second = await browser.get(link.replace('https://veritext.test', ''));
      expect(second.headers.location).toBe('/?email_verified=0');
      expect(await hasToVerify(browser)).toBe(false);
    });

    it('stores only the hash of a code', async () => {
      const { email } = await signedUp();
      const code = linkIn((await mailsTo(email, 'verify_email'))[0], /verify_email\/[\w-]+/).split('/')[1] ?? '';
      const { rows } = await t.handle.db.query<{ code_hash: string }>(
        'SELECT c.code_hash FROM auth_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1',
        [email],
      );
      expect(rows).toEqual([{ code_hash: sha256(code) }]);
      const { rows: plain } = await t.handle.db.query('SELECT 1 FROM auth_codes WHERE code_hash = $1', [code]);
      expect(plain).toHaveLength(0);
    });

    it('an expired or unknown verification link verifies nothing', async () => {
      const { browser, email } = await signedUp();
      const link = linkIn((await mailsTo(email, 'verify_email'))[0], /\/verify_email\/[\w-]+/);
      await t.handle.db.query(
        `UPDATE auth_codes SET expires_at = now() - interval '1 minute'
         WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        [email],
      );
      expect((await browser.get(link)).headers.location).toBe('/?email_verified=0');
      expect((await browser.get('/verify_email/not-a-real-code-at-all-xxxxxxxx')).headers.location).toBe(
        '/?email_verified=0',
      );
      expect(await hasToVerify(browser)).toBe(true);
    });

    it('writes the e-mail in the user’s language', async () => {
      const { browser, email } = await signedUp({ language: 'es' });
      const { token } = await browser.csrf();
      const response = await browser.postForm('/resend_verification_email', { _csrf_token: token });
      expect(response.statusCode).toBe(200);
      const mails = await mailsTo(email, 'verify_email');
      expect(mails[1]?.subject).toBe('Confirma tu dirección de correo electrónico');
      expect(mails[1]?.html_body).toContain('<html lang="es">');
    });

    it('resends at most 3 times an hour; every resent link works once', async () => {
      const { browser, email } = await signedUp();
      for (let i = 0; i < 3; i += 1) {
        const { token } = await browser.csrf();
        const response = await browser.postForm('/resend_verification_email', { _csrf_token: token });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          success: true,
          message: 'We have sent you a new confirmation e-mail. Please check your inbox.',
        });
      }
      const { token } = await browser.csrf();
      const limited = await browser.postForm('/resend_verification_email', { _csrf_token: token });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, error: { code: 'verification_resend_limited' } });
      const mails = await mailsTo(email, 'verify_email');
      expect(mails).toHaveLength(4);

      const last = linkIn(mails[3], /\/verify_email\/[\w-]+/);
      expect((await browser.get(last)).headers.location).toBe('/?email_verified=1');
      const { token: again } = await browser.csrf();
      const done = await browser.postForm('/resend_verification_email', { _csrf_token: again });
      expect(done.json()).toMatchObject({ success: false, error: { code: 'email_already_verified' } });
    });

    it('a changed address voids the links sent to the earlier one', async () => {
      const { browser, email } = await signedUp();
      await forgot(email);
      const oldVerify = linkIn((await mailsTo(email, 'verify_email'))[0], /\/verify_email\/[\w-]+/);
      const oldReset = resetCodeOf((await mailsTo(email, 'reset_password'))[0]);
      const newEmail = uniqueEmail('changed');
      await t.handle.db.query('UPDATE users SET email = $2, email_verified_at = NULL WHERE email = $1', [
        email,
        newEmail,
      ]);
      const user = await findUserByEmail(t.handle.db, newEmail);
      if (user === null) throw new Error('user not found');
      // What the profile's e-mail change calls (modules/profile, wired in app.ts).
      await startEmailVerification(
        {
          db: t.handle.db,
          mailer: createOutboxMailer(t.handle.db, t.app.log),
          publicUrl: 'https://veritext.test',
          logger: t.app.log,
        },
        user,
      );
      expect((await browser.get(oldVerify)).headers.location).toBe('/?email_verified=0');
      expect((await post('/validate_reset_password_code', { code: oldReset })).json()).toMatchObject({
        success: false,
      });
      const newVerify = linkIn((await mailsTo(newEmail, 'verify_email'))[0], /\/verify_email\/[\w-]+/);
      expect((await browser.get(newVerify)).headers.location).toBe('/?email_verified=1');
    });

    it('resend needs a session and a CSRF token', async () => {
      const anonymous = new TestBrowser(t.app);
      const { token } = await anonymous.csrf();
      expect((await anonymous.postForm('/resend_verification_email', { _csrf_token: token })).statusCode).toBe(401);
      const { browser } = await signedUp();
      expect((await browser.postForm('/resend_verification_email', {})).statusCode).toBe(403);
    });
  });

  describe('forgot and reset password', () => {
    const SAME_ANSWER = {
      success: true,
      message:
        'If an account uses this e-mail address, we have sent it a link to reset the password. Please check your inbox.',
    };

    it('answers the same for a known and an unknown address, and mails only the known one', async () => {
      const { email } = await signedUp();
      const unknown = uniqueEmail('nobody');
      const known = await forgot(email);
      const notKnown = await forgot(unknown);
      expect(known.statusCode).toBe(200);
      expect(notKnown.statusCode).toBe(200);
      expect(known.json()).toEqual(SAME_ANSWER);
      expect(notKnown.json()).toEqual(SAME_ANSWER);
      expect(await mailsTo(email, 'reset_password')).toHaveLength(1);
      expect(await mailsTo(unknown, 'reset_password')).toHaveLength(0);
    });

    it('refuses a malformed address and a missing CSRF token', async () => {
      const bad = await forgot('not-an-address');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
      const browser = new TestBrowser(t.app);
      expect((await browser.postForm('/forgot_password', { email: uniqueEmail() })).statusCode).toBe(403);
    });

    it('links to the portal’s reset page when the portal asks', async () => {
      const { email } = await signedUp();
      await forgot(email, { portal: 'integrito' });
      const mail = (await mailsTo(email, 'reset_password'))[0];
      expect(mail?.text_body).toMatch(/https:\/\/veritext\.test\/integrito\/reset-password\/\?code=[\w-]+/);
      await forgot(email);
      const main = (await mailsTo(email, 'reset_password'))[1];
      expect(main?.text_body).toMatch(/https:\/\/veritext\.test\/reset-password\/\?code=[\w-]+/);
    });

    it('lets an account without a password (made by Google sign-in) set one through the reset link', async () => {
      const { browser, email } = await signedUp();
      await t.handle.db.query('UPDATE users SET password_hash = NULL WHERE email = $1', [email]);
      type ProfileAnswer = { data: { profile: { has_password: boolean } } };
      expect((await browser.get('/api/v1/profile/')).json<ProfileAnswer>().data.profile.has_password).toBe(false);
      // No password: no current password can confirm a change, and no password logs in.
      expect((await new TestBrowser(t.app).logIn(email, STRONG_PASSWORD)).statusCode).toBe(401);

      await forgot(email);
      const code = resetCodeOf((await mailsTo(email, 'reset_password'))[0]);
      const done = await post('/reset_password', { code, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
      expect(done.json()).toMatchObject({ success: true, message: DONE });
      const again = new TestBrowser(t.app);
      expect((await again.logIn(email, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await again.get('/api/v1/profile/')).json<ProfileAnswer>().data.profile.has_password).toBe(true);
    });

    it('resets the password once: sessions end, the old password stops working, the link is used up', async () => {
      const { browser, email } = await signedUp();
      const other = new TestBrowser(t.app);
      expect((await other.logIn(email, STRONG_PASSWORD, true)).statusCode).toBe(200);
      expect((await other.get('/login_json')).json<{ success: boolean }>().success).toBe(true);

      await forgot(email);
      const code = resetCodeOf((await mailsTo(email, 'reset_password'))[0]);
      const valid = await post('/validate_reset_password_code', { code });
      expect(valid.json()).toEqual({ success: true, message: 'The link is valid. Please choose a new password.' });

      const reset = await post('/reset_password', { code, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ success: true, message: DONE });

      // Every session of the account ended.
      expect((await browser.get('/login_json')).json<{ success: boolean }>().success).toBe(false);
      expect((await other.get('/login_json')).json<{ success: boolean }>().success).toBe(false);
      expect((await new TestBrowser(t.app).logIn(email, STRONG_PASSWORD)).statusCode).toBe(401);
      expect((await new TestBrowser(t.app).logIn(email, NEW_PASSWORD)).statusCode).toBe(200);

      // Single use.
      const again = await post('/reset_password', {
        code,
        password: STRONG_PASSWORD,
        confirm_password: STRONG_PASSWORD,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ success: false, error: { code: 'reset_code_used' } });
      const validateAgain = await post('/validate_reset_password_code', { code });
      expect(validateAgain.json()).toMatchObject({
        success: false,
        message: 'This password reset link has already been used. Please request a new one if you need to.',
      });
    });

    it('a reset also replaces the personal API token and lifts a login lockout', async () => {
      const { email } = await signedUp();
      const before = (
        await t.handle.db.query<{ id: number; api_token: string }>('SELECT id, api_token FROM users WHERE email = $1', [
          email,
        ])
      ).rows[0]!;
      // ten wrong passwords lock the account's password login
      for (let attempt = 0; attempt < 10; attempt += 1) await new TestBrowser(t.app).logIn(email, 'Wr0ng!Password');
      expect((await new TestBrowser(t.app).logIn(email, STRONG_PASSWORD)).statusCode).toBe(401);
      await forgot(email);
      const code = resetCodeOf((await mailsTo(email, 'reset_password'))[0]);
      const reset = await post('/reset_password', { code, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
      expect(reset.statusCode).toBe(200);
      expect((await new TestBrowser(t.app).logIn(email, NEW_PASSWORD)).statusCode).toBe(200);
      const oldToken = await t.app.inject({
        method: 'GET',
        url: '/profile/get_credentials',
        headers: { 'x-api-token': before.api_token },
      });
      expect(oldToken.statusCode).toBe(401);
    });

    it('refuses an expired code', async () => {
      const { email } = await signedUp();
      await forgot(email);
      const code = resetCodeOf((await mailsTo(email, 'reset_password'))[0]);
      await t.handle.db.query(`UPDATE auth_codes SET expires_at = now() - interval '1 second' WHERE code_hash = $1`, [
        sha256(code),
      ]);
      const validate = await post('/validate_reset_password_code', { code });
      expect(validate.statusCode).toBe(400);
      expect(validate.json()).toMatchObject({ success: false, error: { code: 'reset_code_expired' } });
      const reset = await post('/reset_password', { code, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
      expect(reset.json()).toMatchObject({ success: false, error: { code: 'reset_code_expired' } });
      expect((await new TestBrowser(t.app).logIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses an unknown code, and a verification code used as a reset code', async () => {
      const { email } = await signedUp();
      const verifyCode = linkIn((await mailsTo(email, 'verify_email'))[0], /verify_email\/[\w-]+/).split('/')[1] ?? '';
      for (const code of ['', 'x', 'a'.repeat(43), verifyCode]) {
        const response = await post('/validate_reset_password_code', { code });
        expect(response.json(), code).toMatchObject({ success: false, error: { code: 'reset_code_invalid' } });
      }
    });

    it('a weak password or a wrong confirmation changes nothing and keeps the link usable', async () => {
      const { email } = await signedUp();
      await forgot(email);
      const code = resetCodeOf((await mailsTo(email, 'reset_password'))[0]);
      const weak = await post('/reset_password', { code, password: 'password', confirm_password: 'password' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ error: { code: 'weak_password', fields: { password: 'weak' } } });
      const mismatch = await post('/reset_password', {
        code,
        password: NEW_PASSWORD,
        confirm_password: `${NEW_PASSWORD}x`,
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({
        message: 'The passwords do not match.',
        error: { code: 'password_mismatch', fields: { confirm_password: 'mismatch' } },
      });
      expect((await new TestBrowser(t.app).logIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
      const ok = await post('/reset_password', { code, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
      expect(ok.json()).toEqual({ success: true, message: DONE });
    });

    it('a new reset link voids the older one; resetting also confirms the address', async () => {
      const { browser, email } = await signedUp();
      await forgot(email);
      await forgot(email);
      const [older, newer] = await mailsTo(email, 'reset_password');
      const olderCode = resetCodeOf(older);
      const newerCode = resetCodeOf(newer);
      expect((await post('/validate_reset_password_code', { code: olderCode })).json()).toMatchObject({
        success: false,
      });
      expect((await post('/validate_reset_password_code', { code: newerCode })).json()).toMatchObject({
        success: true,
      });
      expect(await hasToVerify(browser)).toBe(true);
      await post('/reset_password', { code: newerCode, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
      const again = new TestBrowser(t.app);
      await again.logIn(email, NEW_PASSWORD);
      expect(await hasToVerify(again)).toBe(false);
    });

    it('sends at most 3 reset e-mails an hour per account, with the same answer', async () => {
      const { email } = await signedUp();
      for (let i = 0; i < 5; i += 1) expect((await forgot(email)).json()).toEqual(SAME_ANSWER);
      expect(await mailsTo(email, 'reset_password')).toHaveLength(3);
    });
  });
});

describe(`attempts per address (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 3 });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it.each(['/forgot_password', '/validate_reset_password_code', '/reset_password'])(
    'limits %s per minute and address',
    async (path) => {
      const browser = new TestBrowser(t.app);
      const { token } = await browser.csrf();
      const fields = {
        email: uniqueEmail(),
        code: 'a'.repeat(43),
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
        _csrf_token: token,
      };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await browser.postForm(path, fields)).statusCode);
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
      // Another address is not held back.
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: path,
        remoteAddress: '203.0.113.9',
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.jar.header() },
      });
      expect(elsewhere.statusCode).not.toBe(429);
    },
  );
});

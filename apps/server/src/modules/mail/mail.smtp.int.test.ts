import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtpServer(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text/plain part of a MIME message, quoted-printable decoded. */
function plainTextOf(raw: string): string {
  const start = raw.search(/Content-Type: text\/plain/i);
  if (start < 0) throw new Error('no text/plain part');
  const part = raw.slice(start);
  const bodyStart = part.indexOf('\r\n\r\n');
  const body = part.slice(bodyStart + 4, part.search(/\r\n--/));
  const isQuotedPrintable = /Content-Transfer-Encoding: quoted-printable/i.test(part.slice(0, bodyStart));
  if (!isQuotedPrintable) return body;
  const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe(`e-mail over SMTP (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      publicUrl: 'https://veritext.test',
      smtp: { url: `smtp://127.0.0.1:${String(smtp.port)}`, from: 'Veritext <no-reply@veritext.test>' },
    });
  });
  afterAll(async () => {
    await t.dispose();
    await smtp.close();
  });

  it('sends the verification e-mail through the SMTP server; its link verifies the address', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('smtp');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD, name: 'Ada' })).statusCode).toBe(200);
    const message = await waitFor(() => smtp.received.find((m) => m.to.includes(email)), 'the verification e-mail');
    expect(message.from).toBe('no-reply@veritext.test');
    expect(message.raw).toMatch(/^Subject: Confirm your e-mail address\r?$/m);
    expect(message.raw).toMatch(/Content-Type: text\/html/i);
    const text = plainTextOf(message.raw);
    expect(text).toContain('Hello Ada,');
    const link = text.match(/https:\/\/veritext\.test(\/verify_email\/[\w-]+)/);
    expect(link).not.toBeNull();

    const verified = await browser.get(link?.[1] ?? '');
    expect(verified.headers.location).toBe('/?email_verified=1');
    const loginJson = (await browser.get('/login_json')).json<{ data: { has_to_verify_email: boolean } }>();
    expect(loginJson.data.has_to_verify_email).toBe(false);

    // Nothing of it was kept in the local outbox: with SMTP configured the links stay out of the database.
    const { rows } = await t.handle.db.query('SELECT 1 FROM mail_outbox');
    expect(rows).toHaveLength(0);
  });

  it('sends a reset link in Spanish that sets the new password', async () => {
    const email = uniqueEmail('smtp-es');
    await new TestBrowser(t.app).signUp({ email, password: STRONG_PASSWORD });
    await t.handle.db.query(`UPDATE users SET language = 'es' WHERE email = $1`, [email]);
    const browser = new TestBrowser(t.app);
    const { token } = await browser.csrf();
    const answer = await browser.postForm('/forgot_password', { email, _csrf_token: token });
    expect(answer.json()).toMatchObject({ success: true });

    const message = await waitFor(
      () => smtp.received.find((m) => m.to.includes(email) && m.raw.includes('reset-password')),
      'the reset e-mail',
    );
    const text = plainTextOf(message.raw);
    expect(text).toContain('Hemos recibido una solicitud para restablecer la contraseña');
    const code = new URL(
      text.match(/https:\/\/veritext\.test\/reset-password\/\?code=[\w-]+/)?.[0] ?? 'http://x/',
    ).searchParams.get('code');
    expect(code).toBeTruthy();

    const password = 'Nuev@Clave-2026';
    const reset = await browser.postForm('/reset_password', {
      code: code ?? '',
      password,
      confirm_password: password,
      _csrf_token: token,
    });
    expect(reset.json()).toEqual({ success: true, message: 'Done! Your password has been successfully updated.' });
    expect((await new TestBrowser(t.app).logIn(email, password)).statusCode).toBe(200);
  });
});

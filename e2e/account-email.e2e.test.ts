import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { keepScreenshot, launchBrowser, signUpThroughModal, startProduct, type Product } from './harness.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';

/** The text/plain part of a MIME message, quoted-printable decoded. */
function plainTextOf(raw: string): string {
  const start = raw.search(/Content-Type: text\/plain/i);
  const part = raw.slice(start);
  const bodyStart = part.indexOf('\r\n\r\n');
  const body = part.slice(bodyStart + 4, part.search(/\r\n--/));
  if (!/quoted-printable/i.test(part.slice(0, bodyStart))) return body;
  const escaped = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(escaped.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

describe('e-mail verification, forgot and reset password in the browser', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let catcher: MailCatcher;
  const email = `e2e.mail.${Date.now()}@example.com`;
  const password = 'Visit0r!Secret';
  const newPassword = 'Fresh!Passw0rd-2';

  async function mailLink(pattern: RegExp, count: number): Promise<string> {
    await expect.poll(() => catcher.mails.filter((m) => m.to.includes(email)).length, { timeout: 15_000 }).toBe(count);
    const mails = catcher.mails.filter((m) => m.to.includes(email));
    const text = plainTextOf(mails[count - 1]?.raw ?? '');
    const link = pattern.exec(text)?.[0];
    if (link === undefined) throw new Error(`no link in ${text}`);
    // Links are built from PUBLIC_URL (http://localhost:3000 by default); the product listens elsewhere.
    const url = new URL(link);
    return `${product.url}${url.pathname}${url.search}`;
  }

  beforeAll(async () => {
    catcher = await startMailCatcher();
    // startProduct passes the environment on: the product sends its mail to this SMTP server.
    process.env.SMTP_URL = catcher.url;
    process.env.MAIL_FROM = 'Veritext <no-reply@example.com>';
    product = await startProduct();
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
    await product.stop();
    await catcher.close();
  });

  it('signs up, is asked to confirm after login, confirms by the e-mailed link', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'account-email-verify'));
    });
    await signUpThroughModal(page, product.url, { email, password });
    const firstLink = await mailLink(/http:\/\/localhost:3000\/verify_email\/[\w-]+/, 1);

    // A fresh login of an unconfirmed account opens the verify_email modal; Resend sends another link.
    await page.getByRole('button', { name: 'Profile menu' }).click();
    // A logout ends the server session, then reloads the home page after 500 ms: wait for that load, not for a
    // late one of the sign-up's own navigation (events arrive in order, so the flag is set before it fires).
    let loggedOut = false;
    const logoutDone = page
      .waitForResponse((r) => new URL(r.url()).pathname === '/logout' && r.request().method() === 'POST')
      .then((r) => {
        expect(r.ok()).toBe(true);
        loggedOut = true;
      });
    const reloaded = page.waitForEvent('load', { predicate: () => loggedOut, timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await logoutDone;
    await reloaded;
    await page.getByRole('button', { name: 'Log in' }).first().click();
    const login = page.getByRole('dialog');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    const verify = page.getByRole('dialog', { name: 'Confirm your email address' });
    await verify.waitFor({ timeout: 30_000 });
    await verify.getByRole('button', { name: 'Resend email' }).click();
    await verify.getByText(`We have sent a new confirmation email to ${email}.`).waitFor();
    const secondLink = await mailLink(/http:\/\/localhost:3000\/verify_email\/[\w-]+/, 2);
    await verify.getByRole('button', { name: 'OK' }).click();

    await page.goto(secondLink);
    await page.waitForURL(`${product.url}/`);
    await page.getByRole('dialog', { name: 'Email confirmed' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();

    // The same link again: used, so the home page says the link has expired.
    await page.goto(secondLink);
    await page.getByRole('dialog', { name: 'Link expired' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    expect(firstLink).not.toBe(secondLink);
    const state = await page.evaluate(
      async () => (await fetch('/login_json')).json() as Promise<{ data: { has_to_verify_email: boolean } }>,
    );
    expect(state.data.has_to_verify_email).toBe(false);
  });

  it('forgot password from the login modal, reset on /reset-password/, then the used link shows the error screen', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'account-email-reset'));
    });
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await fresh.newPage();
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('button', { name: 'Log in' }).first().click();
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
    await forgot.getByLabel('Email').fill(email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText(`If an account uses ${email}, we have sent it a link`).waitFor();

    const resetLink = await mailLink(/http:\/\/localhost:3000\/reset-password\/\?code=[\w-]+/, 3);
    await page.goto(resetLink);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByText('Password strength:').waitFor();
    await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The passwords do not match.').first().waitFor();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Done! Your password has been successfully updated.').waitFor();

    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    const login = page.getByRole('dialog');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(newPassword);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${product.url}/profile/new-check`, { timeout: 30_000 });

    await page.goto(resetLink);
    await page.getByText('Oops, something went wrong…').waitFor();
    await page.getByText('This password reset link has already been used.').waitFor();
    const contact = page.getByRole('main').getByRole('link', { name: 'Contact us' });
    expect(await contact.getAttribute('href')).toBe('/contact-us/');
    await fresh.close();
  });
});

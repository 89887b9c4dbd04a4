import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { fillLogInForm, fillSignUpForm, keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

const PASSWORD = 'Gue5t!ToAccount';
const EXISTING = { email: `existing.${String(Date.now())}@example.com`, password: PASSWORD };
/** About 90 words: one free page. */
const GUEST_TEXT =
  'Every morning the harbour wakes before the town does. Fishing boats slide out past the breakwater while ' +
  'the bakery lights its ovens and the gulls argue over the quay. By the time the first bus arrives the nets ' +
  'are already drying on the stones, and the old men on the bench have settled the weather for the day. ' +
  'Visitors rarely notice how carefully the whole place keeps its rhythm, season after season, storm after ' +
  'storm, and how quickly a stranger learns to wake with it.';

/**
 * Issue 13 A1: a visitor runs the free guest check, then signs up or logs in; the account has the check, and
 * the browser is no longer a guest.
 */
describe('from a guest check to an account', () => {
  let product: Product;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The existing account of (b), made with the operator's command before the product starts.
    product = await startProduct({
      adminCommands: [['user:create', '--email', EXISTING.email, '--password', EXISTING.password]],
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
    await product.stop();
  });

  async function newPage(name: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, name));
    });
    return page;
  }

  /** Runs the guest's free check from the home page; resolves to its id once its report is shown. */
  async function runGuestCheck(page: Page): Promise<string> {
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByLabel('Text to check').fill(GUEST_TEXT);
    // Under 275 words a guest's button reads "Check for plagiarism" (the free page covers it all).
    const send = page.getByRole('button', { name: 'Check for plagiarism' });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    const dialog = page.getByRole('dialog', { name: /^Similarity report/ });
    await dialog.waitFor({ timeout: 30_000 });
    const id = (await dialog.locator('[data-check-id]').getAttribute('data-check-id')) ?? '';
    expect(id).not.toBe('');
    // The report is there (the check is done) when the progress view gives way to it.
    await dialog.getByRole('progressbar').waitFor({ state: 'detached', timeout: 60_000 });
    expect(await guestCookie(page)).toBe(true);
    return id;
  }

  async function guestCookie(page: Page): Promise<boolean> {
    return (await page.context().cookies()).some((cookie) => cookie.name === 'guest_data');
  }

  /** My Documents lists the document `id` (found by the page, not by the API). */
  async function expectInMyDocuments(page: Page, id: string): Promise<void> {
    await page.goto(`${product.url}/profile/my-documents`);
    await page.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });
    await page.locator(`[data-document-id="${id}"]`).waitFor({ timeout: 30_000 });
  }

  it("(a) Join now, sign up: logged in, and My Documents lists the guest's check", async () => {
    const page = await newPage('guest-to-account-signup');
    const id = await runGuestCheck(page);

    await page.getByRole('button', { name: 'Sign up to check the whole text' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create account' }).waitFor();
    await fillSignUpForm(page, { email: `joined.${String(Date.now())}@example.com`, password: PASSWORD });
    // Logged in: the profile menu replaces Log in, and no dialog is left open.
    await page.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await guestCookie(page)).toBe(false);

    await expectInMyDocuments(page, id);
  });

  it('(b) Log in to an existing account: logged in, and the check is in its My Documents', async () => {
    const page = await newPage('guest-to-account-login');
    const id = await runGuestCheck(page);

    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Log in' }).first().click();
    await fillLogInForm(page, EXISTING);
    await page.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await guestCookie(page)).toBe(false);
    const profile = await page.evaluate(
      () => JSON.parse(localStorage.getItem('profile') ?? 'null') as { email?: string } | null,
    );
    expect(profile?.email).toBe(EXISTING.email);

    await expectInMyDocuments(page, id);
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { ApiClient } from './api-client.ts';
import { fillLogInForm, fillSignUpForm, keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

const PASSWORD = 'Tr4ck!Funnel';
const ADMIN = { email: `funnel.admin.${String(Date.now())}@example.com`, password: PASSWORD };
const SHOTS = process.env.TRACKING_SHOTS_DIR ?? '/tmp/shots/tracking';
/** About 90 words: one free page. */
const GUEST_TEXT =
  'Every morning the harbour wakes before the town does. Fishing boats slide out past the breakwater while ' +
  'the bakery lights its ovens and the gulls argue over the quay. By the time the first bus arrives the nets ' +
  'are already drying on the stones, and the old men on the bench have settled the weather for the day. ' +
  'Visitors rarely notice how carefully the whole place keeps its rhythm, season after season, storm after ' +
  'storm, and how quickly a stranger learns to wake with it.';

type Funnel = {
  data: { steps: string[]; totals: number[]; events: { name: string; kind: string; count: number }[] };
};

/**
 * Issue 18, tracking: with a tag-manager data layer on the page, a guest's way through the check form posts the
 * funnel steps once each, in order, and the server counts them for the administrators' funnel.
 */
describe('tracking: the check-tool funnel', () => {
  let product: Product;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    product = await startProduct({
      adminCommands: [
        ['user:create', '--email', ADMIN.email, '--password', ADMIN.password, '--name', 'Funnel Admin'],
        ['user:admin', ADMIN.email],
      ],
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
    await product.stop();
  });

  async function newPage(name: string, width: number, withDataLayer: boolean): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    if (withDataLayer) await context.addInitScript('window.dataLayer = []; window.veritextData = { site: "e2e" };');
    const page = await context.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, name));
    });
    return page;
  }

  async function funnel(): Promise<Funnel['data']> {
    const api = new ApiClient(product.url);
    await api.post('/login_check', { _username: ADMIN.email, _password: ADMIN.password });
    return (await api.get<Funnel>('/api/v1/admin/funnel/')).data;
  }

  it('a guest adds a text, checks, signs up: the steps arrive once each, in order, and are counted', async () => {
    const page = await newPage('tracking-guest', 1280, true);
    const posted: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'POST' && url.pathname.includes('/user-action/')) posted.push(url.pathname);
    });
    const answered: Promise<number>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.includes('/user-action/')) answered.push(Promise.resolve(response.status()));
    });

    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByLabel('Text to check').fill(GUEST_TEXT);
    await page.getByLabel('Text to check').fill(`${GUEST_TEXT} Again.`); // a second change: still one step
    const send = page.getByRole('button', { name: 'Check for plagiarism' });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    const dialog = page.getByRole('dialog', { name: /^Similarity report/ });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('progressbar').waitFor({ state: 'detached', timeout: 60_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Sign up' }).first().click();
    await fillSignUpForm(page, { email: `funnel.guest.${String(Date.now())}@example.com`, password: PASSWORD });
    await page.waitForURL(/\/profile\/new-check/, { timeout: 60_000 });
    await expect.poll(() => posted.filter((p) => p.endsWith('/checktools-registration/')).length).toBe(1);

    const steps = posted.filter((p) => p.includes('/checktools-'));
    expect(steps).toEqual([
      '/user-action/checktools-add-text/',
      '/user-action/checktools-send-before-registration/',
      '/user-action/checktools-first-attempt/',
      '/user-action/checktools-registration/',
    ]);
    expect(posted).toContain('/api/v1/user-action/report-open/');
    expect(posted).toContain('/user-action/registration/');
    expect(await Promise.all(answered)).toSatisfy((codes: number[]) => codes.every((code) => code === 200));

    // the server stored them: one visitor session per step reached
    const data = await funnel();
    const reached = Object.fromEntries(data.steps.map((step, i) => [step, data.totals[i]]));
    expect(reached).toMatchObject({
      'add-text': 1,
      'send-before-registration': 1,
      'first-attempt': 1,
      registration: 1,
      'second-attempt': 0,
      checkout: 0,
    });
    expect(data.events).toContainEqual({ name: 'registration', kind: 'event', count: 1 });
  });

  it('without a data layer nothing is posted', async () => {
    const page = await newPage('tracking-no-layer', 1280, false);
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/user-action/')) posted.push(request.url());
    });
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByLabel('Text to check').fill(GUEST_TEXT);
    await page.getByRole('link', { name: 'Contact us' }).first().click();
    await page.waitForURL(/\/contact-us\//);
    expect(posted).toEqual([]);
  });

  it('the administrators’ funnel page at 1280 and 375 px, English and Spanish', async () => {
    for (const width of [1280, 375]) {
      const page = await newPage(`tracking-admin-${String(width)}`, width, false);
      await page.goto(`${product.url}/`);
      await page.getByRole('button', { name: 'Got it' }).click();
      await page.getByRole('button', { name: 'Log in' }).first().click();
      await fillLogInForm(page, ADMIN);
      await page.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });
      for (const lang of ['en', 'es'] as const) {
        if (lang === 'es') await page.evaluate(() => localStorage.setItem('language', 'es'));
        await page.goto(`${product.url}/admin/funnel`);
        await page.getByTestId('funnel-totals').waitFor({ timeout: 30_000 });
        await page.screenshot({ path: `${SHOTS}/admin-funnel-${lang}-${String(width)}.png`, fullPage: true });
      }
    }
  });
});

import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { keepScreenshot, launchBrowser, signUpThroughModal, startProduct, type Product } from './harness.ts';

const PASSWORD = 'Tw0Tabs!Secret';
const PENDING_TEXT =
  'Every morning the harbour wakes before the town does. Fishing boats slide out past the breakwater while ' +
  'the bakery lights its ovens and the gulls argue over the quay. By the time the first bus arrives the nets ' +
  'are already drying on the stones, and the old men on the bench have settled the weather for the day. ' +
  'Visitors rarely notice how carefully the whole place keeps its rhythm, season after season.';

/** Check-tool.md §4, session state: two tabs (two pages of one browser context) of the real product. */
describe('session state across two tabs', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let tab1: Page;
  let tab2: Page;
  const email = `tabs.${Date.now()}@example.com`;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    // The account, made in a browser of its own and left there.
    const other = await browser.newContext();
    const page = await other.newPage();
    await signUpThroughModal(page, product.url, { email, password: PASSWORD });
    await other.close();

    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    tab1 = await context.newPage();
    tab2 = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
    await product.stop();
  });

  async function logIn(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Log in' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  }

  const isLogin = (page: Page) => page.evaluate(() => localStorage.getItem('isLogin'));

  it('re-checks the login at 0.5 s, then at most 5 times more, while no token is known', async () => {
    // A context of its own: its clock is installed (time flows as usual until the test jumps it forward).
    const recheck = await browser.newContext();
    const page = await recheck.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'session-recheck'));
    });
    try {
      await recheck.clock.install();
      const calls: Request[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/login_json') calls.push(request);
      });
      const before = Date.now();
      await page.goto(`${product.url}/`);
      // The app is up (the visitor sees Log in), then the checks come, each waiting for the one before:
      // wait for the sixth, however long a busy machine takes, rather than for a fixed time.
      await page.getByRole('button', { name: 'Log in' }).first().waitFor();
      await expect.poll(() => calls.length, { timeout: 90_000 }).toBeGreaterThanOrEqual(6);
      await calls[5]?.response();
      // The schedule is over: jumping the page's clock far ahead fires any check still planned.
      for (let i = 0; i < 3; i += 1) await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      await recheck.clock.fastForward(60_000);
      await page.evaluate(() => fetch('/csrf_tokens').then(() => undefined));
      expect(calls).toHaveLength(6);

      // Timers never fire early: the first check is at least 0.5 s into the page's life, the others 2 s apart.
      const sentAt = calls.map((request) => request.timing().startTime);
      expect(sentAt[0]! - before).toBeGreaterThanOrEqual(500);
      for (let i = 1; i < sentAt.length; i += 1) {
        expect(sentAt[i]! - sentAt[i - 1]!, `calls at ${sentAt.join(', ')}`).toBeGreaterThanOrEqual(1_950);
      }
    } finally {
      await recheck.close();
    }
  });

  it('a login in tab 1 reaches tab 2 (modal closed, on to /profile/new-check); a logout in tab 2 logs tab 1 out', async () => {
    onTestFailed(async () => {
      console.error(
        'screenshots kept at',
        await keepScreenshot(tab1, 'session-tab1'),
        await keepScreenshot(tab2, 'session-tab2'),
      );
    });
    await tab1.goto(`${product.url}/`);
    // The cookie notice (nothing dismissed it in this browser yet) would cover the page's buttons.
    await tab1.getByRole('button', { name: 'Got it' }).click();
    await tab2.goto(`${product.url}/`);
    // tab 2 has the login modal open: the other tab's login closes it
    await tab2.getByRole('button', { name: 'Log in' }).first().click();
    await tab2.getByRole('dialog').waitFor();

    await logIn(tab1);
    await tab1.waitForURL(`${product.url}/profile/new-check`, { timeout: 60_000 });
    await tab2.waitForURL(`${product.url}/profile/new-check`, { timeout: 60_000 });
    await tab2.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await isLogin(tab2)).toBe('true');
    const profile = await tab2.evaluate(
      () => JSON.parse(localStorage.getItem('profile') ?? 'null') as { email?: string },
    );
    expect(profile.email).toBe(email);
    await tab2.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });

    // Log out in tab 2: tab 1 follows, reloading on the home page after 500 ms.
    await tab2.getByRole('button', { name: 'Profile menu' }).click();
    await tab2.getByRole('menuitem', { name: 'Log out' }).click();
    await tab1.waitForURL(`${product.url}/`, { timeout: 60_000 });
    await tab1.getByRole('button', { name: 'Log in' }).first().waitFor({ timeout: 30_000 });
    await tab2.getByRole('button', { name: 'Log in' }).first().waitFor({ timeout: 30_000 });
    for (const tab of [tab1, tab2]) {
      expect(await tab.evaluate(() => [localStorage.getItem('isLogin'), localStorage.getItem('profile')])).toEqual([
        null,
        null,
      ]);
    }
  });

  it('after a login, a pending firstCheck is sent and the user lands on My Documents; an AI-detector tab stays put', async () => {
    onTestFailed(async () => {
      console.error(
        'screenshots kept at',
        await keepScreenshot(tab1, 'session-first-check'),
        await keepScreenshot(tab2, 'session-ai-tab'),
      );
    });
    // The previous test's logout (one run in four) left the server session alive while both tabs showed the
    // logged-out state, so the next page load logged in again by itself: start from no session at all. The
    // cause (a logout whose server call fails is only best effort in session/store.ts) is noted for a fix.
    await tab1.context().clearCookies({ name: 'vt_session' });
    await tab2.goto(`${product.url}/ai-detector/`);
    await tab1.goto(`${product.url}/`);
    await tab1.evaluate((text) => {
      localStorage.setItem('firstCheck', JSON.stringify({ text, language: 'en' }));
    }, PENDING_TEXT);

    await logIn(tab1);
    await tab1.waitForURL(`${product.url}/profile/my-documents`, { timeout: 60_000 });
    await tab1.getByText(PENDING_TEXT.slice(0, 40)).first().waitFor({ timeout: 60_000 });
    expect(await tab1.evaluate(() => localStorage.getItem('firstCheck'))).toBeNull();

    await expect.poll(() => isLogin(tab2), { timeout: 60_000 }).toBe('true');
    await tab2.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });
    expect(new URL(tab2.url()).pathname).toBe('/ai-detector/');
  });
});

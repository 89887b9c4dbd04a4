import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { keepScreenshot, launchBrowser, signUpThroughModal, startProduct, type Product } from './harness.ts';

const PASSWORD = 'T0kens!Secret';

/** Check-tool.md §2 and §6: the API-token modal of an organisation's owner, in the real product. */
describe('the API-token modal', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  it('shows an owner the personal and the organisation token, copies each, and the organisation token acts for it', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'api-token'));
    });
    await signUpThroughModal(page, product.url, {
      email: `owner.${Date.now()}@example.com`,
      password: PASSWORD,
      organisation: 'North High',
    });

    await page.goto(`${product.url}/for-developers/`);
    await page.getByRole('button', { name: 'Get API token' }).click();
    const modal = page.getByRole('dialog', { name: 'Your API token' });
    const personal = modal.getByLabel('Personal API token');
    const organisation = modal.getByLabel('Organisation token: North High');
    await organisation.waitFor({ timeout: 15_000 });
    const personalToken = await personal.inputValue();
    const groupToken = await organisation.inputValue();
    expect(personalToken).not.toBe('');
    expect(groupToken).not.toBe('');
    expect(groupToken).not.toBe(personalToken);

    // A clipboard that refuses: the copy fails, and says so.
    await page.evaluate(() => {
      Object.defineProperty(navigator.clipboard, 'writeText', {
        configurable: true,
        value: () => Promise.reject(new Error('denied')),
      });
    });
    await modal.getByRole('button', { name: 'Copy' }).first().click();
    await modal.getByText('The API token could not be copied.').waitFor();

    await page.evaluate(() => Reflect.deleteProperty(navigator.clipboard, 'writeText'));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    await modal.getByRole('button', { name: 'Copy' }).nth(1).click();
    await modal.getByText('The API token was copied to your clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(groupToken);

    // The organisation's token is the organisation's: its groups list answers 403 (a group, not a user), and it
    // reads the organisation's documents.
    const asGroup = await page.request.get(`${product.url}/api/v1/text/`, { headers: { 'x-api-token': groupToken } });
    expect(asGroup.status()).toBe(200);
    const personalGroups = await page.request.get(`${product.url}/api/v1/groups/list/`, {
      headers: { 'x-api-token': personalToken },
    });
    const groups = ((await personalGroups.json()) as { data: { groups: { name: string; api_token?: string }[] } }).data
      .groups;
    expect(groups.map((group) => [group.name, group.api_token])).toEqual([['North High', groupToken]]);
  });
});

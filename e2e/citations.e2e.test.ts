import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { ARTIFACTS, fillLogInForm, keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

const SHOTS = path.join(ARTIFACTS, 'citations');
const USER = { email: `cite.${String(Date.now())}@example.com`, password: 'C1tations!Secret' };

const APA_BOOK =
  'Jackson, L. M. (2019). The psychology of prejudice: From attitudes to social action (2nd ed.). American Psychological Association.';
const MLA_ARTICLE =
  'Grady, Jessica Stoltzfus, and Malina Her. “Emotions in Storybooks.” Psychology of Popular Media Culture, vol. 8, no. 3, 2019, pp. 207–17.';

/** Fills the form for a source: the first author, the title and the other fields by their labels. */
async function fill(page: Page, input: { given: string; family: string; fields: Record<string, string> }) {
  await page.locator('#citation-author-0-given').fill(input.given);
  await page.locator('#citation-author-0-family').fill(input.family);
  for (const [label, value] of Object.entries(input.fields)) await page.getByLabel(label, { exact: true }).fill(value);
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${String(width)}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The citation generator (issue 18): a visitor's citations stay in the browser across a reload; a user who logs in
 * there stays on the page, creates an APA and an MLA citation, copies one, and finds both in the history after a
 * reload (kept by the server).
 */
describe('the citation generator', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct({
      adminCommands: [['user:create', '--email', USER.email, '--password', USER.password, '--name', 'Cita Writer']],
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  it('keeps a visitor’s citation in the browser, then a signed-in user’s APA and MLA citations in the account', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'citations'));
    });
    await page.goto(`${product.url}/citation-generator/`);
    await page.getByRole('button', { name: 'Got it' }).click();

    // a visitor: an APA book, kept in local storage across a reload
    await fill(page, {
      given: 'Lynne M.',
      family: 'Jackson',
      fields: {
        'Title *': 'The psychology of prejudice: From attitudes to social action',
        Edition: '2',
        Publisher: 'American Psychological Association',
        Year: '2019',
      },
    });
    await page.getByRole('button', { name: 'Generate citation' }).click();
    await expect.poll(() => page.getByTestId('citation-result').textContent(), { timeout: 60_000 }).toBe(APA_BOOK);
    await page.reload();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Kept in this browser only.', { exact: false }).waitFor();
    await history.getByText(APA_BOOK).waitFor();
    await shoot(page, 'visitor-en');

    // logging in on the page keeps the user there (check-tool.md §2)
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await fillLogInForm(page, USER);
    await page.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/citation-generator/');
    await history.getByText('Kept in your account.').waitFor();

    // an APA book and an MLA journal article
    await fill(page, {
      given: 'Lynne M.',
      family: 'Jackson',
      fields: {
        'Title *': 'The psychology of prejudice: From attitudes to social action',
        Edition: '2',
        Publisher: 'American Psychological Association',
        Year: '2019',
      },
    });
    await page.getByRole('button', { name: 'Generate citation' }).click();
    await history.getByText(APA_BOOK).waitFor({ timeout: 60_000 });

    await page.getByLabel('Citation style').selectOption('mla');
    await page.getByRole('radio', { name: 'Journal article' }).check();
    await page.getByRole('button', { name: 'Add an author' }).click();
    await page.locator('#citation-author-1-given').fill('Malina');
    await page.locator('#citation-author-1-family').fill('Her');
    await fill(page, {
      given: 'Jessica Stoltzfus',
      family: 'Grady',
      fields: {
        'Title *': 'Emotions in storybooks',
        Journal: 'Psychology of Popular Media Culture',
        Year: '2019',
        Volume: '8',
        Issue: '3',
        Pages: '207-217',
      },
    });
    await page.getByRole('button', { name: 'Generate citation' }).click();
    await expect.poll(() => page.getByTestId('citation-result').textContent(), { timeout: 60_000 }).toBe(MLA_ARTICLE);
    await page.getByRole('region', { name: 'Your citation' }).getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').getByText('Text successfully copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MLA_ARTICLE);

    // after a reload both are in the account's history, newest first
    await page.reload();
    await history.getByText(MLA_ARTICLE).waitFor();
    const entries = history.locator('li.citations__entry');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).locator('.citations__reference').textContent()).toBe(MLA_ARTICLE);
    expect(await entries.nth(1).locator('.citations__reference').textContent()).toBe(APA_BOOK);
    await shoot(page, 'user-en');

    // the Spanish page
    await page.goto(`${product.url}/es/citation-generator/`);
    await page.getByRole('heading', { name: 'Historial' }).waitFor();
    await page.getByRole('region', { name: 'Historial' }).getByText(MLA_ARTICLE).waitFor();
    await shoot(page, 'user-es');
  }, 180_000);
});

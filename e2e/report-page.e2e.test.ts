/**
 * The Similarity report at its own address (issue 17, "Check settings and report tools"): a reader opens
 * /profile/report/{id} by its address (titled by the document), ignores a source and sees the similarity drop (and
 * includes it again), shows only one source and leaves that view with Back and "Show all sources", opens a passage
 * side by side with its source, and Back leaves the page. The checks are set up through the API; the browser drives
 * only what is tested.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { ESSAY_PARAGRAPH_EDITED, GARDEN_ESSAY, LIGHTHOUSE_ARTICLE } from '../apps/server/test/texts.ts';
import { ApiClient } from './api-client.ts';
import { fillLogInForm, keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

const PASSWORD = 'Rep0rtPage!Secret';
const stamp = Date.now();
const WRITER = { email: `rp.writer.${String(stamp)}@example.com`, password: PASSWORD };
const READER = { email: `rp.reader.${String(stamp)}@example.com`, password: PASSWORD };
const TITLE = 'Harbour visit essay';
const GARDEN_MIDDLE = GARDEN_ESSAY.split('\n\n')[1] ?? '';

const CHECKED_TEXT = [
  'Our class spent a windy morning at the old harbour, and on the way back we argued about what a town owes to the people who keep it running when nobody is watching.',
  GARDEN_MIDDLE,
  ESSAY_PARAGRAPH_EDITED,
  'I left the harbour thinking that shared work only lasts when it is written down, agreed on and handed over with care, which is perhaps the oldest lesson of any small community by the sea.',
].join('\n\n');

/** The API client, and a check made through it. */
class Api extends ApiClient {
  /** Checks a text and waits for its report. */
  async check(text: string, title: string): Promise<number> {
    const sent = await this.post<{ data: { text: { id: number } } }>('/api/v1/text', { text, title, language: 'en' });
    const id = sent.data.text.id;
    // the check runs in the product's worker: wait for its report (state 5)
    const until = Date.now() + 90_000;
    for (;;) {
      const { data } = await this.get<{ data: { state: number } }>(`/api/v1/text/${String(id)}`);
      if (data.state === 5) break;
      if (data.state !== 3 || Date.now() > until) throw new Error(`check ${String(id)}: state ${String(data.state)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return id;
  }
}

/** The similarity total the report shows ("45.23 %"). */
async function similarity(page: Page): Promise<number> {
  const text = (await page.locator('.report-total__value').first().textContent()) ?? '';
  return Number(text.replace(/[^\d.,]/g, '').replace(',', '.'));
}

describe('the report page', () => {
  let product: Product;
  let browser: Browser;
  let folder: string;
  let checkId = 0;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'vt-report-page-'));
    writeFileSync(path.join(folder, 'lighthouses.txt'), LIGHTHOUSE_ARTICLE);
    product = await startProduct({
      collections: [{ name: 'maritime', path: folder, title: 'Maritime history' }],
      adminCommands: [
        ['user:create', '--email', WRITER.email, '--password', PASSWORD, '--name', 'Wendy Writer', '--pages', '10'],
        ['user:create', '--email', READER.email, '--password', PASSWORD, '--name', 'Rita Reader', '--pages', '10'],
      ],
    });
    browser = await launchBrowser();
    const writer = new Api(product.url);
    await writer.post('/login_check', { _username: WRITER.email, _password: PASSWORD });
    await writer.check(GARDEN_ESSAY, 'Community gardens');
    const reader = new Api(product.url);
    await reader.post('/login_check', { _username: READER.email, _password: PASSWORD });
    checkId = await reader.check(CHECKED_TEXT, TITLE);
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
    await product.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('opens by its address; ignore, only this source, side by side and Back work', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'report-page'));
    });
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await fillLogInForm(page, READER);
    await page.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });
    await page.goto(`${product.url}/profile/my-documents`);
    await page.getByText(TITLE).first().waitFor({ timeout: 30_000 });

    // by its address: the document's title in the heading and the window's title
    const address = `${product.url}/profile/report/${String(checkId)}`;
    await page.goto(address);
    await page
      .getByRole('heading', { level: 1, name: new RegExp(`^Similarity report\\W+${TITLE}$`) })
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => page.title()).toBe(`Similarity report: ${TITLE}`);
    const sources = page.locator('.report-list--source > li');
    await sources.first().waitFor({ timeout: 30_000 });
    expect(await sources.count()).toBe(2);
    const before = await similarity(page);
    expect(before).toBeGreaterThan(0);

    // ignore the first source: the similarity drops, the source is listed as left out, and comes back
    await sources
      .first()
      .getByRole('button', { name: /^Ignore / })
      .click();
    await expect.poll(() => similarity(page), { timeout: 30_000 }).toBeLessThan(before);
    expect(await sources.count()).toBe(1);
    const excluded = page.getByTestId('excluded-sources');
    await excluded.getByText('1 source left out').waitFor();
    await excluded.getByRole('button', { name: /^Include again: / }).click();
    await expect.poll(() => similarity(page), { timeout: 30_000 }).toBe(before);
    await expect.poll(() => sources.count()).toBe(2);

    // only this source: in the address (Back leaves the view), with a clear way back to every source
    const collection = sources.filter({ hasText: 'lighthouses.txt' });
    await collection.getByRole('button', { name: /^Only this source: / }).click();
    const banner = page.getByTestId('only-source-banner');
    await banner.waitFor({ timeout: 30_000 });
    expect(page.url()).toContain('?source=');
    await expect.poll(() => sources.count()).toBe(1);
    const onlyTotal = await similarity(page);
    expect(onlyTotal).toBeLessThan(before);
    await page.goBack();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => sources.count()).toBe(2);
    await collection.getByRole('button', { name: /^Only this source: / }).click();
    await banner.getByRole('button', { name: 'Show all sources' }).click();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => sources.count()).toBe(2);

    // side by side from a highlighted passage: the collection's text beside the passage
    const marked = page.locator('mark.report-node').first();
    // chosen with the keyboard, as a reader without a mouse does (Enter on a highlighted passage)
    await marked.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('passage-compare').click();
    const dialog = page.getByRole('dialog', { name: 'Side by side' });
    await dialog.getByText('Your text').first().waitFor({ timeout: 30_000 });
    expect(await dialog.locator('.side-by-side__pair').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // from the source's own button: all of its passages; the collection's text is shown
    await collection.getByRole('button', { name: /side by side$/ }).click();
    await dialog.locator('.side-by-side__column').nth(1).getByText('keeper', { exact: false }).first().waitFor();
    await page.keyboard.press('Escape');

    // Back returns to where the reader came from
    await page.goBack();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/profile/my-documents');
  });
});

import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { GARDEN_ESSAY, ORIGINAL_ESSAY } from '../apps/server/test/texts.ts';
import { isBlocking, runAxe } from './axe.ts';
import { ARTIFACTS, keepScreenshot, launchBrowser, signUpThroughModal, startProduct, type Product } from './harness.ts';

const PASSWORD = 'Stat1stics!Secret';
const SHOTS = path.join(ARTIFACTS, 'statistics');

/** The statistics page at a phone's and a desktop's width, for a person to look at (e2e/artifacts/statistics/). */
async function shoot(page: Page, name: string, ready: Locator): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await ready.waitFor();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${String(width)}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

type Document = { id: number; state: number; pages: number; percent: number | null };

/** A percentage as the page writes it in English: two decimals and a no-break space before "%". */
const percentText = (value: number) => `${value.toFixed(2)}\u00a0%`;

/**
 * Commerce-and-cabinet.md §2 "Organisation statistics": an organisation's owner, whose checks were made through the
 * API, opens Statistics from the profile menu, sees the month's figures and the recent works, and downloads the CSV.
 */
describe('the organisation statistics page', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `stats.owner.${String(Date.now())}@example.com`;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    // bypassCSP: the accessibility scan injects axe
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
      bypassCSP: true,
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  it('shows an owner the figures of her checks and downloads them as CSV', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'statistics'));
    });
    await signUpThroughModal(page, product.url, { email, password: PASSWORD, organisation: 'North High' });

    // two checks in the organisation, through the API (the organisation's sign-up bonus pays them)
    const api = page.request;
    const groups = (await (await api.get(`${product.url}/api/v1/groups/list/`)).json()) as {
      data: { groups: { id: number; name: string }[] };
    };
    const groupId = groups.data.groups[0]?.id ?? 0;
    expect(groupId).toBeGreaterThan(0);
    const ids: number[] = [];
    for (const text of [ORIGINAL_ESSAY, GARDEN_ESSAY]) {
      const { token } = (await (await api.get(`${product.url}/csrf_tokens`)).json()) as { token: string };
      const response = await api.post(`${product.url}/api/v1/text`, {
        form: {
          text,
          language: 'en',
          group_id: String(groupId),
          skip_english_words_validation: 'true',
          skip_percentage_words_validation: 'true',
          _csrf_token: token,
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      ids.push(((await response.json()) as { data: { text: { id: number } } }).data.text.id);
    }

    // Statistics, from the profile menu
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Statistics' }).click();
    await page.waitForURL(`${product.url}/profile/statistics/`);
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();

    // the progress dashboard refreshes itself until both works are checked
    const recent = page.getByRole('table', { name: 'The 10 most recent works, newest first' });
    await expect
      .poll(async () => recent.getByText('Ready', { exact: true }).count(), { timeout: 90_000, interval: 1000 })
      .toBe(2);
    const documents = await Promise.all(
      ids.map(
        async (id) =>
          ((await (await api.get(`${product.url}/api/v1/text/${String(id)}`)).json()) as { data: Document }).data,
      ),
    );
    const pages = documents.reduce((sum, document) => sum + document.pages, 0);
    const percents = documents.map((document) => document.percent ?? 0);
    // the mean of the two, to two decimals, as the server rounds it
    const median = Math.round((((percents[0] ?? 0) + (percents[1] ?? 0)) / 2) * 100) / 100;
    // each work links to its report
    await recent.getByRole('link').first().waitFor();
    expect(
      await recent.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual([...ids].reverse().map((id) => `/profile/report/${String(id)}`));

    // the figures follow without a reload: both similarities now make the median
    const cards = page.locator('.statistics-cards');
    const card = (label: string) => cards.getByRole('listitem').filter({ hasText: label });
    await card('Median similarity').getByText(percentText(median)).waitFor({ timeout: 15_000 });
    // this month's figures: the table of months shrinks to one row once they are in
    await page.getByRole('button', { name: 'This month' }).click();
    const months = page.getByRole('table', { name: 'Checks, pages, AI checks and AI pages per month' });
    await expect.poll(() => months.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    await card('Checks').getByText('2', { exact: true }).waitFor({ timeout: 15_000 });
    await card('Checks')
      .getByText(`${String(pages)} pages`)
      .waitFor();
    await card('Median similarity').getByText(percentText(median)).waitFor();
    await card('AI-flagged documents').getByText('No data').waitFor();
    const byMember = page.getByRole('table', { name: 'Figures by member of North High' });
    const ownerRow = byMember.getByRole('row').filter({ hasText: email });
    expect(await ownerRow.getByRole('cell').allTextContents()).toEqual([
      'Administrator',
      '2',
      String(pages),
      '0',
      percentText(median),
      'No data',
    ]);
    expect(await months.locator('tbody td').allTextContents()).toEqual(['2', String(pages), '0', '0']);

    const from = await page.getByLabel('From').inputValue();
    const to = await page.getByLabel('To').inputValue();
    expect(from.endsWith('-01')).toBe(true);
    expect(from.slice(0, 7)).toBe(to.slice(0, 7));
    expect(page.url()).toContain(`from=${from}&to=${to}`);

    const dashboard = page.locator('.statistics-cards');
    await shoot(page, 'statistics', dashboard);
    expect((await runAxe(page)).violations.filter(isBlocking)).toEqual([]);

    // Download CSV: the file the owner gets, exactly
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`statistics-north-high-${from}-to-${to}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    const zone = await page.evaluate(
      async (url) => {
        const response = await fetch(url);
        return ((await response.json()) as { data: { time_zone: string } }).data.time_zone;
      },
      `/api/v1/groups/${String(groupId)}/statistics/?from=${from}&to=${to}`,
    );
    const medianCell = String(median);
    expect(csv).toBe(
      '\uFEFF' +
        [
          'Organisation statistics',
          'Organisation,North High',
          `From,${from}`,
          `To,${to}`,
          `Time zone,${zone}`,
          'Figures,Whole organisation',
          '',
          'Totals',
          'Checks,Pages,AI checks,AI pages,Ready checks,Median similarity (%),AI-assessed documents,AI-flagged documents,AI-flagged share (%)',
          `2,${String(pages)},0,0,2,${medianCell},0,0,`,
          '',
          'Monthly usage',
          'Month,Checks,Pages,AI checks,AI pages',
          `${from.slice(0, 7)},2,${String(pages)},0,0`,
          '',
          'By member',
          'Member,E-mail,Role,Checks,Pages,AI checks,AI pages,Median similarity (%),AI-flagged share (%)',
          `,${email},Administrator,2,${String(pages)},0,0,${medianCell},`,
        ].join('\r\n') +
        '\r\n',
    );

    // and the XLS download is a real workbook (a zip)
    const downloadingXlsx = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Download XLS' }).click();
    const xlsx = await downloadingXlsx;
    expect(xlsx.suggestedFilename()).toBe(`statistics-north-high-${from}-to-${to}.xlsx`);
    expect((await readFile(await xlsx.path())).subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

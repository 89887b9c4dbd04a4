import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { docx } from '../apps/server/test/uploads.ts';
import {
  ESSAY_PARAGRAPH_EDITED,
  ESSAY_WITH_REUSE,
  GARDEN_ESSAY,
  GARDEN_REUSE,
  LIGHTHOUSE_ARTICLE,
  ORIGINAL_ESSAY,
} from '../apps/server/test/texts.ts';
import { keepScreenshot, launchBrowser, signUpThroughModal, startProduct, type Product } from './harness.ts';

/** About 300 words: the essay with a closing sentence; its first 275 words hold the edited paragraph. */
const GUEST_TEXT = `${ESSAY_WITH_REUSE} I still keep the postcard of that tower above my desk, next to the timetable of the ferry we never managed to catch.`;
const PASSWORD = 'Check3r!Secret';

/** With CHECK_SCREENSHOTS_DIR set, keeps the page for a human to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.CHECK_SCREENSHOTS_DIR;
  if (dir !== undefined) await page.screenshot({ path: `${dir}/${name}.png` });
}

async function signUp(page: Page, url: string, email: string): Promise<void> {
  await signUpThroughModal(page, url, { email, password: PASSWORD });
  // the session has settled once the balance card shows the new user's bonus page
  await page.getByText('Bonus pages').waitFor({ timeout: 30_000 });
}

/** The caller's AI pages as the server counts them (the guest's token from its cookie). */
async function serverAiPages(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const raw = document.cookie
      .split('; ')
      .find((part) => part.startsWith('guest_data='))
      ?.slice('guest_data='.length);
    const token = (JSON.parse(decodeURIComponent(raw ?? '{}')) as { api?: string }).api ?? '';
    const response = await fetch('/profile/get_credentials', { headers: { 'X-API-TOKEN': token } });
    return ((await response.json()) as { user: { balance: { ai_balance: number } } }).user.balance.ai_balance;
  });
}

/** Runs a check from /profile/new-check through the confirm modal; the user lands on My Documents. */
async function runConfirmedCheck(page: Page, url: string): Promise<void> {
  const button = page.getByRole('button', { name: 'Check for plagiarism' });
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
  await button.click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('heading', { name: 'Ready to run the check?' }).waitFor();
  await confirm.getByRole('button', { name: 'Run check' }).click();
  await page.waitForURL(`${url}/profile/my-documents`, { timeout: 30_000 });
}

/** The newest document of My Documents once it is ready (the list refetches every 5 s while one is in progress). */
async function newestReady(page: Page): Promise<Locator> {
  const row = page.locator('[data-document-id]').first();
  await row.and(page.locator('[data-state="ready"]')).waitFor({ timeout: 60_000 });
  return row;
}

/**
 * The report page of the row's document, opened by the row's "Open" link (the report at its own address,
 * /profile/report/{id}), once the report is shown (after the progress messages): the first source, or with `empty`
 * the empty list's message.
 */
async function openReport(page: Page, row: Locator, empty?: string): Promise<{ report: Locator; id: string }> {
  const id = (await row.getAttribute('data-document-id')) ?? '';
  expect(id).not.toBe('');
  await row.getByRole('link', { name: 'Open', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/profile/report/${id}`);
  // titled by the document ("Similarity report: <title>"); the check's id is on the report
  const report = page.locator(`.report-page[data-check-id="${id}"]`);
  await report.getByRole('heading', { level: 1, name: /^Similarity report/ }).waitFor({ timeout: 30_000 });
  const shown = empty === undefined ? report.locator('[data-item^="source:"]').first() : report.getByText(empty);
  await shown.waitFor({ timeout: 60_000 });
  return { report, id };
}

describe('the plagiarism check in the browser', () => {
  let product: Product;
  let browser: Browser;
  let folder: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'vt-e2e-ref-'));
    writeFileSync(join(folder, 'lighthouses.txt'), LIGHTHOUSE_ARTICLE);
    product = await startProduct({ collections: [{ name: 'maritime', path: folder, title: 'Maritime history' }] });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
    await product.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  async function newPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    contexts.push(context);
    const page = await context.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, `check-${String(contexts.length)}`));
    });
    return page;
  }

  it('a guest checks 1 free page and sees the imported source with the edited paragraph highlighted', async () => {
    const page = await newPage();
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByLabel('Text to check').fill(GUEST_TEXT);
    await page.getByText('You can check only 1 free page (1 page = 275 words).').waitFor();
    await page.getByRole('button', { name: 'Check 1 free page' }).click();

    // the guest stays on the page: the report modal shows the progress, then the report
    const dialog = page.getByRole('dialog', { name: /^Similarity report/ });
    await dialog.getByRole('progressbar').waitFor({ timeout: 30_000 });
    const source = dialog.locator('[data-item="source:1"]');
    await source.waitFor({ timeout: 60_000 });
    expect(page.url()).toBe(`${product.url}/`);
    await expect.poll(() => source.textContent()).toContain('lighthouses.txt');
    expect(await dialog.locator('[data-item^="source:"]').count()).toBe(1);
    await dialog.getByText('Sign up to check the whole text').waitFor();

    // the edited paragraph is marked in the text, and hovering the source highlights it
    const marks = dialog.locator('mark.report-node');
    const marked = (await marks.allTextContents()).join(' ');
    expect(marked).toContain('relied on the patience of their keepers');
    expect(marked).not.toContain('When our class visited');
    await source.hover();
    await dialog.locator('mark.report-node.is-highlighted').first().waitFor({ timeout: 5_000 });
    const highlighted = (await dialog.locator('mark.report-node.is-highlighted').allTextContents()).join(' ');
    expect(highlighted).toContain(ESSAY_PARAGRAPH_EDITED.slice(60, 110));
    // the report says what it was compared with, the internet included (not searched)
    const scope = dialog.getByTestId('report-scope');
    await scope.getByText('Reference collection “Maritime history”: 1 document').waitFor();
    await scope.getByText('The internet: not searched (no search provider is configured on this service)').waitFor();
    expect(await scope.textContent()).toMatch(/\d+ documents? checked on Veritext/);
    await shoot(page, 'guest-report');

    // opening the report spent no AI page: the AI check is offered with its cost, and sent only on a click
    await dialog.getByRole('tab', { name: /^AI total/ }).click();
    const offer = dialog.getByRole('button', { name: 'Check for AI — costs 1 AI page' });
    await offer.waitFor();
    expect(await dialog.getByRole('tab', { name: /^AI total/ }).textContent()).toContain('Not checked');
    expect(await serverAiPages(page)).toBe(1);
    await shoot(page, 'guest-report-ai-offer');
    await offer.click();
    await expect.poll(() => serverAiPages(page), { timeout: 30_000 }).toBe(0);
    await dialog.getByText('Verdict:').waitFor({ timeout: 120_000 });
    // the guest's free page is spent
    const guestData = await page.evaluate(() => document.cookie);
    expect(guestData).toContain('guest_data');
  });

  it("a second user's check finds the first user's checked text as a source", async () => {
    const first = await newPage();
    await signUp(first, product.url, `first.${String(Date.now())}@example.com`);
    await first.getByLabel('Text to check').fill(GARDEN_ESSAY);
    await runConfirmedCheck(first, product.url);
    const firstRow = await newestReady(first);
    const firstId = (await firstRow.getAttribute('data-document-id')) ?? '';

    const second = await newPage();
    await signUp(second, product.url, `second.${String(Date.now())}@example.com`);
    await second.getByLabel('Text to check').fill(GARDEN_REUSE);
    await runConfirmedCheck(second, product.url);
    const { report } = await openReport(second, await newestReady(second));
    const names = (await report.locator('[data-item^="source:"]').allTextContents()).join(' ');
    // someone else's document: whose it is, never its owner, title or text
    expect(names).toMatch(/A document submitted to Veritext on \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(names).not.toContain(`#${firstId}`);
    const marked = (await report.locator('mark.report-node').allTextContents()).join(' ');
    expect(marked).toContain('compost is shared');
    await shoot(second, 'second-user-report');
  });

  it('a registered user uploads a .docx and finds its report in My Documents', async () => {
    const page = await newPage();
    await signUp(page, product.url, `docx.${String(Date.now())}@example.com`);
    const file = join(folder, 'cello-lessons.docx');
    writeFileSync(file, docx(ORIGINAL_ESSAY.replace(/\n\n/g, ' ')));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload files' }).click();
    await (await chooser).setFiles(file);
    const list = page.getByRole('list', { name: 'Files to check' });
    await list.getByText('cello-lessons.docx').waitFor();
    await list.getByText('Ready', { exact: true }).waitFor({ timeout: 15_000 });
    await runConfirmedCheck(page, product.url);
    const row = await newestReady(page);
    expect(await row.textContent()).toContain('cello-lessons.docx');
    // an original text: the report has no sources
    const { report } = await openReport(page, row, 'No similarity detected.');
    expect(await report.textContent()).toContain('slow scales');
  });

  it('at 375 px the sources are a bottom sheet that opens and closes by touch', async () => {
    const page = await newPage({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    await signUp(page, product.url, `phone.${String(Date.now())}@example.com`);
    await page.getByLabel('Text to check').fill(`${ORIGINAL_ESSAY}\n\n${ESSAY_PARAGRAPH_EDITED}`);
    await runConfirmedCheck(page, product.url);
    const { report } = await openReport(page, await newestReady(page));
    const sheet = report.locator('[data-sheet-state]');
    const handle = report.locator('[data-sheet-handle]');
    // the mouse pointer that opened the report rests over the text: hovering may move the sheet once, then it
    // settles (no peeking/expanded flicker as the sheet moves other items under the pointer)
    await handle.waitFor();
    // on the report page the report takes the window under the site's header, below the page's heading: scrolled
    // to it, as a reader does, the whole report (its text, then the sheet) is in view
    await report.locator('.report').evaluate((element) => {
      element.scrollIntoView({ block: 'end' });
    });
    // it opens peeking (or expanded, when the pointer rested on a marked passage of the text)
    expect(['peeking', 'expanded']).toContain(await sheet.getAttribute('data-sheet-state'));

    const cdp = await page.context().newCDPSession(page);
    const swipe = async (fromY: number, toY: number): Promise<void> => {
      const box = (await handle.boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y + fromY }] });
      for (let step = 1; step <= 5; step += 1) {
        const at = y + fromY + ((toY - fromY) * step) / 5;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: at }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const bodyHeight = (): Promise<number> =>
      report.locator('.report-sheet__body').evaluate((body) => body.getBoundingClientRect().height);

    await swipe(0, 120);
    await expect.poll(() => sheet.getAttribute('data-sheet-state')).toBe('collapsed');
    await expect.poll(bodyHeight).toBeLessThan(5);
    await swipe(0, -120);
    await expect.poll(() => sheet.getAttribute('data-sheet-state')).toBe('expanded');
    await expect.poll(bodyHeight).toBeGreaterThan(350);
    await shoot(page, 'sheet-expanded-375');
    // a short swipe (under 50 px) changes nothing
    await swipe(0, 30);
    expect(await sheet.getAttribute('data-sheet-state')).toBe('expanded');
    // tapping the handle toggles peeking and expanded
    await handle.tap();
    await expect.poll(() => sheet.getAttribute('data-sheet-state')).toBe('peeking');
    await expect.poll(bodyHeight).toBeLessThan(80);
    await handle.tap();
    await expect.poll(() => sheet.getAttribute('data-sheet-state')).toBe('expanded');
  });
});

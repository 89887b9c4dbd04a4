import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { fillLogInForm, keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

/** A paragraph in a chat assistant's register (written for this test). */
const AI_STYLE_TEXT = `Certainly! Here is a comprehensive overview of the key benefits of regular physical activity. \
First and foremost, it is important to note that consistent exercise plays a crucial role in maintaining \
overall health and well-being. Engaging in physical activity can significantly improve cardiovascular health, \
enhance mood, and boost energy levels throughout the day. Additionally, regular exercise helps to strengthen \
muscles and bones, which can reduce the risk of injury as we age. Furthermore, it is worth mentioning that \
physical activity can have a positive impact on mental health, helping to reduce stress, anxiety, and \
symptoms of depression. In addition to these benefits, exercise can also promote better sleep quality and \
support healthy weight management. Overall, incorporating regular physical activity into your daily routine \
is a valuable investment in your long-term health. I hope this helps! Let me know if you have any other \
questions or need further information on this topic.`;

/** A registered user with AI pages (made by the admin CLI before the product starts). */
const WRITER = { email: 'ai.writer@example.com', password: 'Correct-Horse-42!' };

/** The verdict in words: one of three bands (issue 20; the uncertain band, issue 15). */
const VERDICT_WORDS = /^(Reads as written by a person|Not enough evidence to tell|Reads as AI-written)$/;

/** With AI_SCREENSHOTS_DIR set, keeps the page at desktop and at 375 px width for a human to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.AI_SCREENSHOTS_DIR;
  if (dir === undefined) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await page.screenshot({ path: `${dir}/${name}-${String(width)}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('a guest checks a text on the AI detector', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct({
      adminCommands: [['user:create', '--email', WRITER.email, '--password', WRITER.password, '--ai-pages', '2']],
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
    await product.stop();
  });

  it('pastes an AI-style paragraph, checks it and sees highlighted chunks and a verdict', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'ai-detector'));
    });
    await page.goto(`${product.url}/ai-detector/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    const text = page.getByLabel('Text to check for AI');
    const check = page.getByRole('button', { name: 'Check for AI', exact: true });

    // Too short: the spec's message, and nothing is sent.
    await text.fill('A short text.');
    await check.click();
    await page.getByRole('alert').getByText('Please insert at least 250 characters').waitFor();
    await shoot(page, 'ai-too-short');

    await text.fill(AI_STYLE_TEXT);
    await check.click();
    await page
      .getByRole('status')
      .getByText(/Checking your text for AI/)
      .waitFor();
    await shoot(page, 'ai-progress');
    const result = page.getByRole('region', { name: 'AI detection result' });
    await result.waitFor({ timeout: 60_000 });
    await expect.poll(() => result.locator('mark.ai-mark').count()).toBeGreaterThan(0);
    const verdict = (await result.getByTestId('ai-verdict').textContent()) ?? '';
    expect(verdict).toMatch(VERDICT_WORDS);
    // what it means and how often English texts by people got it in our tests, the bar's text equivalent, the
    // caution, and no log-like score line or threshold
    await result
      .getByTestId('ai-verdict-meaning')
      .getByText(
        /In our tests, (none of the [\d,]+|\d+\.\d\d\u00a0% of the [\d,]+) English texts written by people got this result\./,
      )
      .waitFor();
    await result.getByRole('img', { name: 'Share of your text' }).waitFor();
    await result.getByText('No AI detector is certain.', { exact: false }).waitFor();
    expect(await result.getByText(/the verdict says AI-written/).count()).toBe(0);
    expect(await result.getByText(/score|threshold|from 0\.\d/i).count()).toBe(0);
    // three statistic cards and three parts of the bar's legend, two decimals and a no-break space
    expect(await result.getByText(/^\d+\.\d\d\u00a0%$/).count()).toBe(6);
    // the address names the result: a reload shows it again
    expect(page.url()).toMatch(/\/ai-detector\/\?check=\d+$/);

    // The guest cookie now holds one AI page fewer.
    const cookies = await context.cookies();
    const guest = cookies.find((cookie) => cookie.name === 'guest_data');
    expect(guest).toBeDefined();
    const balance = (JSON.parse(decodeURIComponent(guest?.value ?? '{}')) as { balance?: { ai_balance: number } })
      .balance;
    expect(balance?.ai_balance).toBe(0);

    await shoot(page, 'ai-result');

    // Download PDF: the report is saved as a file, a PDF with the text in it.
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await result.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^veritext-ai-report-\d+\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(pdf.text.replace(/\s+/g, ' ')).toContain(
      'First and foremost, it is important to note that consistent exercise plays a crucial role in maintaining overall health and well-being.',
    );
    expect(pdf.text).toContain(verdict);

    // Thumbs down asks for a comment; Submit thanks the user.
    await result.getByRole('button', { name: /Thumbs down/ }).click();
    await shoot(page, 'ai-comment');
    await result.getByLabel('What was wrong with the result?').fill('The first sentence is mine.');
    await result.getByRole('button', { name: 'Submit' }).click();
    await result.getByText('Thank you! Your feedback helps us improve.').waitFor();

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Clear text brings back the empty form.
    await result.getByRole('button', { name: 'Clear text' }).click();
    expect(await page.getByLabel('Text to check for AI').inputValue()).toBe('');
    expect(page.url()).toMatch(/\/ai-detector\/$/);
    // a guest has no My Documents: the last result opens again from the form
    await page.getByRole('button', { name: 'Open your last result' }).click();
    await result.getByText(verdict, { exact: true }).waitFor();
  }, 90_000);

  it("keeps a user's AI result: My Documents lists it, it opens again, the text before the cards on a phone", async () => {
    const writer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await writer.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'ai-detector-kept'));
    });
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await fillLogInForm(page, WRITER);
    await page.waitForURL(`${product.url}/profile/new-check`, { timeout: 30_000 });

    await page.goto(`${product.url}/ai-detector/`);
    await page.getByLabel('Text to check for AI').fill(AI_STYLE_TEXT);
    await page.getByRole('button', { name: 'Check for AI', exact: true }).click();
    const result = page.getByRole('region', { name: 'AI detection result' });
    await result.waitFor({ timeout: 60_000 });
    const verdict = (await result.getByTestId('ai-verdict').textContent()) ?? '';
    expect(verdict).toMatch(VERDICT_WORDS);
    const id = /\?check=(\d+)$/.exec(page.url())?.[1];
    expect(id).toBeDefined();

    // My Documents: the AI checks tab lists it with its first words, verdict and AI share
    await page.goto(`${product.url}/profile/my-documents`);
    await page.getByRole('navigation', { name: 'Kinds of checks' }).getByRole('link', { name: 'AI checks' }).click();
    const row = page.locator(`[data-ai-check-id="${id ?? ''}"]`);
    await row.waitFor();
    expect(await row.getByRole('rowheader').textContent()).toMatch(/^Certainly! Here is a comprehensive overview/);
    await row.getByText(verdict, { exact: true }).waitFor();
    expect(await row.getByText(/^\d+\.\d\d\u00a0%$/).count()).toBe(1);
    await shoot(page, 'ai-my-documents');

    // Open result: the AI detector shows it again, the same verdict and the same text
    await row.getByRole('link', { name: 'Open result' }).click();
    await page.waitForURL(`${product.url}/ai-detector/?check=${id ?? ''}`);
    await result.waitFor();
    await result.getByText(verdict, { exact: true }).waitFor();
    await result.getByText(/First and foremost, it is important to note/).waitFor();

    // at 375 px the highlighted text comes before the statistic cards
    await page.setViewportSize({ width: 375, height: 800 });
    const textBox = await result.getByTestId('ai-text').boundingBox();
    const statsBox = await result.getByTestId('ai-stats').boundingBox();
    expect(textBox).not.toBeNull();
    expect(statsBox).not.toBeNull();
    expect(textBox!.y + textBox!.height).toBeLessThanOrEqual(statsBox!.y);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // deleted from My Documents, it leaves the list
    await page.goto(`${product.url}/profile/my-documents?tab=ai`);
    await row.getByRole('button', { name: /^Delete the AI check / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
    await page.getByTestId('ai-checks-empty').waitFor();
    await writer.close();
  }, 120_000);
});

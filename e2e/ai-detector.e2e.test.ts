import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

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
    product = await startProduct();
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
    const verdict = (await result.locator('.ai-result__verdict strong').textContent()) ?? '';
    expect(verdict).toMatch(/^(Human-written|Likely human|Potentially AI|Likely AI|Highly likely AI|Most likely AI)$/);
    expect(await result.getByText(/^\d+\.\d\d %$/).count()).toBe(3);

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
    await result.getByText('Thank you so much! You help us get better.').waitFor();

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Clear text brings back the empty form.
    await result.getByRole('button', { name: 'Clear text' }).click();
    expect(await page.getByLabel('Text to check for AI').inputValue()).toBe('');
  }, 90_000);
});

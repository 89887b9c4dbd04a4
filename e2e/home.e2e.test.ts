import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

/** The home page (issue 20, §2): the text box on a phone's first screen, the sections, the sample report. */
const LANGS = {
  en: {
    path: '/',
    textLabel: 'Text to check',
    sections: [
      'How it works',
      'A sample report',
      'What your text is compared with',
      'Your privacy, in plain words',
      'Questions and answers',
    ],
  },
  es: {
    path: '/es/',
    textLabel: 'Texto para revisar',
    sections: [
      'Cómo funciona',
      'Un informe de ejemplo',
      'Con qué se compara tu texto',
      'Tu privacidad, en pocas palabras',
      'Preguntas frecuentes',
    ],
  },
} as const;

type Lang = keyof typeof LANGS;

/** Which marks of the sample text are highlighted: their `data-sources`, in text order. */
async function highlightedMarks(page: Page): Promise<string[]> {
  return page
    .locator('mark.sample-mark[data-highlighted="true"]')
    .evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-sources') ?? ''));
}

async function marksOf(page: Page, sourceId: string): Promise<string[]> {
  const all = await page
    .locator('mark.sample-mark')
    .evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-sources') ?? ''));
  return all.filter((sources) => sources.split(' ').includes(sourceId));
}

describe('the home page', () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  async function open(lang: Lang, viewport: { width: number; height: number }): Promise<[BrowserContext, Page]> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, `home-${lang}-${viewport.width}`));
    });
    await page.goto(`${product.url}${LANGS[lang].path}`);
    await page.getByLabel(LANGS[lang].textLabel, { exact: true }).waitFor();
    return [context, page];
  }

  it.each(['en', 'es'] as const)(
    'shows the text box on the first screen of a 375 × 740 phone, below the header and clear of the cookie notice (%s)',
    async (lang) => {
      const [context, page] = await open(lang, { width: 375, height: 740 });
      try {
        const box = await page.getByLabel(LANGS[lang].textLabel, { exact: true }).boundingBox();
        expect(box).not.toBeNull();
        const header = await page.locator('header').first().boundingBox();
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        expect(box!.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
        expect(box!.height).toBeGreaterThanOrEqual(120);
        expect(box!.y + box!.height).toBeLessThanOrEqual(740);
        const notice = page.locator('.cookie-notice');
        if (await notice.isVisible()) {
          const bar = await notice.boundingBox();
          expect(bar!.y).toBeGreaterThanOrEqual(box!.y + box!.height);
        }
        // nothing wider than the screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      } finally {
        await context.close();
      }
    },
  );

  it.each(['en', 'es'] as const)(
    'has every section below the form, in order, and the questions open (%s)',
    async (lang) => {
      const [context, page] = await open(lang, { width: 1280, height: 900 });
      try {
        const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
        const sections = LANGS[lang].sections;
        expect(headings.filter((heading) => (sections as readonly string[]).includes(heading.trim()))).toEqual([
          ...sections,
        ]);
        const questions = page.locator('details.home-faq__item');
        const count = await questions.count();
        expect(count).toBeGreaterThanOrEqual(6);
        expect(count).toBeLessThanOrEqual(8);
        const first = questions.first();
        expect(await first.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
        await first.locator('summary').click();
        expect(await first.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
        await expect.poll(() => first.locator('.home-faq__answer').isVisible()).toBe(true);
      } finally {
        await context.close();
      }
    },
  );

  it.each(['en', 'es'] as const)(
    'loads the sample report only near it; pointing at, focusing or pressing a source highlights its passages (%s)',
    async (lang) => {
      const [context, page] = await open(lang, { width: 1280, height: 900 });
      try {
        const chunks: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/SampleReport-')) chunks.push(request.url());
        });
        // the first screen does not fetch the sample's code and data
        await page.waitForTimeout(500);
        expect(chunks).toEqual([]);
        await page.locator('.home-sample').scrollIntoViewIfNeeded();
        await page.locator('[data-sample-report]').waitFor();
        expect(chunks.length).toBeGreaterThan(0);

        // its words (loaded with it) are there, not their keys
        const sample = await page.locator('[data-sample-report]').innerText();
        expect(sample).toContain(lang === 'es' ? 'Colección de referencia' : 'Reference collection');
        expect(sample).not.toContain('home.sample.');
        const gauge = await page.locator('.similarity-gauge').innerText();
        expect(gauge).toMatch(lang === 'es' ? /\d+,\d\d/ : /\d+\.\d\d/);

        const sources = page.locator('button.sample-source__button');
        expect(await sources.count()).toBe(2);
        expect(await highlightedMarks(page)).toEqual([]);
        const one = await marksOf(page, '1');
        const two = await marksOf(page, '2');
        expect(one.length).toBeGreaterThan(0);
        expect(two.length).toBeGreaterThan(0);

        // pointing at a source
        await sources.nth(0).hover();
        await expect.poll(() => highlightedMarks(page)).toEqual(one);
        await page.mouse.move(5, 5);
        await expect.poll(() => highlightedMarks(page)).toEqual([]);

        // the keyboard: Tab onto the first source (from whatever comes before it), then to the second
        await sources.nth(0).focus();
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        expect(await sources.nth(0).evaluate((button) => button === document.activeElement)).toBe(true);
        await expect.poll(() => highlightedMarks(page)).toEqual(one);
        await page.keyboard.press('Tab');
        expect(await sources.nth(1).evaluate((button) => button === document.activeElement)).toBe(true);
        await expect.poll(() => highlightedMarks(page)).toEqual(two);

        // pressing keeps the choice after focus leaves, until pressed again
        await page.keyboard.press('Enter');
        expect(await sources.nth(1).getAttribute('aria-pressed')).toBe('true');
        await page.keyboard.press('Tab');
        await expect.poll(() => highlightedMarks(page)).toEqual(two);
        await sources.nth(1).click();
        expect(await sources.nth(1).getAttribute('aria-pressed')).toBe('false');
        await page.mouse.move(5, 5);
        await expect.poll(() => highlightedMarks(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('on a touch phone, a tap on a source shows its passages and a second tap hides them', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'home-touch'));
    });
    try {
      await page.goto(`${product.url}/`);
      await page.locator('.home-sample').scrollIntoViewIfNeeded();
      await page.locator('[data-sample-report]').waitFor();
      const sources = page.locator('button.sample-source__button');
      await sources.nth(0).tap();
      await expect.poll(() => highlightedMarks(page)).toEqual(await marksOf(page, '1'));
      await sources.nth(1).tap();
      await expect.poll(() => highlightedMarks(page)).toEqual(await marksOf(page, '2'));
      await sources.nth(1).tap();
      await expect.poll(() => highlightedMarks(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

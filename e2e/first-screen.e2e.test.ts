import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { keepScreenshot, launchBrowser, signUpThroughModal, startProduct, type Product } from './harness.ts';

/**
 * The first screen of a phone (issue 20, §2): on a first visit at 375 x 740 the header shows the brand name, the
 * cookie notice is on screen, and the text box of the home page is fully in view, neither under the sticky header
 * nor under the notice. And the header's "Plagiarism checker" takes a logged-in user to the cabinet's New check.
 */
const PHONE = { width: 375, height: 740 } as const;
const HOMES = [
  { path: '/', textLabel: 'Text to check', notice: 'Cookie notice' },
  { path: '/es/', textLabel: 'Texto para revisar', notice: 'Aviso de cookies' },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('the element has no box (not rendered)');
  return box;
}

/** Whether two boxes share any area. */
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Whether the element itself is painted on top near each corner and at the centre of its box (what a finger would
 * touch there); the points stay inside the rounded corners.
 */
async function topmostIsItself(locator: Locator): Promise<boolean[]> {
  const box = await boxOf(locator);
  const inset = 12;
  const points = [
    [box.x + inset, box.y + inset],
    [box.x + box.width - inset, box.y + inset],
    [box.x + inset, box.y + box.height - inset],
    [box.x + box.width - inset, box.y + box.height - inset],
    [box.x + box.width / 2, box.y + box.height / 2],
  ] as const;
  return locator.evaluate(
    (element, corners) => corners.map(([x, y]) => document.elementFromPoint(x, y) === element),
    points,
  );
}

describe('the first screen on a phone', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext | null = null;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });
  // closed after the test, so that a failing test's screenshot can still be taken
  afterEach(async () => {
    await context?.close();
    context = null;
  });
  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  for (const home of HOMES) {
    it(`shows the brand name and the whole text box above the cookie notice at 375 x 740 (${home.path})`, async () => {
      context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      onTestFailed(async () => {
        console.error('screenshot kept at', await keepScreenshot(page, `first-screen-${home.path}`));
      });
      await page.goto(`${product.url}${home.path}`);
      const textBox = page.getByRole('textbox', { name: home.textLabel, exact: true });
      await textBox.waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.waitForTimeout(200);

      // the brand: the name beside the mark, inside the first screen
      const brandName = page.locator('.site-header .brand__name');
      expect(await brandName.isVisible()).toBe(true);
      expect((await brandName.innerText()).trim()).toBe('Veritext');
      const nameBox = await boxOf(brandName);
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(PHONE.width);

      // a first visit: the notice is there, at the bottom
      const notice = page.getByRole('region', { name: home.notice });
      expect(await notice.isVisible()).toBe(true);
      const noticeBox = await boxOf(notice);
      const headerBox = await boxOf(page.locator('.site-header'));
      const textBoxBox = await boxOf(textBox);

      expect(textBoxBox.y, 'the text box starts below the header').toBeGreaterThanOrEqual(
        headerBox.y + headerBox.height,
      );
      expect(textBoxBox.y + textBoxBox.height, 'the text box ends inside the first screen').toBeLessThanOrEqual(
        PHONE.height,
      );
      expect(overlaps(textBoxBox, noticeBox), 'the cookie notice overlaps the text box').toBe(false);
      expect(textBoxBox.y + textBoxBox.height).toBeLessThanOrEqual(noticeBox.y);
      // nothing at all is painted over it
      expect(await topmostIsItself(textBox)).toEqual([true, true, true, true, true]);

      // and a visitor can type into it at once, without dismissing the notice first
      await textBox.tap();
      await page.keyboard.type('A first sentence.');
      expect(await textBox.inputValue()).toBe('A first sentence.');
    });
  }

  it('takes a logged-in user from "Plagiarism checker" in the header to the New check, a guest home', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'first-screen-plagiarism-link'));
    });
    await page.goto(`${product.url}/pricing/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Plagiarism checker' }).click();
    await page.waitForURL(`${product.url}/`);
    await page.getByRole('textbox', { name: 'Text to check', exact: true }).waitFor();

    await signUpThroughModal(page, product.url, {
      email: `first.screen.${String(Date.now())}@example.com`,
      password: 'FirstScreen!Secret9',
    });
    await page.goto(`${product.url}/pricing/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await nav.getByRole('link', { name: 'Plagiarism checker' }).click();
    await page.waitForURL(`${product.url}/profile/new-check`);
    await page.getByRole('heading', { level: 1, name: 'New check' }).waitFor();
    // the header marks it as the current page: the user is where the link says
    await nav.locator('a[aria-current="page"]', { hasText: 'Plagiarism checker' }).waitFor();
  });
});

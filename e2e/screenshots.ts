/**
 * The screenshot tour (`npm run screenshots`): the product's main screens at 375 and 1280 px in English and
 * Spanish, for a person to look at and compare. The real product on a fresh embedded database, driven through
 * the UI as a visitor would: home, pricing, the AI detector (empty and with a result), a guest's report, a
 * signed-up user's report, My Documents and the profile. Writes PNGs to e2e/artifacts/screens/ (ignored by git).
 *
 * Needs the built client (`npm run build`) and Chromium, as the end-to-end suite does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ESSAY_WITH_REUSE, LIGHTHOUSE_ARTICLE } from '../apps/server/test/texts.ts';
import { ARTIFACTS, launchBrowser, signUpThroughModal, startProduct, type Product } from './harness.ts';

const OUT = path.join(ARTIFACTS, 'screens');
const WIDTHS = [375, 1280] as const;
const PASSWORD = 'Screens!Secret9';
const GUEST_TEXT = `${ESSAY_WITH_REUSE} I still keep the postcard of that tower above my desk, next to the timetable of the ferry we never managed to catch.`;
const AI_TEXT =
  'Artificial intelligence has transformed numerous industries by enabling unprecedented levels of automation and efficiency. ' +
  'Furthermore, it is important to note that these advancements present both opportunities and challenges for society. ' +
  'In conclusion, organizations must carefully balance innovation with ethical considerations to ensure sustainable growth. ' +
  'Moreover, stakeholders should collaborate to develop comprehensive frameworks that address potential risks while maximizing benefits.';

type Lang = 'en' | 'es';
const T = {
  en: {
    gotIt: 'Got it',
    textLabel: 'Text to check',
    guestCheck: 'Check 1 free page',
    aiLabel: 'Text to check for AI',
    aiCheck: 'Check for AI',
  },
  es: {
    gotIt: 'Entendido',
    textLabel: 'Texto para revisar',
    guestCheck: 'Revisar 1 página gratis',
    aiLabel: 'Texto para revisar con el detector de IA',
    aiCheck: 'Detectar IA',
  },
} as const;

function prefix(lang: Lang): string {
  return lang === 'es' ? '/es' : '';
}

async function shootBoth(page: Page, name: string, options: { firstScreen?: boolean } = {}): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(OUT, `${name}-${String(width)}.png`), fullPage: true });
    if (options.firstScreen === true && width === 375) {
      await page.screenshot({ path: path.join(OUT, `${name}-${String(width)}-first-screen.png`) });
    }
  }
}

async function dismissCookies(page: Page, lang: Lang): Promise<void> {
  const button = page.getByRole('button', { name: T[lang].gotIt });
  if (await button.isVisible().catch(() => false)) await button.click();
}

async function tourAnonymous(browser: Browser, product: Product, lang: Lang): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang });
  const page = await context.newPage();
  await page.goto(`${product.url}${prefix(lang)}/`);
  await page.getByLabel(T[lang].textLabel).waitFor();
  await shootBoth(page, `${lang}-home-first-visit`, { firstScreen: true });
  await dismissCookies(page, lang);
  // the sample report loads when scrolled near: bring it in before the full-page shots
  await page.locator('.home-sample__slot').scrollIntoViewIfNeeded();
  await page.locator('.home-sample__slot mark').first().waitFor({ timeout: 30_000 });
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await shootBoth(page, `${lang}-home`, { firstScreen: true });

  await page.goto(`${product.url}${prefix(lang)}/pricing/`);
  await page.waitForLoadState('networkidle');
  await shootBoth(page, `${lang}-pricing`);

  await page.goto(`${product.url}${prefix(lang)}/ai-detector/`);
  await page.getByLabel(T[lang].aiLabel).waitFor();
  await shootBoth(page, `${lang}-ai-detector-empty`);
  await page.getByLabel(T[lang].aiLabel).fill(AI_TEXT);
  await page.getByRole('button', { name: T[lang].aiCheck, exact: true }).click();
  await page
    .locator('[data-ai-result]')
    .or(page.getByRole('region').filter({ hasText: /%/ }))
    .first()
    .waitFor({
      timeout: 120_000,
    });
  await page.waitForTimeout(500);
  await shootBoth(page, `${lang}-ai-detector-result`);

  // a guest check from the home page: the report modal
  await page.goto(`${product.url}${prefix(lang)}/`);
  await page.getByLabel(T[lang].textLabel).fill(GUEST_TEXT);
  await page.getByRole('button', { name: T[lang].guestCheck }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('[data-item^="source:"]').first().waitFor({ timeout: 90_000 });
  await page.waitForTimeout(500);
  await shootBoth(page, `${lang}-report-guest`);
  await context.close();
}

async function tourUser(browser: Browser, product: Product, lang: Lang): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang });
  const page = await context.newPage();
  await signUpThroughModal(page, product.url, {
    email: `screens.${lang}.${String(Date.now())}@example.com`,
    password: PASSWORD,
  });
  await page.evaluate((language) => {
    localStorage.setItem('language', language);
  }, lang);
  await page.goto(`${product.url}/profile/new-check`);
  await page.getByLabel(T[lang].textLabel).fill(GUEST_TEXT);
  await shootBoth(page, `${lang}-new-check`);
  await page.locator('form button[type="submit"]').first().click();
  await page.getByRole('dialog').locator('button').last().click();
  await page.waitForURL(/my-documents/, { timeout: 30_000 });
  const row = page.locator('[data-document-id]').first();
  await row.and(page.locator('[data-state="ready"]')).waitFor({ timeout: 90_000 });
  await shootBoth(page, `${lang}-my-documents`);
  await row.locator('button').first().click();
  await page.getByRole('dialog').locator('[data-item^="source:"]').first().waitFor({ timeout: 90_000 });
  await page.waitForTimeout(500);
  await shootBoth(page, `${lang}-report-cabinet`);
  // on a phone: the first screen of the report, and its totals (Similarity / AI) scrolled into view
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: path.join(OUT, `${lang}-report-cabinet-375-first-screen.png`) });
  await page.getByRole('dialog').locator('.report__toolbar').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(OUT, `${lang}-report-cabinet-375-totals.png`) });
  await page.getByRole('dialog').getByRole('tab', { name: /AI|IA/ }).first().click();
  await page.screenshot({ path: path.join(OUT, `${lang}-report-cabinet-375-ai.png`) });
  await page.keyboard.press('Escape');
  await page.goto(`${product.url}/profile/`);
  await page.waitForLoadState('networkidle');
  await shootBoth(page, `${lang}-profile`);
  await context.close();
}

async function main(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const folder = mkdtempSync(path.join(tmpdir(), 'vt-screens-'));
  writeFileSync(path.join(folder, 'lighthouses.txt'), LIGHTHOUSE_ARTICLE);
  const product = await startProduct({ collections: [{ name: 'maritime', path: folder, title: 'Maritime history' }] });
  const browser = await launchBrowser();
  try {
    const only = process.argv.slice(2);
    for (const lang of ['en', 'es'] as const) {
      if (only.length > 0 && !only.includes(lang)) continue;
      await tourAnonymous(browser, product, lang);
      await tourUser(browser, product, lang);
    }
    console.log(`screenshots in ${OUT}`);
  } finally {
    await browser.close();
    await product.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();

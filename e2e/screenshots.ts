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
import type { Browser, Locator, Page } from 'playwright-core';
import { ESSAY_WITH_REUSE, LIGHTHOUSE_ARTICLE } from '../apps/server/test/texts.ts';
import { describeBlocking, isBlocking, runAxe, type AxeScan } from './axe.ts';
import {
  ARTIFACTS,
  fillSignUpForm,
  keepScreenshot,
  launchBrowser,
  signUpThroughModal,
  startProduct,
  type Product,
} from './harness.ts';

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
  // "Open" goes to the report page (the report at its own address)
  const id = (await row.getAttribute('data-document-id')) ?? '';
  await row.locator('a.cabinet__open').click();
  const report = page.locator(`.report-page[data-check-id="${id}"]`);
  await report.locator('[data-item^="source:"]').first().waitFor({ timeout: 90_000 });
  await page.waitForTimeout(500);
  await shootBoth(page, `${lang}-report-cabinet`);
  // on a phone: the first screen of the report, and its totals (Similarity / AI) scrolled into view
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: path.join(OUT, `${lang}-report-cabinet-375-first-screen.png`) });
  await report.locator('.report__toolbar').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(OUT, `${lang}-report-cabinet-375-totals.png`) });
  await report.getByRole('tab', { name: /AI|IA/ }).first().click();
  await page.screenshot({ path: path.join(OUT, `${lang}-report-cabinet-375-ai.png`) });
  await page.goto(`${product.url}/profile/`);
  await page.waitForLoadState('networkidle');
  await shootBoth(page, `${lang}-profile`);
  await context.close();
}

/* ------------------------------------------------------------------ subscriptions and the buying modals */

const SUBS = {
  en: {
    region: 'Monthly subscriptions',
    tabs: ['Individual', 'Teams', 'AI detector'],
    getStarted: 'Get started',
    upgrade: 'Upgrade plan',
    myCard: 'My subscription',
    cancel: 'Cancel subscription',
    slider: 'Pages',
  },
  es: {
    region: 'Suscripciones mensuales',
    tabs: ['Particulares', 'Equipos', 'Detector de IA'],
    getStarted: 'Empezar',
    upgrade: 'Mejorar el plan',
    myCard: 'Mi suscripción',
    cancel: 'Cancelar la suscripción',
    slider: 'Páginas',
  },
} as const;

const axeScans: AxeScan[] = [];

/** A screenshot at both widths (of one element, or of the viewport: a modal), and an axe scan of the page. */
async function shootState(page: Page, lang: Lang, name: string, target?: () => Locator): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(300);
    const file = path.join(OUT, `${lang}-${name}-${String(width)}.png`);
    if (target === undefined) await page.screenshot({ path: file });
    else {
      // the sticky header would sit over the element's picture as it is scrolled through
      await page.locator('.site-header').evaluate((header) => {
        (header as HTMLElement).style.visibility = 'hidden';
      });
      await target().screenshot({ path: file });
      await page.locator('.site-header').evaluate((header) => {
        (header as HTMLElement).style.visibility = '';
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  axeScans.push({ name, lang, ...(await runAxe(page)) });
}

async function openModal(page: Page, name: string, props: Record<string, unknown> = {}): Promise<Locator> {
  await page.evaluate(
    ([modal, modalProps]) => {
      (window as unknown as { veritext: { openModal: (n: string, p: object) => void } }).veritext.openModal(
        modal,
        modalProps,
      );
    },
    [name, props] as const,
  );
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await page.waitForFunction(() => document.querySelector('[role="dialog"] .loading-block') === null);
  return dialog;
}

async function closeModal(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/**
 * The subscription widget (each tab), "Subscribe to", the confirm modal's offer, the add-more-pages, AI packages
 * and notify modals, a subscription paid with the sandbox card, the upgrade confirmation, My subscription and the
 * farewell survey; each at 375 and 1280 px, each scanned with axe-core (serious or critical violations listed).
 */
async function tourSubscriptions(browser: Browser, product: Product, lang: Lang): Promise<void> {
  const words = SUBS[lang];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang, bypassCSP: true });
  const page = await context.newPage();
  const section = () => page.locator('#subscriptions');

  // a visitor: the three tabs, and "Subscribe to" under the packs
  await page.goto(`${product.url}${prefix(lang)}/pricing/`);
  await dismissCookies(page, lang);
  const region = page.getByRole('region', { name: words.region });
  await region.getByRole('button', { name: words.getStarted }).waitFor();
  for (const [index, tab] of words.tabs.entries()) {
    await region.getByRole('tab', { name: tab }).click();
    await shootState(page, lang, `subs-widget-visitor-${['individ', 'team', 'ai'][index] ?? ''}`, section);
  }
  await page.locator('.pricing-subscribe').waitFor();
  await shootState(page, lang, 'subs-packs-subscribe-to', () => page.locator('.pricing-packs'));

  // a new user: sign up, then a text longer than the balance (the confirm modal's offer)
  // (the English home page: the sign-up helper fills the English form; the cookie notice is gone already)
  await page.goto(`${product.url}/`);
  await page.getByRole('button', { name: 'Sign up' }).first().click();
  await fillSignUpForm(page, { email: `subs.${lang}.${String(Date.now())}@example.com`, password: PASSWORD });
  await page.waitForURL(`${product.url}/profile/new-check`, { timeout: 60_000 });
  await page.evaluate((language) => {
    localStorage.setItem('language', language);
  }, lang);
  await page.goto(`${product.url}/profile/new-check`);
  await page.getByLabel(T[lang].textLabel).fill(`${ESSAY_WITH_REUSE} ${ESSAY_WITH_REUSE} ${ESSAY_WITH_REUSE}`);
  await page.locator('form button[type="submit"]').first().click();
  await page.getByRole('dialog').locator('.confirm__actions a, .confirm__actions button').first().waitFor();
  await shootState(page, lang, 'subs-confirm-new-user');
  await closeModal(page);

  // the buying modals
  await page.goto(`${product.url}${prefix(lang)}/pricing/`);
  const price = await openModal(page, 'price');
  await shootState(page, lang, 'subs-modal-price');
  const slider = price.getByLabel(words.slider);
  await slider.focus();
  await page.keyboard.press('End');
  await shootState(page, lang, 'subs-modal-price-custom');
  await closeModal(page);
  await openModal(page, 'aiprice');
  await shootState(page, lang, 'subs-modal-aiprice');
  await closeModal(page);
  await openModal(page, 'notify', { groupId: 1, reason: 'pages' });
  await shootState(page, lang, 'subs-modal-notify');
  await closeModal(page);

  // subscribe to the default plan (light) with the sandbox card
  await region.getByRole('button', { name: words.getStarted }).click();
  await page.waitForURL(/\/sandbox-pay\//, { timeout: 30_000 });
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  await page.locator('input[autocomplete="cc-number"]').fill('4242 4242 4242 4242');
  await page.locator('input[autocomplete="cc-exp-month"]').fill('12');
  await page.locator('input[autocomplete="cc-exp-year"]').fill(year);
  await page.locator('input[autocomplete="cc-csc"]').fill('123');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/payment-success/, { timeout: 30_000 });

  await page.goto(`${product.url}${prefix(lang)}/pricing/#subscriptions`);
  await region.getByRole('button', { name: words.upgrade }).waitFor();
  await shootState(page, lang, 'subs-widget-active', section);
  await shootBoth(page, `${lang}-subs-pricing-page`);
  await region.getByRole('button', { name: words.upgrade }).click();
  await page.getByRole('dialog').waitFor();
  await shootState(page, lang, 'subs-upgrade-dialog');
  await closeModal(page);

  await page.goto(`${product.url}/profile/`);
  const card = page.getByRole('region', { name: words.myCard });
  await card.getByRole('button', { name: words.cancel }).waitFor({ timeout: 15_000 });
  await shootState(page, lang, 'subs-my-subscription', () => card);
  await shootBoth(page, `${lang}-subs-profile-page`);
  await card.getByRole('button', { name: words.cancel }).click();
  await page.getByRole('dialog').waitFor();
  await shootState(page, lang, 'subs-cancel-dialog');
  await closeModal(page);
  await context.close();
}

async function main(): Promise<void> {
  if (!process.argv.includes('subscriptions')) rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const folder = mkdtempSync(path.join(tmpdir(), 'vt-screens-'));
  writeFileSync(path.join(folder, 'lighthouses.txt'), LIGHTHOUSE_ARTICLE);
  const product = await startProduct({ collections: [{ name: 'maritime', path: folder, title: 'Maritime history' }] });
  const browser = await launchBrowser();
  try {
    // `node e2e/screenshots.ts [en|es] [subscriptions]`: one language, or only the subscription tour
    const only = process.argv.slice(2);
    const onlySubscriptions = only.includes('subscriptions');
    const langs = only.filter((arg) => arg === 'en' || arg === 'es');
    for (const lang of ['en', 'es'] as const) {
      if (langs.length > 0 && !langs.includes(lang)) continue;
      if (!onlySubscriptions) {
        await tourAnonymous(browser, product, lang);
        await tourUser(browser, product, lang);
      }
      await tourSubscriptions(browser, product, lang).catch(async (error: unknown) => {
        for (const context of browser.contexts()) {
          for (const [index, open] of context.pages().entries()) {
            console.error('screenshot kept at', await keepScreenshot(open, `subs-failed-${lang}-${String(index)}`));
          }
        }
        throw error;
      });
    }
    const blocking = axeScans.filter((scan) => scan.violations.some(isBlocking));
    console.log(
      blocking.length === 0
        ? `axe-core: ${String(axeScans.length)} subscription states, no serious or critical violation`
        : `axe-core: serious or critical violations:\n${describeBlocking(blocking)}`,
    );
    console.log(`screenshots in ${OUT}`);
  } finally {
    await browser.close();
    await product.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();

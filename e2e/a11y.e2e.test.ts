/**
 * Accessibility (issue 20 §4): axe-core on every main page and modal of the client, in English and Spanish —
 * home, pricing, the AI detector (empty and with a result), the sign-up and login modals, the similarity report
 * modal (a guest's) and the report page (a registered user's, opened from My Documents), New check, My Documents,
 * the profile and the members page of an organisation — with no serious or critical violation (moderate and minor
 * ones are counted, not failed). And the keyboard (in English: it does not change with the language): the modals
 * keep focus inside, close on Escape and give focus back to what opened them; the report's sources, in the modal
 * and on the report page, are reached by Tab and work with Enter and Space. Every scan's counts are kept in
 * e2e/artifacts/axe-results.md (and .json).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { ESSAY_WITH_REUSE, LIGHTHOUSE_ARTICLE } from '../apps/server/test/texts.ts';
import { describeBlocking, isBlocking, runAxe, writeSummary, type AxeScan } from './axe.ts';
import {
  fillLogInForm,
  keepScreenshot,
  launchBrowser,
  signUpThroughModal,
  startProduct,
  type Product,
} from './harness.ts';

type Lang = 'en' | 'es';
const LANGS: readonly Lang[] = ['en', 'es'];
const PASSWORD = 'A11y!Secret42';
const READER = { email: `a11y.reader.${String(Date.now())}@example.com`, password: PASSWORD };
const GUEST_TEXT = `${ESSAY_WITH_REUSE} I still keep the postcard of that tower above my desk, next to the timetable of the ferry we never managed to catch.`;
const AI_TEXT =
  'Artificial intelligence has transformed numerous industries by enabling unprecedented levels of automation and efficiency. ' +
  'Furthermore, it is important to note that these advancements present both opportunities and challenges for society. ' +
  'In conclusion, organizations must carefully balance innovation with ethical considerations to ensure sustainable growth. ' +
  'Moreover, stakeholders should collaborate to develop comprehensive frameworks that address potential risks while maximizing benefits.';

// The client's own catalogues: the test follows the copy as editors change it.
const I18N = path.join(fileURLToPath(new URL('../apps/web/src/i18n/', import.meta.url)));
const CATALOGUES = {
  en: JSON.parse(readFileSync(path.join(I18N, 'en.json'), 'utf8')) as Record<string, unknown>,
  es: JSON.parse(readFileSync(path.join(I18N, 'es.json'), 'utf8')) as Record<string, unknown>,
};
function t(lang: Lang, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], CATALOGUES[lang]);
  if (typeof value !== 'string') throw new Error(`no string ${key} in ${lang}.json`);
  return value;
}

function prefix(lang: Lang): string {
  return lang === 'es' ? '/es' : '';
}

/** Whether the element that has focus is inside `container`. */
function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

function hasFocus(element: Locator): Promise<boolean> {
  return element.evaluate((node) => node === document.activeElement);
}

/** Tab and Shift+Tab, 20 times each, never take focus out of the open dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  await expect.poll(() => focusIsInside(dialog)).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step < 20; step += 1) {
      await page.keyboard.press(key);
      expect(await focusIsInside(dialog), `${key} ×${String(step + 1)} left the dialog`).toBe(true);
    }
  }
}

/**
 * Opens a modal from `opener` with the keyboard and checks what a keyboard user needs: focus moves into the
 * dialog, Tab and Shift+Tab keep it there, Escape closes it and focus goes back to the opener.
 */
async function expectKeyboardModal(page: Page, opener: Locator): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(opener), { message: 'focus goes back to the opener' }).toBe(true);
}

/**
 * In an open report (the modal, or the report page): Tab reaches the first source, Enter locks its highlight in
 * the text and Space releases it; its switch takes the source out of the highlights with Space. `start` is where a
 * keyboard user arrives: the dialog itself, or the page's heading.
 */
async function expectKeyboardSources(page: Page, report: Locator, start: Locator = report): Promise<void> {
  const source = report.locator('[data-item="source:1"]');
  // the source's own button: it locks the source's highlight (aria-pressed)
  const main = source.locator('button[aria-pressed]');
  // from the top of the report, as a keyboard user arrives
  await start.evaluate((element) => {
    (element as HTMLElement).focus();
  });
  expect(await hasFocus(start), 'the report takes focus at its top').toBe(true);
  let reached = false;
  for (let step = 0; step < 80 && !reached; step += 1) {
    await page.keyboard.press('Tab');
    reached = await hasFocus(main);
  }
  expect(reached, 'Tab reaches the first source of the report').toBe(true);
  expect(await main.getAttribute('aria-pressed')).toBe('false');
  await page.keyboard.press('Enter');
  await expect.poll(() => main.getAttribute('aria-pressed')).toBe('true');
  expect(await report.locator('mark.report-node.is-highlighted').count()).toBeGreaterThan(0);
  await page.keyboard.press('Space');
  await expect.poll(() => main.getAttribute('aria-pressed')).toBe('false');

  const toggle = source.getByRole('switch');
  let onSwitch = false;
  for (let step = 0; step < 6 && !onSwitch; step += 1) {
    await page.keyboard.press('Tab');
    onSwitch = await hasFocus(toggle);
  }
  expect(onSwitch, "Tab reaches the source's switch").toBe(true);
  expect(await toggle.getAttribute('aria-checked')).toBe('true');
  await page.keyboard.press('Space');
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
  await page.keyboard.press('Space');
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
}

describe('accessibility of the main pages and modals (axe-core)', () => {
  let product: Product;
  let browser: Browser;
  let folder: string;
  const contexts: BrowserContext[] = [];
  const scans: AxeScan[] = [];
  let reader: Page | undefined;
  let owner: Page | undefined;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'vt-a11y-ref-'));
    writeFileSync(path.join(folder, 'lighthouses.txt'), LIGHTHOUSE_ARTICLE);
    product = await startProduct({
      collections: [{ name: 'maritime', path: folder, title: 'Maritime history' }],
      adminCommands: [['user:create', '--email', READER.email, '--password', READER.password, '--pages', '10']],
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    if (scans.length > 0) console.log(`axe-core ${String(scans.length)} scans:\n${writeSummary(scans)}`);
    for (const context of contexts) await context.close();
    await browser.close();
    await product.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  async function newPage(lang: Lang, name: string): Promise<Page> {
    // axe is injected as an inline script, which the product's Content-Security-Policy forbids
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang, bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, `a11y-${name}`));
    });
    return page;
  }

  /** Scans the page as it is now; the test fails at its end with every serious or critical violation. */
  async function scan(page: Page, lang: Lang, name: string, into: AxeScan[]): Promise<void> {
    const result: AxeScan = { name, lang, ...(await runAxe(page)) };
    scans.push(result);
    into.push(result);
  }

  function expectNoBlocking(found: readonly AxeScan[]): void {
    const blocking = found.filter((one) => one.violations.some(isBlocking));
    if (blocking.length > 0) {
      throw new Error(`serious or critical axe-core violations:\n${describeBlocking(blocking)}`);
    }
  }

  for (const lang of LANGS) {
    it(`a visitor's pages and modals have no serious violation (${lang})`, async () => {
      const found: AxeScan[] = [];
      const page = await newPage(lang, `guest-${lang}`);

      await page.goto(`${product.url}${prefix(lang)}/`);
      await page.getByLabel(t(lang, 'check.textLabel'), { exact: true }).waitFor();
      await page.getByRole('button', { name: t(lang, 'cookies.dismiss') }).waitFor();
      await scan(page, lang, 'home (first visit, cookie notice)', found);
      await page.getByRole('button', { name: t(lang, 'cookies.dismiss') }).click();

      // on a phone: the header's menu open
      await page.setViewportSize({ width: 375, height: 740 });
      const menuToggle = page.getByRole('button', { name: t(lang, 'header.menu') });
      await menuToggle.click();
      await expect.poll(() => menuToggle.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('navigation').first().waitFor();
      await scan(page, lang, 'home at 375 px (menu open)', found);
      await menuToggle.click();
      await page.setViewportSize({ width: 1280, height: 900 });

      // the sign-up modal, as it opens and after an empty "Create account" (the field errors)
      const signUp = page.getByRole('banner').getByRole('button', { name: t(lang, 'header.signup') });
      await signUp.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await scan(page, lang, 'sign-up modal', found);
      // the organisation's form with a weak password: the form's own field error
      await dialog.getByRole('tab', { name: t(lang, 'auth.signup.organisation') }).click();
      await dialog.getByLabel(t(lang, 'fields.organisationName')).fill('North High');
      await dialog.locator('input[type="email"]').fill('a11y@example.com');
      await dialog.locator('input[type="password"]').fill('weak');
      await dialog.locator('input[type="checkbox"]').check();
      await dialog.getByRole('button', { name: t(lang, 'auth.signup.submit') }).click();
      await dialog.locator('[aria-invalid="true"]').first().waitFor();
      await scan(page, lang, 'sign-up modal (organisation, field errors)', found);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // the keyboard does not depend on the language: checked once
      if (lang === 'en') await expectKeyboardModal(page, signUp);

      const logIn = page.getByRole('banner').getByRole('button', { name: t(lang, 'header.login') });
      await logIn.click();
      await dialog.waitFor();
      await scan(page, lang, 'login modal', found);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      if (lang === 'en') await expectKeyboardModal(page, logIn);

      await page.goto(`${product.url}${prefix(lang)}/pricing/`);
      await page.locator('.pricing-packs button').first().waitFor();
      await scan(page, lang, 'pricing', found);

      await page.goto(`${product.url}${prefix(lang)}/ai-detector/`);
      const aiText = page.getByLabel(t(lang, 'ai.textLabel'), { exact: true });
      await aiText.waitFor();
      await scan(page, lang, 'AI detector (empty)', found);
      await aiText.fill(AI_TEXT);
      await page.getByRole('button', { name: t(lang, 'check.button.ai'), exact: true }).click();
      const result = page.getByRole('region', { name: t(lang, 'ai.result.title') });
      await result.waitFor({ timeout: 60_000 });
      await result.locator('mark.ai-mark').first().waitFor();
      await scan(page, lang, 'AI detector (result)', found);

      // a guest's check from the home page: the report modal
      await page.goto(`${product.url}${prefix(lang)}/`);
      await page.getByLabel(t(lang, 'check.textLabel'), { exact: true }).fill(GUEST_TEXT);
      await page.getByRole('button', { name: t(lang, 'check.button.freePage') }).click();
      await dialog.locator('[data-item="source:1"]').waitFor({ timeout: 90_000 });
      await scan(page, lang, 'report modal (guest)', found);
      if (lang === 'en') {
        // the report modal keeps focus inside, as every modal
        await expectFocusTrapped(page, dialog);
        await expectKeyboardSources(page, dialog);
      }
      // on a phone the sources are a bottom sheet
      await page.setViewportSize({ width: 375, height: 740 });
      await dialog.locator('[data-sheet-state]').waitFor();
      await scan(page, lang, 'report modal (guest) at 375 px', found);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      expectNoBlocking(found);
    }, 150_000);
  }

  for (const lang of LANGS) {
    it(`a registered user's cabinet has no serious violation (${lang})`, async () => {
      const found: AxeScan[] = [];
      if (reader === undefined) {
        // the reader (created with pages by the admin CLI) logs in once, through the login modal
        reader = await newPage('en', 'reader');
        await reader.goto(`${product.url}/`);
        await reader.getByRole('button', { name: t('en', 'cookies.dismiss') }).click();
        await reader
          .getByRole('banner')
          .getByRole('button', { name: t('en', 'header.login') })
          .click();
        await fillLogInForm(reader, READER);
        await reader.waitForURL(`${product.url}/profile/new-check`, { timeout: 30_000 });
      }
      const page = reader;
      onTestFailed(async () => {
        console.error('screenshot kept at', await keepScreenshot(page, `a11y-cabinet-${lang}`));
      });
      await page.evaluate((language) => {
        localStorage.setItem('language', language);
      }, lang);

      await page.goto(`${product.url}/profile/new-check`);
      const text = page.getByLabel(t(lang, 'check.textLabel'), { exact: true });
      await text.waitFor();
      await scan(page, lang, 'new check', found);

      if (lang === 'en') {
        // the reader's one check, reused by the Spanish run
        await text.fill(GUEST_TEXT);
        const send = page.getByRole('button', { name: t(lang, 'check.button.plagiarism') });
        await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
        await send.click();
        const confirm = page.getByRole('dialog');
        await confirm.getByRole('button', { name: t(lang, 'confirm.run') }).waitFor();
        await scan(page, lang, 'confirm modal', found);
        await confirm.getByRole('button', { name: t(lang, 'confirm.run') }).click();
        await page.waitForURL(`${product.url}/profile/my-documents`, { timeout: 30_000 });
      } else {
        await page.goto(`${product.url}/profile/my-documents`);
      }
      const row = page.locator('[data-document-id]').first();
      await row.and(page.locator('[data-state="ready"]')).waitFor({ timeout: 90_000 });
      await scan(page, lang, 'My Documents', found);

      // "Open" is a link to the report at its own address, in the reader's language (the report's twin)
      const id = (await row.getAttribute('data-document-id')) ?? '';
      const address = `${prefix(lang)}/profile/report/${id}`;
      const open = row.getByRole('link', { name: t(lang, 'folders.open'), exact: true });
      expect(await open.getAttribute('href')).toBe(address);
      await open.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe(address);
      const report = page.locator(`.report-page[data-check-id="${id}"]`);
      const heading = report.getByRole('heading', { level: 1, name: new RegExp(`^${t(lang, 'report.kind')}`) });
      await heading.waitFor({ timeout: 30_000 });
      await report.locator('[data-item="source:1"]').waitFor({ timeout: 60_000 });
      await scan(page, lang, 'report page (from My Documents)', found);
      if (lang === 'en') await expectKeyboardSources(page, report, heading);
      // on a phone the page's sources are a bottom sheet, as in the modal
      await page.setViewportSize({ width: 375, height: 740 });
      await report.locator('[data-sheet-state]').waitFor();
      await scan(page, lang, 'report page at 375 px', found);
      await page.setViewportSize({ width: 1280, height: 900 });
      // Back leaves the page for My Documents, still in the reader's language
      await page.goBack();
      await row.waitFor();
      expect(new URL(page.url()).pathname).toBe('/profile/my-documents');
      await page.getByRole('heading', { level: 1, name: t(lang, 'pages.myDocuments.title') }).waitFor();

      const menu = page.getByRole('button', { name: t(lang, 'profileMenu.label') });
      await menu.click();
      await page.getByRole('menu').waitFor();
      await scan(page, lang, 'profile menu (open)', found);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      await page.goto(`${product.url}/profile/`);
      await page.locator('#page-title').waitFor();
      await scan(page, lang, 'profile', found);

      expectNoBlocking(found);
    }, 150_000);
  }

  for (const lang of LANGS) {
    it(`an organisation's members page has no serious violation (${lang})`, async () => {
      const found: AxeScan[] = [];
      if (owner === undefined) {
        // one organisation owner for both languages, signed up through the modal
        owner = await newPage('en', 'owner');
        await signUpThroughModal(owner, product.url, {
          email: `a11y.owner.${String(Date.now())}@example.com`,
          password: PASSWORD,
          organisation: 'North High',
        });
      }
      const page = owner;
      await page.evaluate((language) => {
        localStorage.setItem('language', language);
      }, lang);

      await page.goto(`${product.url}/profile/members/`);
      await page.getByRole('table').first().waitFor({ timeout: 15_000 });
      await scan(page, lang, 'members', found);

      await page.goto(`${product.url}/profile/`);
      await page.locator('#page-title').waitFor();
      await scan(page, lang, 'profile (organisation)', found);

      expectNoBlocking(found);
    }, 90_000);
  }
});

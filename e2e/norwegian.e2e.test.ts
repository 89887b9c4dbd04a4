import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, keepScreenshot, launchBrowser, signUpThroughModal, startProduct, type Product } from './harness.ts';

const PASSWORD = 'Norsk!Secret9';
const SHOTS = path.join(ARTIFACTS, 'norwegian');
const NBSP = '\u00a0';
const CHECK_TEXT =
  'The lighthouse keeper climbed the spiral stairs every evening to light the great lamp above the harbour. ' +
  'Ships that passed the rocky coast at night relied on its steady beam to find the narrow channel home. ' +
  'In winter the storms were fierce, and the keeper often stayed awake until dawn, watching the waves break.';

/** A cabinet page at a phone's and a desktop's width, for a person to look at (e2e/artifacts/norwegian/). */
async function shoot(page: Page, name: string, ready: Locator): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await ready.waitFor();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${String(width)}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A catalogue key on screen ("common.appName") instead of its text: a part of the catalogue went missing. */
const NAMESPACES = Object.keys(
  JSON.parse(readFileSync(fileURLToPath(new URL('../apps/web/src/i18n/en.json', import.meta.url)), 'utf8')) as Record<
    string,
    unknown
  >,
);
const RAW_KEY = new RegExp(`\\b(?:${NAMESPACES.join('|')})\\.[a-z]\\w*(?:\\.\\w+)*`);

async function expectNoRawKeys(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(RAW_KEY.exec(text)?.[0] ?? null).toBeNull();
}

function htmlLang(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.lang);
}

function storedLanguage(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('language'));
}

/**
 * The cabinet in Norwegian bokmål (issue 17, commerce-and-cabinet.md §2 and §9): chosen in the profile, kept in
 * local storage under "language", on every cabinet page and after a reload; the public site stays English.
 */
describe('the cabinet in Norwegian', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;
  const stamp = Date.now();

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });

  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  it('shows profile, New check, My Documents and members in Norwegian, and a public page in English', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'norwegian'));
    });
    await signUpThroughModal(page, product.url, {
      email: `eier.${stamp}@example.no`,
      password: PASSWORD,
      organisation: 'Nordlys skole',
    });
    // a check through the API (the new organisation's free page), so that its documents have a dated row
    const groups = (await (await page.request.get(`${product.url}/api/v1/groups/list/`)).json()) as {
      data: { groups: { id: number }[] };
    };
    const groupId = groups.data.groups[0]?.id ?? 0;
    const { token } = (await (await page.request.get(`${product.url}/csrf_tokens`)).json()) as { token: string };
    const check = await page.request.post(`${product.url}/api/v1/text`, {
      form: {
        text: CHECK_TEXT,
        language: 'en',
        group_id: String(groupId),
        skip_english_words_validation: 'true',
        skip_percentage_words_validation: 'true',
        _csrf_token: token,
      },
    });
    expect(check.status(), await check.text()).toBe(200);
    const checkId = ((await check.json()) as { data: { text: { id: number } } }).data.text.id;

    // The profile's language setting offers Norsk; saving it turns the cabinet Norwegian at once.
    await page.goto(`${product.url}/profile/`);
    const norsk = page.getByRole('radio', { name: 'Norsk' });
    await norsk.check({ timeout: 15_000 });
    const languageForm = page.locator('form').filter({ has: norsk });
    await languageForm.getByRole('button', { name: 'Save' }).click();
    // An organisation's sign-up leaves the name empty, and the settings are saved with it: the section says so.
    await languageForm.getByText('Please enter a new name.').waitFor();
    const nameForm = page.locator('form').filter({ has: page.getByRole('textbox', { name: 'Name', exact: true }) });
    await nameForm.getByRole('textbox', { name: 'Name', exact: true }).fill('Ingrid');
    await nameForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your name has been saved.').waitFor();
    await languageForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Språket ditt er lagret.').waitFor();
    await page.getByRole('heading', { name: 'Profil', level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe('nb');
    expect(await storedLanguage(page)).toBe('no');
    const profile = (await (await page.request.get(`${product.url}/api/v1/profile/`)).json()) as {
      data: { profile: { language: string } };
    };
    expect(profile.data.profile.language).toBe('no');
    // The header's switcher offers Norsk here, pressed.
    const switcher = page.getByRole('group', { name: 'Språk' });
    expect(await switcher.getByRole('button', { name: 'Norsk' }).getAttribute('aria-pressed')).toBe('true');
    await expectNoRawKeys(page);
    await shoot(page, 'profile', page.getByRole('heading', { name: 'Profil', level: 1 }));

    // New check: Norwegian words, and counts written the Norwegian way (a no-break space between thousands).
    await page.goto(`${product.url}/profile/new-check`);
    await page.getByRole('heading', { name: 'Ny kontroll', level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe('nb');
    const words = Array.from({ length: 1200 }, (_, index) => `ord${String(index)}`).join(' ');
    await page.getByLabel('Tekst som skal kontrolleres').fill(words);
    await page.getByText(`1${NBSP}200 ord`).waitFor();
    await shoot(page, 'new-check', page.getByText(`1${NBSP}200 ord`));

    // My Documents, and the organisation's: Norwegian headings and the check's date ("26. nov. 2026, 17:05").
    await page.goto(`${product.url}/profile/my-documents`);
    await page.getByRole('heading', { name: 'Mine dokumenter', level: 1 }).waitFor();
    await shoot(page, 'my-documents', page.getByRole('heading', { name: 'Mine dokumenter', level: 1 }));
    await page.goto(`${product.url}/profile/my-documents/group/${String(groupId)}`);
    await page.getByRole('heading', { name: 'Organisasjonens dokumenter', level: 1 }).waitFor();
    const firstRow = page.getByRole('row').filter({ hasText: 'lighthouse' }).first();
    await firstRow.waitFor({ timeout: 15_000 });
    expect(await firstRow.textContent()).toMatch(
      /\d{1,2}\. (jan|feb|mar|apr|mai|jun|jul|aug|sep|okt|nov|des)\.? \d{4}/,
    );
    await shoot(page, 'group-documents', firstRow);

    // Members (the organisation's owner), from the Norwegian profile menu.
    await page.getByRole('button', { name: 'Profilmeny' }).click();
    await page.getByRole('menuitem', { name: 'Medlemmer' }).click();
    await page.waitForURL(`${product.url}/profile/members/`);
    const members = page.getByRole('table', { name: 'Medlemmer av Nordlys skole' });
    await members.waitFor({ timeout: 15_000 });
    await members.getByRole('row').filter({ hasText: 'Administrator' }).getByText('Aktiv').waitFor();
    await page.getByRole('button', { name: 'Legg til medlem', exact: true }).waitFor();
    await expectNoRawKeys(page);
    await shoot(page, 'members', members);

    // A reload keeps Norwegian; the page starts fetching the Norwegian first-load catalogue with its entry.
    await page.reload();
    await page.getByRole('heading', { name: 'Medlemmer', level: 1 }).waitFor({ timeout: 15_000 });
    expect(await htmlLang(page)).toBe('nb');
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''),
    );
    expect(preloaded.filter((href) => /\/(en|es|no)-core-/.test(href))).toEqual([expect.stringMatching(/\/no-core-/)]);

    // The public site is English and Spanish: a public page shows English, keeping the Norwegian choice.
    await page.goto(`${product.url}/pricing/`);
    await page.getByRole('heading', { level: 1, name: 'Pay only for what you use. No subscriptions.' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await storedLanguage(page)).toBe('no');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' }).waitFor();
    expect(await page.getByRole('button', { name: 'Norsk' }).count()).toBe(0);

    // Back in the cabinet it is Norwegian again; the switcher goes to English in place, and back.
    const groupDocuments = `${product.url}/profile/my-documents/group/${String(groupId)}`;
    await page.goto(groupDocuments);
    await page.getByRole('heading', { name: 'Organisasjonens dokumenter', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Språk' }).getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Organisation documents', level: 1 }).waitFor();
    expect(page.url()).toBe(groupDocuments);
    expect(await htmlLang(page)).toBe('en');
    // the same page in English, to set beside the Norwegian one
    await shoot(page, 'group-documents-en', page.getByRole('row').filter({ hasText: 'lighthouse' }).first());
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Norsk' }).click();
    await page.getByRole('heading', { name: 'Organisasjonens dokumenter', level: 1 }).waitFor();
    expect(await storedLanguage(page)).toBe('no');

    // The report's /no address is Norwegian whatever is stored, and stores the choice.
    await page.getByRole('group', { name: 'Språk' }).getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Organisation documents', level: 1 }).waitFor();
    expect(await storedLanguage(page)).toBe('en');
    await page.goto(`${product.url}/no/profile/report/${String(checkId)}`);
    await page.getByText(`Kontroll nr. ${String(checkId)}`).waitFor({ timeout: 60_000 });
    expect(await htmlLang(page)).toBe('nb');
    expect(await storedLanguage(page)).toBe('no');
    await page.getByText(`0,00${NBSP}%`).first().waitFor({ timeout: 60_000 });
    await expectNoRawKeys(page);
    await shoot(page, 'report', page.getByText(`Kontroll nr. ${String(checkId)}`));
  });
});

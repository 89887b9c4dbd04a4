import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { ARTIFACTS, keepScreenshot, launchBrowser, signUpThroughModal, startProduct, type Product } from './harness.ts';

/** The four legal documents (issue 13 A5) with their titles in both languages. */
const DOCUMENTS = [
  { path: '/terms/', en: 'Terms of Use', es: 'Condiciones de uso' },
  { path: '/privacy/', en: 'Privacy Policy', es: 'Política de privacidad' },
  { path: '/money-back-guarantee/', en: 'Refund Policy', es: 'Política de reembolso' },
  { path: '/cancellation-policy/', en: 'Cancellation Policy', es: 'Política de cancelación' },
] as const;

const NOT_FOUND = /^(Page not found|Página no encontrada)$/;

describe('the legal pages, the links to them, and switching language in place', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
    await product.stop();
  });

  /** The page's title once the page (a chunk loaded on demand) is there. */
  async function heading(target: Page = page): Promise<string> {
    const h1 = target.getByRole('heading', { level: 1 });
    await h1.waitFor();
    return (await h1.innerText()).trim();
  }

  it('serves every legal page in English and in Spanish, with its contents and sections', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'legal-pages'));
    });
    for (const doc of DOCUMENTS) {
      for (const lang of ['en', 'es'] as const) {
        const address = lang === 'es' ? `/es${doc.path}` : doc.path;
        const response = await page.goto(`${product.url}${address}`);
        expect(response?.status(), address).toBe(200);
        await page.getByRole('heading', { level: 1, name: doc[lang] }).waitFor();
        await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
        const contents = page.getByRole('navigation', { name: lang === 'es' ? 'Contenido' : 'Contents' });
        const entries = contents.getByRole('link');
        const count = await entries.count();
        expect(count, address).toBeGreaterThan(4);
        // Each entry of the contents leads to a numbered section heading of the page.
        const sections = page.locator('section.legal__section h2');
        expect(await sections.count()).toBe(count);
        expect(await sections.first().innerText()).toMatch(/^1\. /);
        await page.getByText(lang === 'es' ? 'Última actualización:' : 'Last updated:').waitFor();
      }
    }
  });

  it('reaches a page from every footer link, in both languages (no 404)', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'legal-footer'));
    });
    for (const [home, privacy] of [
      ['/', 'Privacy Policy'],
      ['/es/', 'Política de privacidad'],
    ] as const) {
      await page.goto(`${product.url}${home}`);
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: privacy }).click();
      await page.getByRole('heading', { level: 1, name: privacy }).waitFor();

      const hrefs = await footer
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(10);
      for (const href of hrefs) {
        expect(href.startsWith('/'), href).toBe(true);
        await page.goto(`${product.url}${href}`);
        expect(await heading(), href).not.toMatch(NOT_FOUND);
      }
    }
  });

  it('links the terms from the sign-up modal (in a new tab, the form kept) and from the portal', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'legal-signup'));
    });
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Sign up' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('reader@example.com');
    const checkbox = dialog.getByRole('checkbox', { name: 'I agree to the Terms of Use and the Privacy Policy' });
    await checkbox.waitFor();
    const terms = dialog.getByRole('link', { name: 'Terms of Use' });
    expect(await terms.getAttribute('href')).toBe('/terms/');
    expect(await dialog.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy/');
    const [opened] = await Promise.all([context.waitForEvent('page'), terms.click()]);
    expect(await heading(opened)).toBe('Terms of Use');
    await opened.close();
    expect(await dialog.getByLabel('Email').inputValue()).toBe('reader@example.com');
    expect(await checkbox.isChecked()).toBe(false);
    await page.keyboard.press('Escape');

    await page.goto(`${product.url}/integrito/login/`);
    await page.getByRole('link', { name: 'Privacy Policy', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
  });

  it('switches My Documents to Spanish in place, query and hash kept, still logged in', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'legal-switch-language'));
    });
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await fresh.newPage();
    try {
      await signUpThroughModal(tab, product.url, {
        email: `switch.${Date.now()}@example.com`,
        password: 'Str0ng!pass',
      });
      await tab.goto(`${product.url}/profile/my-documents?page=1#top`);
      await tab.getByRole('heading', { level: 1, name: 'My Documents' }).waitFor();

      await tab.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
      await tab.getByRole('heading', { level: 1, name: 'Mis documentos' }).waitFor();
      expect(new URL(tab.url()).pathname + new URL(tab.url()).search + new URL(tab.url()).hash).toBe(
        '/profile/my-documents?page=1#top',
      );
      await tab.getByRole('button', { name: 'Menú del perfil' }).waitFor();

      // A reload keeps Spanish (the stored choice), and switching back keeps the place too.
      await tab.reload();
      await tab.getByRole('heading', { level: 1, name: 'Mis documentos' }).waitFor();
      await tab.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();
      await tab.getByRole('heading', { level: 1, name: 'My Documents' }).waitFor();
      expect(new URL(tab.url()).pathname).toBe('/profile/my-documents');
      await tab.getByRole('button', { name: 'Profile menu' }).waitFor();

      // A page with a twin goes to its twin.
      await tab.goto(`${product.url}/privacy/#cookies`);
      await tab.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      await tab.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
      await tab.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
      expect(new URL(tab.url()).pathname + new URL(tab.url()).hash).toBe('/es/privacy/#cookies');
    } finally {
      await fresh.close();
    }
  });

  it('lays a legal page out for a desktop and for a phone (screenshots kept in e2e/artifacts)', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const shots = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      const shot = await shots.newPage();
      try {
        await shot.goto(`${product.url}/privacy/`);
        await shot.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
        await shot.getByRole('button', { name: 'Got it' }).click();
        // Nothing overflows sideways on a phone.
        const overflow = await shot.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, name).toBeLessThanOrEqual(0);
        await shot.screenshot({ path: path.join(ARTIFACTS, `legal-privacy-${name}.png`) });
        await shot.goto(`${product.url}/es/privacy/#shared-index`);
        await shot.getByRole('heading', { level: 2, name: /El índice compartido/ }).waitFor();
        await shot.screenshot({ path: path.join(ARTIFACTS, `legal-privacy-es-${name}-section.png`) });
      } finally {
        await shots.close();
      }
    }
  });
});

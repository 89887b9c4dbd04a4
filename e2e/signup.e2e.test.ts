import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

describe('a visitor signs up, logs out and logs in again, in Spanish', () => {
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

  it('goes from the home page to /profile/new-check and back', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'signup-flow'));
    });
    const email = `e2e.${Date.now()}@example.com`;
    const password = 'Visit0r!Secret';

    await page.goto(`${product.url}/`);
    const heading = page.getByRole('heading', { level: 1 });
    const englishHeading = (await heading.textContent()) ?? '';
    expect(englishHeading.length).toBeGreaterThan(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: 'Got it' }).click();

    // Spanish: the URL gains /es/, the text changes, the choice is remembered.
    await page
      .getByRole('link', { name: 'Español' })
      .or(page.getByRole('button', { name: 'Español' }))
      .first()
      .click();
    await page.waitForURL(`${product.url}/es/`);
    await expect.poll(() => heading.textContent()).not.toBe(englishHeading);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');

    // Sign up.
    await page.getByRole('button', { name: 'Registrarse' }).click();
    const signup = page.getByRole('dialog');
    await signup.getByLabel('Correo electrónico').fill(email);
    await signup.getByLabel('Contraseña', { exact: true }).fill(password);
    const terms = signup.getByRole('checkbox', { name: /Condiciones de uso/ });
    // Without the terms the form is not sent: the box is required.
    await signup.getByRole('button', { name: 'Crear cuenta' }).click();
    expect(await terms.evaluate((box) => (box as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(page.url()).not.toContain('/profile/new-check');
    await terms.check();
    await signup.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(`${product.url}/profile/new-check`, { timeout: 30_000 });
    const menu = page.getByRole('button', { name: 'Menú del perfil' });
    await menu.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
    const profile = await page.evaluate(
      () => JSON.parse(localStorage.getItem('profile') ?? 'null') as { email?: string } | null,
    );
    expect(profile?.email).toBe(email);

    // Log out: every trace of the session goes, and the Spanish home page comes back.
    await menu.click();
    // the logout ends with a reload of the home page 500 ms later (check-tool.md §4): wait for it, or it lands
    // in the middle of the next login
    const reloaded = page.waitForEvent('load');
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await reloaded;
    await page.waitForURL(`${product.url}/es/`);
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).not.toBe('true');
    const loginState = await page.evaluate(
      async () => (await fetch('/login_json')).json() as Promise<{ success: boolean }>,
    );
    expect(loginState.success).toBe(false);

    // Log in again.
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const login = page.getByRole('dialog');
    await login.getByLabel('Correo electrónico').fill(email);
    await login.getByLabel('Contraseña', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL(`${product.url}/profile/new-check`, { timeout: 30_000 });
    // a fresh login of an unconfirmed account asks to confirm the address (account-email.e2e); closed, the
    // cabinet is there (waiting on the menu alone raced with that modal opening)
    const verify = page.getByRole('dialog', { name: 'Confirma tu dirección de correo' });
    await verify.waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await verify.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Menú del perfil' }).waitFor();
  });

  it('fits a 375 px phone and a 1041 px window without sideways scrolling, in both languages', async () => {
    for (const viewport of [
      { width: 375, height: 800 },
      { width: 1041, height: 800 },
    ]) {
      const narrow = await browser.newContext({
        viewport,
        isMobile: viewport.width < 768,
        hasTouch: viewport.width < 768,
      });
      const phone = await narrow.newPage();
      try {
        for (const path of ['/', '/es/', '/es/pricing/', '/ai-detector/']) {
          await phone.goto(`${product.url}${path}`);
          await phone.getByRole('heading', { level: 1 }).waitFor();
          await phone.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).waitFor();
          const overflow = await phone.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${path} at ${viewport.width}px`).toBeLessThanOrEqual(0);
        }
      } finally {
        await narrow.close();
      }
    }
  });
});

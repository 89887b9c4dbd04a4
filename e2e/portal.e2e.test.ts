import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

describe('the activity-report portal', () => {
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

  it('registers through /integrito/registration/?utm=x and shows the confirmation screen', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'portal-registration'));
    });
    const email = `portal.${Date.now()}@example.com`;
    await page.goto(`${product.url}/integrito/registration/?utm=x`);
    await page.getByRole('heading', { level: 1, name: 'Activity report tool: sign up' }).waitFor();
    const portal = page.getByRole('region', { name: 'Activity report tool: sign up' });

    // The school field appears for roles 1-3 only.
    await page.getByLabel('Email', { exact: true }).fill(email);
    const role = page.getByLabel('I am a');
    await role.selectOption({ label: 'Blogger' });
    expect(await page.getByLabel('School or university').count()).toBe(0);
    await role.selectOption({ label: 'Educator' });
    await page.getByLabel('School or university').fill('Lincoln High');
    await page.getByLabel('How can we help you?').fill('Drafts of essays');

    // Terms are required: the form says so before anything is sent.
    await portal.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Please accept the Terms of Use and the Privacy Policy.').waitFor();
    await page.getByLabel('I agree to the Terms of Use and the Privacy Policy').check();
    await portal.getByRole('button', { name: 'Sign up' }).click();

    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor({ timeout: 30_000 });
    await page.getByText(`We sent a link to ${email}.`).waitFor();
    await page.getByRole('button', { name: 'Resend email' }).waitFor();
    const login = page.getByRole('region', { name: 'Check your email' }).getByRole('link', { name: 'Log in' });
    expect(await login.getAttribute('href')).toBe('/integrito/login/?utm=x');

    // The same e-mail again: the spec's message and a way to the login, query kept.
    await page.goto(`${product.url}/integrito/registration/?utm=x`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('I am a').selectOption({ label: 'Other' });
    await page.getByLabel('I agree to the Terms of Use and the Privacy Policy').check();
    await portal.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('This email is already registered. Please log in').waitFor({ timeout: 30_000 });
    await portal.getByRole('link', { name: 'Log in' }).first().click();
    await page.waitForURL(`${product.url}/integrito/login/?utm=x`);
    await page.getByRole('heading', { level: 1, name: 'Activity report tool: log in' }).waitFor();
  });
});

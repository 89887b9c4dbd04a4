import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { isBlocking, runAxe } from './axe.ts';
import {
  ARTIFACTS,
  fillSignUpForm,
  keepScreenshot,
  launchBrowser,
  payByCard,
  startProduct,
  type Product,
} from './harness.ts';

const PASSWORD = 'Inv0ice!Secret';
const SHOTS = path.join(ARTIFACTS, 'billing');
const CHECK_TEXT =
  'The lighthouse keeper climbed the spiral stairs every evening to light the great lamp above the harbour. ' +
  'Ships that passed the rocky coast at night relied on its steady beam to find the narrow channel home. ' +
  'In winter the storms were fierce, and the keeper often stayed awake until dawn, watching the waves break.';

/** The Billing page at a phone's and a desktop's width, for a person to look at (e2e/artifacts/billing/). */
async function shoot(page: Page, name: string, ready: Locator): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await ready.waitFor();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${String(width)}.png`), fullPage: true });
  }
}

/** Saves the invoice through its Download PDF button and answers the PDF's text. */
async function downloadInvoice(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await button.click();
  const download = await downloading;
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { name: download.suggestedFilename(), text: text.replace(/\s+/g, ' ') };
}

/**
 * Commerce-and-cabinet.md §3 "Transaction", "Invoice": a buyer pays a pack with the sandbox card, opens Billing
 * from the profile menu's My balance, finds the payment in the transactions and its invoice in the list, and
 * downloads the invoice as a PDF, in English and in Spanish.
 */
describe('billing: the invoice of a payment', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `invoice.${Date.now()}@example.com`;

  beforeAll(async () => {
    product = await startProduct({
      env: { VAT_PERCENT: '20', SELLER_NAME: 'Veritext E2E Ltd', SELLER_ADDRESS: '7 Test Road|4000 Chromium City' },
    });
    browser = await launchBrowser();
    // bypassCSP: the accessibility scan injects axe
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
      bypassCSP: true,
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  it('pays a pack, opens Billing from My balance, sees the invoice and downloads its PDF', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'billing-invoice'));
    });
    await page.goto(`${product.url}/pricing/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('button', { name: 'Buy 50 pages' }).click();
    await fillSignUpForm(page, { email, password: PASSWORD });
    await page.waitForURL(/\/sandbox-pay\/cs_sandbox_[\w-]+$/, { timeout: 30_000 });
    // $9.99 and 20 % VAT: $11.99
    await payByCard(page, '4242 4242 4242 4242', '$11.99');
    await page.waitForURL(`${product.url}/payment-success/`, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment successful!' }).waitFor();

    // a check holds its pages, then charges them: both show in the ledger
    const { token } = (await (await page.request.get(`${product.url}/csrf_tokens`)).json()) as { token: string };
    const check = await page.request.post(`${product.url}/api/v1/text`, {
      form: {
        text: CHECK_TEXT,
        language: 'en',
        skip_english_words_validation: 'true',
        skip_percentage_words_validation: 'true',
        _csrf_token: token,
      },
    });
    expect(check.status()).toBe(200);

    // My balance, in the profile menu, opens Billing
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: /My balance/ }).click();
    await page.waitForURL(`${product.url}/profile/billing/`);
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();

    const transactions = page.getByRole('table', { name: 'Transactions, newest first' });
    const deposit = transactions.getByRole('row').filter({ hasText: 'Deposit' });
    await deposit.getByText('+50 pages').waitFor({ timeout: 15_000 });
    expect(await deposit.textContent()).toContain(email);
    await transactions.getByRole('row').filter({ hasText: 'Bonus' }).getByText('+1 bonus page').waitFor();
    await transactions.getByRole('row').filter({ hasText: 'Document #' }).first().waitFor();

    const invoices = page.getByRole('table', { name: 'Invoices, newest first' });
    const row = invoices.getByRole('row').filter({ hasText: 'Light' });
    await row.getByText('$11.99').waitFor();
    const number = ((await row.getByText(/^VT-\d{4}-\d{6}$/).textContent()) ?? '').trim();
    expect(number).toMatch(/^VT-\d{4}-\d{6}$/);
    await shoot(page, 'en-billing', invoices);
    expect((await runAxe(page)).violations.filter(isBlocking)).toEqual([]);

    const english = await downloadInvoice(page, row.getByRole('button', { name: `Download PDF (invoice ${number})` }));
    expect(english.name).toBe(`veritext-invoice-${number}.pdf`);
    for (const expected of [
      `Invoice ${number}`,
      'Veritext E2E Ltd 7 Test Road 4000 Chromium City',
      email,
      'Light: 50 pages',
      'Subtotal $9.99',
      'VAT (20 %) $2.00',
      'Total paid $11.99',
    ]) {
      expect(english.text).toContain(expected);
    }

    // the Spanish twin of the page, and the PDF in Spanish
    await page.goto(`${product.url}/es/profile/billing/`);
    await page.getByRole('heading', { name: 'Facturación', level: 1 }).waitFor();
    const facturas = page.getByRole('table', { name: 'Facturas, de la más reciente a la más antigua' });
    const fila = facturas.getByRole('row').filter({ hasText: number });
    await fila.getByText(/11,99/).waitFor({ timeout: 15_000 });
    await shoot(page, 'es-billing', facturas);
    expect((await runAxe(page)).violations.filter(isBlocking)).toEqual([]);
    const spanish = await downloadInvoice(
      page,
      fila.getByRole('button', { name: `Descargar PDF (factura ${number})` }),
    );
    for (const expected of [`Factura ${number}`, 'Light: 50 páginas', 'IVA (20 %)', 'Total pagado 11,99 US$']) {
      expect(spanish.text).toContain(expected);
    }

    // nothing on the page is wider than the phone
    await page.setViewportSize({ width: 375, height: 740 });
    await facturas.waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/** Commerce-and-cabinet.md §4: a site administrator finds an account's ledger (the corrections' screen). */
describe('billing: the ledger corrections screen', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;
  const admin = { email: `ledger.admin.${Date.now()}@example.com`, password: 'Adm1n!Secret' };
  const holder = `ledger.holder.${Date.now()}@example.com`;

  beforeAll(async () => {
    product = await startProduct({
      adminCommands: [
        ['user:create', '--email', admin.email, '--password', admin.password, '--name', 'Ada Admin'],
        ['user:admin', admin.email],
        ['user:create', '--email', holder, '--password', PASSWORD, '--pages', '30', '--ai-pages', '5'],
      ],
    });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  it('reaches the screen from the profile menu and shows the ledger found by e-mail, in English and Spanish', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'billing-admin'));
    });
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('button', { name: 'Log in' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(admin.email);
    await dialog.getByLabel('Password', { exact: true }).fill(admin.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${product.url}/profile/new-check`, { timeout: 60_000 });

    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Ledger corrections' }).click();
    await page.getByRole('heading', { name: 'Ledger corrections', level: 1 }).waitFor();
    await page.getByLabel('E-mail address').fill(holder);
    await page.getByRole('button', { name: 'Show ledger' }).click();
    await page.waitForURL(/\/admin\/billing\?email=/);
    const ledger = page.getByRole('table', { name: 'Transactions, newest first' });
    await ledger.getByText('+30 pages').waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: /^Ledger of / }).waitFor();
    await shoot(page, 'en-admin-billing', ledger);
    expect((await runAxe(page)).violations.filter(isBlocking)).toEqual([]);

    // the screen has one address in both languages: the choice is kept, and holds after a reload
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Correcciones del saldo', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Correcciones del saldo', level: 1 }).waitFor();
    const movimientos = page.getByRole('table', { name: 'Movimientos, del más reciente al más antiguo' });
    await movimientos.getByText('+30 páginas').waitFor();
    await shoot(page, 'es-admin-billing', movimientos);
    expect((await runAxe(page)).violations.filter(isBlocking)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 740 });
    await movimientos.waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

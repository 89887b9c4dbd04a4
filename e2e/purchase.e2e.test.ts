import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { keepScreenshot, launchBrowser, payByCard, startProduct, type Product } from './harness.ts';

const PASSWORD = 'Buy3r!Secret';

/** The value of a tile of the success page's balance ("Pages", "AI pages"). */
async function balanceTile(page: Page, label: string): Promise<string> {
  // The whole term: 'Pages' must not also find 'AI pages'.
  const term = page.locator('dt').filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) });
  const tile = page.locator('.balance__tile').filter({ has: term });
  return (await tile.locator('dd').textContent()) ?? '';
}

/**
 * Commerce-and-cabinet.md §4 (purchases) and check-tool.md §4 (firstBuy): the real product with the built-in
 * sandbox gateway, whose signed events go to the product's own webhook, and 20 % VAT.
 */
describe('buying page packs', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `buyer.${Date.now()}@example.com`;

  beforeAll(async () => {
    product = await startProduct({ env: { VAT_PERCENT: '20' }, adminCommands: [['promo:create', 'SPRING30', '30']] });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  it('takes up a visitor’s purchase after sign-up: the card page, a declined card, then the pages arrive', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'purchase-first-buy'));
    });
    await page.goto(`${product.url}/pricing/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('button', { name: 'Buy 50 pages' }).click();
    expect(await page.evaluate(() => localStorage.getItem('firstBuy'))).toContain('light');

    const signup = page.getByRole('dialog');
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signup.getByRole('checkbox', { name: /Terms of Use/ }).check();
    await signup.getByRole('button', { name: 'Create account' }).click();

    // The pending purchase is posted, then a form POST to checkout lands on the card page.
    await page.waitForURL(/\/sandbox-pay\/cs_sandbox_[\w-]+$/, { timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('firstBuy'))).toBeNull();
    await page.getByText('Test payment — no real card is charged').waitFor();
    // $9.99 and 20 % VAT ($2.00): $11.99
    await page.getByText('$11.99').first().waitFor();

    await payByCard(page, '4000 0000 0000 0002', '$11.99');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor({ timeout: 15_000 });
    expect(page.url()).toContain('/sandbox-pay/');

    await payByCard(page, '4242 4242 4242 4242', '$11.99');
    await page.waitForURL(`${product.url}/payment-success/`, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment successful!' }).waitFor();
    // 50 bought and the new user's bonus page
    await expect.poll(() => balanceTile(page, 'Pages'), { timeout: 15_000 }).toBe('51');
    await page.getByRole('link', { name: 'Start a new check' }).waitFor();
  });

  it('lets a registered user buy AI pages from the cart with a promo code', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'purchase-cart'));
    });
    await page.goto(`${product.url}/pricing/?ai=1`);
    await page.getByRole('button', { name: 'Buy 10 AI pages' }).click();
    const cart = page.getByRole('dialog', { name: 'Order summary' });
    await cart.getByText('AI Basic').waitFor({ timeout: 15_000 });

    await cart.getByRole('button', { name: 'Enter promo code' }).click();
    await cart.getByLabel('Promo code').fill('NOT-A-CODE');
    await cart.getByRole('button', { name: 'Apply' }).click();
    await cart.getByText('This promo code is not valid').waitFor();
    await cart.getByLabel('Promo code').fill('SPRING30');
    await cart.getByRole('button', { name: 'Apply' }).click();
    await cart.getByText(/30\s% off applied/).waitFor();
    // $2.99, less floor(30 × 299 / 100) = $0.89, plus 20 % VAT of $2.10 ($0.42): $2.52
    const totals = cart.locator('.cart__totals');
    await expect.poll(async () => cart.locator('.cart__total dd').textContent()).toBe('$2.52');
    expect(await totals.textContent()).toContain('-$0.89');
    expect(await totals.textContent()).toMatch(/VAT \(20\s%\)/);

    // Closed, the cart stays in the header and opens again from there.
    await page.keyboard.press('Escape');
    await cart.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Cart, 1 package' }).click();
    await cart.getByText(/30\s% off applied/).waitFor();
    await cart.getByRole('button', { name: 'Complete purchase' }).click();
    await page.waitForURL(/\/sandbox-pay\//, { timeout: 30_000 });
    await payByCard(page, '4242 4242 4242 4242', '$2.52');
    await page.waitForURL(`${product.url}/payment-success/1`, { timeout: 30_000 });
    await expect.poll(() => balanceTile(page, 'AI pages'), { timeout: 15_000 }).toBe('10');
    await page.getByRole('link', { name: 'Go to the AI detector' }).waitFor();
    // The cart is empty again: no cart button.
    expect(await page.getByRole('button', { name: /^Cart,/ }).count()).toBe(0);
  });
});

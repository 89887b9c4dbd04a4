import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { fillSignUpForm, keepScreenshot, launchBrowser, payByCard, startProduct, type Product } from './harness.ts';

const PASSWORD = 'Subscr1ber!Secret';

/** The subscription widget of the pricing page (its section is named by its heading). */
function widget(page: Page): Locator {
  return page.getByRole('region', { name: 'Monthly subscriptions' });
}

/** A plan card of the widget: its radio button is named by the whole card (name, Active, price, pages). */
function planRadio(page: Page, name: string): Locator {
  return widget(page).getByRole('radio', { name: new RegExp(`^${name} (Active )?\\$`) });
}

/**
 * Commerce-and-cabinet.md §2-§4 and check-tool.md §4 (firstBuy): a visitor subscribes to an individual plan on the
 * real product with the built-in sandbox gateway and 20 % VAT, signing up on the way; the plan is Active in the
 * widget and in My subscription, is upgraded (prorated) and cancelled with the farewell survey.
 */
describe('monthly subscriptions', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `subscriber.${String(Date.now())}@example.com`;

  beforeAll(async () => {
    product = await startProduct({ env: { VAT_PERCENT: '20' } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  it('a visitor picks a plan, signs up on the way, pays by card and sees the plan Active', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'subscriptions-subscribe'));
    });
    await page.goto(`${product.url}/pricing/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    const light = planRadio(page, 'Light');
    // the default plan (light) is selected; a visitor is told an account comes first
    await expect.poll(() => light.isChecked()).toBe(true);
    await widget(page).getByText('You will create a free account before paying.').waitFor();
    await planRadio(page, 'Standard').check();
    // the browser tab brought back to the front: the default plan is selected again
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => light.isChecked()).toBe(true);
    expect(await planRadio(page, 'Standard').isChecked()).toBe(false);
    await widget(page).getByRole('button', { name: 'Get started' }).click();
    expect(await page.evaluate(() => localStorage.getItem('firstBuy'))).toContain('lightSubscription');

    await fillSignUpForm(page, { email, password: PASSWORD });
    // After sign-up the pending subscription is started and its card page opens.
    await page.waitForURL(/\/sandbox-pay\/cs_sandbox_[\w-]+$/, { timeout: 60_000 });
    expect(await page.evaluate(() => localStorage.getItem('firstBuy'))).toBeNull();
    await page.getByText('Test payment — no real card is charged').waitFor();
    // $9.99 a month and 20 % VAT ($2.00): $11.99
    await page.getByText('$11.99').first().waitFor();
    await payByCard(page, '4242 4242 4242 4242', '$11.99');
    await page.getByRole('heading', { name: 'Payment successful!' }).waitFor({ timeout: 30_000 });

    await page.goto(`${product.url}/pricing/#subscriptions`);
    await widget(page)
      .getByText(/^Your plan: Light\. It renews on /)
      .waitFor({ timeout: 15_000 });
    const active = widget(page).locator('[data-plan="light"]');
    expect(await active.getByText('Active', { exact: true }).isVisible()).toBe(true);
    expect(await planRadio(page, 'Light').isDisabled()).toBe(true);
    // the default plan is the active one: the next is selected, and the button upgrades
    expect(await planRadio(page, 'Standard').isChecked()).toBe(true);
    await widget(page).getByRole('button', { name: 'Upgrade plan' }).waitFor();

    await page.goto(`${product.url}/profile/`);
    const card = page.getByRole('region', { name: 'My subscription' });
    await card.getByText('Light', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await card.getByText('Active', { exact: true }).isVisible()).toBe(true);
    const details = (await card.textContent()) ?? '';
    expect(details).toContain('$9.99 per month');
    expect(details).toMatch(/Pages per month\s*60/);
    expect(details).toMatch(/AI pages per month\s*20/);
    expect(details).toContain('Renews on');
    expect(details).toContain('4242');
  });

  it('upgrades at once, charging the prorated difference, then cancels at the end of the month', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'subscriptions-upgrade'));
    });
    await page.goto(`${product.url}/pricing/`);
    await planRadio(page, 'Standard').check();
    await widget(page).getByRole('button', { name: 'Upgrade plan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Upgrade to Standard?' });
    // a whole month left: the whole difference ($15.00) and 20 % VAT
    await confirm.getByText(/about \$18\.00 now, VAT included, charged to your card ending in 4242/).waitFor();
    await confirm.getByRole('button', { name: 'Upgrade now' }).click();
    await widget(page)
      .getByText(/^Your plan is now Standard\. We charged \$18\.00 to your card/)
      .waitFor({
        timeout: 30_000,
      });
    await confirm.waitFor({ state: 'hidden' });
    expect(await planRadio(page, 'Standard').isDisabled()).toBe(true);
    expect(await widget(page).locator('[data-plan="standard"]').getByText('Active', { exact: true }).isVisible()).toBe(
      true,
    );

    await page.goto(`${product.url}/profile/`);
    const card = page.getByRole('region', { name: 'My subscription' });
    await card.getByText('Standard', { exact: true }).waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Cancel subscription' }).click();
    const survey = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    // a reason must be chosen
    await survey.getByRole('button', { name: 'Cancel subscription' }).click();
    await survey.getByRole('alert').filter({ hasText: 'Please choose a reason.' }).waitFor();
    await survey.getByRole('radio', { name: 'I only needed it for a while' }).check();
    await survey.getByLabel(/Anything else you would like to tell us/).fill('Back in the autumn term.');
    await survey.getByRole('button', { name: 'Cancel subscription' }).click();
    await card.getByText(/^Your Standard subscription is cancelled\. It stays active until /).waitFor({
      timeout: 15_000,
    });
    await survey.waitFor({ state: 'hidden' });
    expect(await card.getByText('Cancelled', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { keepScreenshot, launchBrowser, signUpThroughModal, startProduct, type Product } from './harness.ts';

const PASSWORD = 'Memb3rs!Secret';

/** Commerce-and-cabinet.md §2 "Organisation members list: add, upload from file, registration links per role". */
describe('the organisation members page', () => {
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

  it('lets an owner add a member, upload a list, change a limit and remove a member', async () => {
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'members'));
    });
    await signUpThroughModal(page, product.url, {
      email: `owner.${stamp}@example.com`,
      password: PASSWORD,
      organisation: 'North High',
    });

    // The profile menu offers the page to the owner.
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Members' }).click();
    await page.waitForURL(`${product.url}/profile/members/`);
    const table = page.getByRole('table', { name: 'Members of North High' });
    await table.waitFor({ timeout: 15_000 });

    // Add one member by hand; the form says what is wrong first.
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add member', exact: true }) });
    await form.getByLabel('Name').fill('Ana García');
    await form.getByLabel('E-mail').fill('not-an-address');
    await form.getByRole('button', { name: 'Add member', exact: true }).click();
    await form.getByText('Invalid email').waitFor();
    await form.getByLabel('E-mail').fill(`ana.${stamp}@example.edu`);
    await form.getByLabel('Page limit').fill('50');
    await form.getByRole('button', { name: 'Add member', exact: true }).click();
    await page.getByText('Ana García was added and invited by e-mail to set a password.').waitFor();
    const ana = table.getByRole('row').filter({ hasText: 'Ana García' });
    await ana.getByText('Invited').waitFor();
    expect(await ana.textContent()).toContain('Student');

    // Upload a list: a header, a teacher, a duplicate of Ana, a bad address.
    // dropped on the drop area, as a user drags it from their desktop
    const csv = [
      'Name,E-mail,Limit,Role',
      `Tom Teacher,tom.${stamp}@example.edu,,Teacher`,
      `Ana García,ana.${stamp}@example.edu,,`,
      'Bad Row,not-an-email,,',
    ].join('\n');
    const dataTransfer = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'class.csv', { type: 'text/csv' }));
      return data;
    }, csv);
    await page.locator('.members-drop').dispatchEvent('drop', { dataTransfer });
    await page.getByText(/Selected: class\.csv/).waitFor();
    await page.getByRole('button', { name: 'Upload and add members' }).click();
    const results = page.getByRole('table', { name: 'Each row of the file and what happened to it' });
    await results.waitFor({ timeout: 30_000 });
    await page.getByText('1 of 3 rows added.').waitFor();
    const rowOutcomes = await results
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [row.querySelector('th, td')?.textContent.trim(), row.textContent]));
    expect(rowOutcomes.map(([row]) => row)).toEqual(['2', '3', '4']);
    expect(rowOutcomes[0]?.[1]).toContain('Invited');
    expect(rowOutcomes[1]?.[1]).toContain('Already a member');
    expect(rowOutcomes[2]?.[1]).toContain('Invalid email');
    const tom = table.getByRole('row').filter({ hasText: 'Tom Teacher' });
    await tom.waitFor();
    expect(await tom.textContent()).toContain('Teacher');

    // Change Tom's page limit.
    await tom.getByRole('button', { name: 'Edit the page limit and role of Tom Teacher' }).click();
    await tom.getByLabel('Page limit of Tom Teacher').fill('20');
    await tom.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The changes to Tom Teacher were saved.').waitFor();
    await expect.poll(async () => tom.textContent()).toContain('0 of 20');

    // Remove Ana, through the confirmation.
    await ana.getByRole('button', { name: 'Remove Ana García' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this member?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Ana García was removed.').waitFor();
    // (while the dialog is open the page behind it is hidden from the accessibility tree: wait for it to go)
    await confirm.waitFor({ state: 'hidden' });
    // the owner and Tom: a header row and two members
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    expect(await table.getByRole('row').filter({ hasText: 'Ana García' }).count()).toBe(0);
  });
});

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

  it('lets an owner invite a member, upload a list, cancel an invitation and change a limit', async () => {
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
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByRole('button', { name: 'Add member', exact: true }).click();
    await form.getByText('Please enter a valid email address.').waitFor();
    await form.getByLabel('Email').fill(`ana.${stamp}@example.edu`);
    await form.getByLabel('Page limit').fill('50');
    await form.getByRole('button', { name: 'Add member', exact: true }).click();
    await page.getByText(`An invitation was sent to ana.${stamp}@example.edu.`).waitFor();
    // an invitation: the address and "Invited", nothing of the person until they accept
    const ana = table.getByRole('row').filter({ hasText: `ana.${stamp}@example.edu` });
    await ana.getByText('Invited').waitFor();
    expect(await ana.textContent()).toContain('Student');
    expect(await ana.textContent()).not.toContain('Ana García');

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
    await page.getByRole('button', { name: 'Upload and invite members' }).click();
    const results = page.getByRole('table', { name: 'Each row of the file and what happened to it' });
    await results.waitFor({ timeout: 30_000 });
    await page.getByText('1 of 3 rows invited.').waitFor();
    const rowOutcomes = await results
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [row.querySelector('th, td')?.textContent.trim(), row.textContent]));
    expect(rowOutcomes.map(([row]) => row)).toEqual(['2', '3', '4']);
    expect(rowOutcomes[0]?.[1]).toContain('Invited');
    expect(rowOutcomes[1]?.[1]).toContain('Already a member');
    expect(rowOutcomes[2]?.[1]).toContain('Please enter a valid email address.');
    const tom = table.getByRole('row').filter({ hasText: `tom.${stamp}@example.edu` });
    await tom.getByText('Invited').waitFor();
    expect(await tom.textContent()).toContain('Teacher');

    // Cancel Ana's invitation.
    await ana.getByRole('button', { name: `Cancel the invitation of ana.${stamp}@example.edu` }).click();
    await page.getByText(`The invitation of ana.${stamp}@example.edu was cancelled.`).waitFor();
    // the owner and Tom's invitation: a header row and two rows
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    expect(
      await table
        .getByRole('row')
        .filter({ hasText: `ana.${stamp}@example.edu` })
        .count(),
    ).toBe(0);

    // Change the administrator's own page limit.
    const owner = table.getByRole('row').filter({ hasText: 'Administrator' });
    const ownerEmail = `owner.${stamp}@example.com`;
    await owner.getByRole('button', { name: `Edit the page limit of ${ownerEmail}` }).click();
    await owner.getByLabel(`Page limit of ${ownerEmail}`).fill('20');
    await owner.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`The changes to ${ownerEmail} were saved.`).waitFor();
    await expect.poll(async () => owner.textContent()).toContain('0 of 20');
  });
});

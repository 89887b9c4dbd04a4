import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  fillSignUpForm,
  keepScreenshot,
  launchBrowser,
  payByCard,
  signUpThroughModal,
  startProduct,
  type Product,
} from './harness.ts';

const PASSWORD = 'Sch00l!Secret';
const ORGANISATION = 'Lighthouse School';

/** An essay of plain English sentences, long enough for more pages than a new organisation's bonus (5). */
function longEssay(): string {
  const sentences = [
    'The keepers of the old lighthouse wrote the weather in a logbook twice a day.',
    'Ships passing the northern cape relied on the light during the long winter nights.',
    'Families often lived at the station for years, far from the nearest village.',
    'A supply boat came once a month when the sea was calm enough to land.',
    'Children learned their lessons at the kitchen table while the wind shook the windows.',
    'The lamp had to be trimmed and the glass polished before every sunset.',
  ];
  const paragraphs: string[] = [];
  for (let p = 0; p < 60; p += 1) {
    paragraphs.push(
      `In year ${String(1900 + p)} the record shows this again. ${sentences.map((s, i) => sentences[(i + p) % sentences.length] ?? s).join(' ')}`,
    );
  }
  return paragraphs.join('\n\n');
}

/**
 * Commerce-and-cabinet.md §2, §6 and check-tool.md §4: a student of an organisation that lacks pages cannot buy,
 * so the confirm modal offers to notify the administrator; the owner gets the notice in the cabinet, follows it to
 * the pricing page and subscribes the organisation to a team plan on the sandbox card page.
 */
describe('an organisation out of pages: the student notifies, the owner subscribes it to a team plan', () => {
  let product: Product;
  let browser: Browser;
  let owner: Page;
  let student: Page;
  const stamp = Date.now();

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    student = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });

  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  it('notifies the owner, who sees the notice and buys the Light team plan for the organisation', async () => {
    onTestFailed(async () => {
      console.error('screenshots kept at', await keepScreenshot(student, 'org-buying-student'));
      console.error(await keepScreenshot(owner, 'org-buying-owner'));
    });
    await signUpThroughModal(owner, product.url, {
      email: `owner.${String(stamp)}@example.edu`,
      password: PASSWORD,
      organisation: ORGANISATION,
    });
    // the students' registration link, as the owner's members page reads it
    const link = await owner.evaluate(async () => {
      const groups = (await (await fetch('/api/v1/groups/list/')).json()) as { data: { groups: { id: number }[] } };
      const id = groups.data.groups[0]?.id ?? 0;
      const invites = (await (await fetch(`/api/v1/groups/${String(id)}/invites/`)).json()) as {
        data: { invites: { role: number; url: string }[] };
      };
      return invites.data.invites.find((invite) => invite.role === 3)?.url ?? '';
    });
    expect(link).toMatch(/\?invite=/);

    // The student joins by the link, then checks a text longer than the organisation's pages.
    await student.goto(`${product.url}/${link.slice(link.indexOf('?'))}`);
    await student.getByRole('button', { name: 'Got it' }).click();
    await fillSignUpForm(student, { email: `student.${String(stamp)}@example.edu`, password: PASSWORD });
    await student.waitForURL(`${product.url}/profile/new-check`, { timeout: 60_000 });
    await student.getByLabel('Check for', { exact: true }).selectOption({ label: ORGANISATION });
    await student.getByLabel('Text to check').fill(longEssay());
    await student.getByRole('button', { name: 'Check for plagiarism' }).click();
    const confirm = student.getByRole('dialog');
    await confirm
      .getByText("Your organization doesn't have enough pages on its balance to complete the check.")
      .waitFor({ timeout: 30_000 });
    // a member cannot buy for the organisation: no buy offer, only Notify admin
    expect(await confirm.getByRole('button', { name: /Buy/ }).count()).toBe(0);
    await confirm.getByRole('button', { name: 'Notify admin' }).click();
    const notify = student.getByRole('dialog', { name: 'Contact your Administrator' });
    await notify.getByRole('button', { name: 'Notify admin' }).click();
    await notify.getByText('Your administrator has been notified.').waitFor({ timeout: 15_000 });

    // The owner sees the request on the profile menu and in the notifications.
    await owner.goto(`${product.url}/profile/`);
    await owner.getByTitle('1 unread notification').waitFor({ timeout: 15_000 });
    await owner.getByRole('button', { name: 'Profile menu' }).click();
    await owner.getByRole('menuitem', { name: /Notifications/ }).click();
    await owner.waitForURL(`${product.url}/profile/notices/`);
    const notice = owner.getByRole('listitem').filter({ hasText: `for ${ORGANISATION}.` });
    await notice
      .getByText(`student.${String(stamp)}@example.edu asks you for more pages for ${ORGANISATION}.`)
      .waitFor();
    await keepScreenshot(owner, 'org-buying-notices');
    await notice.getByRole('button', { name: 'Mark as read' }).click();
    await notice.getByRole('button', { name: 'Mark as read' }).waitFor({ state: 'detached' });

    // From the notice to the pricing page: the Light team plan for the organisation, paid on the card page.
    await notice.getByRole('link', { name: `Buy pages for ${ORGANISATION}` }).click();
    await owner.waitForURL(`${product.url}/pricing/`);
    const widget = owner.getByRole('region', { name: 'Monthly subscriptions' });
    await widget.getByRole('tab', { name: 'Teams' }).click();
    await widget.getByRole('radio', { name: /^Light (Active )?\$/ }).check();
    await widget.getByRole('button', { name: 'Get started' }).click();
    await owner.waitForURL(/\/sandbox-pay\/cs_sandbox_[\w-]+$/, { timeout: 30_000 });
    await payByCard(owner, '4242 4242 4242 4242', '$59.99');
    await owner.getByRole('heading', { name: 'Payment successful!' }).waitFor({ timeout: 30_000 });

    await owner.goto(`${product.url}/pricing/#subscriptions`);
    await owner.getByRole('region', { name: 'Monthly subscriptions' }).getByRole('tab', { name: 'Teams' }).click();
    const teams = owner.getByRole('region', { name: 'Monthly subscriptions' });
    await teams.locator('[data-plan="lightTeams"]').getByText('Active', { exact: true }).waitFor({ timeout: 15_000 });

    // The student's check now goes through: the organisation has the month's 600 pages.
    await student.reload();
    await student.getByLabel('Check for', { exact: true }).selectOption({ label: ORGANISATION });
    await student.getByLabel('Text to check').fill(longEssay());
    await student.getByRole('button', { name: 'Check for plagiarism' }).click();
    await student.waitForURL(/\/profile\/my-documents/, { timeout: 60_000 });
  });
});

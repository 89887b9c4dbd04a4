import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { isBlocking, runAxe } from './axe.ts';
import { ARTIFACTS, fillLogInForm, keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

const PASSWORD = 'Org4nise!Secret';
const SHOTS = path.join(ARTIFACTS, 'organisation');
const stamp = String(Date.now());
const OWNER = { email: `org.owner.${stamp}@example.com`, password: PASSWORD };
const STUDENT = { email: `org.student.${stamp}@example.com`, password: PASSWORD };
const CREATOR = { email: `org.creator.${stamp}@example.com`, password: PASSWORD };
const ADMIN = { email: `org.admin.${stamp}@example.com`, password: PASSWORD };

/** A screen at a phone's and a desktop's width, for a person to look at (e2e/artifacts/organisation/). */
async function shoot(page: Page, name: string, ready: Locator, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await ready.waitFor();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${String(width)}.png`), fullPage });
  }
  await page.setViewportSize(before);
}

/**
 * Issue 17, "Organisation settings and lifecycle" (commerce-and-cabinet.md §2, §4, §6): an owner locks new checks
 * for students on the settings screen and a student sees the lock on New check; a user creates a team and deletes
 * it after the confirmation; a site administrator disables an organisation at /admin/organisations.
 */
describe('organisation settings, teams and their lifecycle', () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct({
      adminCommands: [
        ...[OWNER, STUDENT, CREATOR, ADMIN].map((account) => [
          'user:create',
          '--email',
          account.email,
          '--password',
          account.password,
        ]),
        ['user:admin', ADMIN.email],
      ],
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  /** A fresh browser logged in through the login modal. */
  async function loggedIn(account: { email: string; password: string }): Promise<Page> {
    // bypassCSP: the accessibility scan injects axe
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await fillLogInForm(page, account);
    await page.getByRole('button', { name: /Profile menu/ }).waitFor({ timeout: 30_000 });
    return page;
  }

  /** A form post through the page's own cookies (state set up through the API, not the UI under test). */
  async function post(page: Page, url: string, form: Record<string, string> = {}): Promise<unknown> {
    const { token } = (await (await page.request.get(`${product.url}/csrf_tokens`)).json()) as { token: string };
    const response = await page.request.post(`${product.url}${url}`, { form: { ...form, _csrf_token: token } });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  }

  it('lets an owner lock new checks for students, and the student sees the lock on New check', async () => {
    const owner = await loggedIn(OWNER);
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(owner, 'organisation-owner'));
    });
    // the organisation and its student, through the API
    const created = (await post(owner, '/api/v1/groups/', { name: 'Fjord School', description: 'Years 8 to 10' })) as {
      data: { group: { id: number } };
    };
    const groupId = created.data.group.id;
    const invites = (await (
      await owner.request.get(`${product.url}/api/v1/groups/${String(groupId)}/invites/`)
    ).json()) as {
      data: { invites: { role: number; token: string }[] };
    };
    const studentLink = invites.data.invites.find((invite) => invite.role === 3)?.token ?? '';
    const student = await loggedIn(STUDENT);
    await post(student, `/api/v1/invites/${studentLink}/accept/`);

    // the settings, from the profile menu (the page read the groups before the API made one: read them again)
    await owner.reload();
    await owner.getByRole('button', { name: /Profile menu/ }).click();
    await owner.getByRole('menuitem', { name: 'Organisation settings' }).click();
    await owner.waitForURL(`${product.url}/profile/organisation/`);
    const form = owner.getByRole('form', { name: 'Settings' });
    await form.getByLabel('Organisation name').waitFor();
    expect(await form.getByLabel('Organisation name').inputValue()).toBe('Fjord School');
    await form.getByText('Members now: 2. Pending invitations: 0.').waitFor();
    await shoot(owner, 'settings', form.getByRole('button', { name: 'Save settings' }));
    expect((await runAxe(owner)).violations.filter(isBlocking)).toEqual([]);

    // a member maximum below the members there are: the field says so, nothing is sent
    await form.getByLabel('Member maximum').fill('1');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('The maximum cannot be below the number of members the organisation has now (2).').waitFor();
    await form.getByLabel('Member maximum').fill('');

    const lock = form.getByRole('switch', { name: 'Lock new checks for students' });
    expect(await lock.isChecked()).toBe(false);
    await lock.check({ force: true });
    expect(await lock.isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await owner.getByText('The organisation settings are saved.').waitFor();
    const settings = (await (
      await owner.request.get(`${product.url}/api/v1/groups/${String(groupId)}/settings/`)
    ).json()) as { data: { settings: { hide_new_check_for_student: boolean } } };
    expect(settings.data.settings.hide_new_check_for_student).toBe(true);

    // the student: New check for the organisation shows the lock instead of the form
    await student.goto(`${product.url}/profile/new-check`);
    const chooser = student.getByLabel('Check for', { exact: true });
    await chooser.waitFor();
    await chooser.selectOption({ label: 'Fjord School (new checks locked)' });
    await student.waitForURL(`${product.url}/profile/new-check?group=${String(groupId)}`);
    const panel = student.getByRole('heading', { name: 'New checks are locked' });
    await panel.waitFor();
    await student.getByText('Fjord School has turned off new checks for students.').waitFor();
    expect(await student.locator('[data-checkform]').count()).toBe(0);
    await shoot(student, 'new-check-locked', panel);
    expect((await runAxe(student)).violations.filter(isBlocking)).toEqual([]);
    // and the AI detector for the organisation too
    await student.goto(`${product.url}/ai-detector/?group=${String(groupId)}`);
    await student.getByRole('heading', { name: 'New checks are locked' }).waitFor();
    // checking for oneself stays open
    await student.getByLabel('Check for', { exact: true }).selectOption({ label: 'Myself (my balance)' });
    await student.getByLabel('Text to check for AI').waitFor();
  });

  it('lets a user create a team and delete it after the confirmation', async () => {
    const page = await loggedIn(CREATOR);
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'organisation-creator'));
    });
    await page.goto(`${product.url}/profile/`);
    const card = page.getByRole('region', { name: 'Create a team' });
    await card.waitFor();
    await shoot(page, 'create-team', card);
    // the name is required
    await card.getByRole('button', { name: 'Create team' }).click();
    await card.getByText('This field is required').waitFor();
    await card.getByLabel('Team name').fill('Delta Lab');
    await card.getByRole('button', { name: 'Create team' }).click();
    await page.waitForURL(/\/profile\/organisation\/\?group=\d+$/);
    const form = page.getByRole('form', { name: 'Settings' });
    await form.getByLabel('Organisation name').waitFor();
    expect(await form.getByLabel('Organisation name').inputValue()).toBe('Delta Lab');
    await form.getByText('Members now: 1. Pending invitations: 0.').waitFor();
    const groupId = Number(new URL(page.url()).searchParams.get('group'));

    await page.getByRole('button', { name: 'Delete organisation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Delta Lab?' });
    await dialog.waitFor();
    await dialog.getByText('The checks made in the organisation become their authors’ own private checks').waitFor();
    await dialog
      .getByText('The organisation’s pages and AI pages are not transferred to anyone: they are lost.')
      .waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete for good' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type the organisation’s name (Delta Lab) to confirm').fill('Delta');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type the organisation’s name (Delta Lab) to confirm').fill('Delta Lab');
    // the dialog as the screen shows it (a full-page picture would cut the fixed dialog)
    await shoot(page, 'delete-confirmation', confirm, false);
    expect((await runAxe(page)).violations.filter(isBlocking)).toEqual([]);
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await page.getByRole('dialog', { name: 'Organisation deleted' }).waitFor();
    await page.waitForURL(`${product.url}/profile/`);
    const groups = (await (await page.request.get(`${product.url}/api/v1/groups/list/`)).json()) as {
      data: { groups: { id: number }[] };
    };
    expect(groups.data.groups.map((group) => group.id)).not.toContain(groupId);
  });

  it('lets a site administrator find an organisation and disable it', async () => {
    const page = await loggedIn(ADMIN);
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'organisation-admin'));
    });
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Organisations (admin)' }).click();
    await page.waitForURL(`${product.url}/admin/organisations`);
    await page.getByLabel('Name, administrator’s e-mail or ID').fill('Fjord');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Fjord School' });
    await row.getByText(OWNER.email).waitFor();
    await shoot(page, 'admin-organisations', row);
    expect((await runAxe(page)).violations.filter(isBlocking)).toEqual([]);
    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByLabel('Reason (kept for administrators)').fill('Unpaid invoice');
    await shoot(page, 'admin-organisations-disable', row.getByRole('button', { name: 'Disable organisation' }));
    await row.getByRole('button', { name: 'Disable organisation' }).click();
    await page.getByText('Fjord School is disabled.').waitFor();
    await row.getByText('Reason: Unpaid invoice').waitFor();
    await row.getByRole('button', { name: 'Enable' }).waitFor();
  });
});

/**
 * My Documents' folders (issue 17, "Documents"; commerce-and-cabinet.md §2 "My documents: folders, subfolders, sharing
 * links, moving documents"): a teacher files two students' checks into a new folder of the organisation, sees which
 * student wrote each (the author column), and opens a report by its own address. The organisation (its owner signs up
 * through the API), its teacher and two students (who join by its links) and the students' checks are set up through
 * the API; the browser drives only what is tested. With FOLDERS_SHOTS=<folder> it also keeps screenshots of the
 * cabinet, the move dialog and the share dialog at 1280 and 375 px.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { GARDEN_ESSAY, ORIGINAL_ESSAY } from '../apps/server/test/texts.ts';
import { isBlocking, runAxe } from './axe.ts';
import { ApiClient } from './api-client.ts';
import { fillLogInForm, keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

const PASSWORD = 'F0lders!Secret';
const stamp = Date.now();
const OWNER = { email: `fo.owner.${String(stamp)}@example.com`, password: PASSWORD };
const TEACHER = { email: `fo.teacher.${String(stamp)}@example.com`, password: PASSWORD, name: 'Tina Teacher' };
const SAM = { email: `fo.sam.${String(stamp)}@example.com`, password: PASSWORD, name: 'Sam Student' };
const SARA = { email: `fo.sara.${String(stamp)}@example.com`, password: PASSWORD, name: 'Sara Second' };
const FOLDER = 'Term 1 essays';
const SHOTS = process.env.FOLDERS_SHOTS;

describe('My Documents: folders', () => {
  let product: Product;
  let browser: Browser;
  let groupId = 0;
  const checks: { id: number; title: string; author: string }[] = [];
  const contexts: BrowserContext[] = [];

  async function newPage(width = 1280): Promise<Page> {
    // bypassCSP: axe-core is injected as an inline script (as the a11y suite does)
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    contexts.push(context);
    return context.newPage();
  }

  async function logIn(page: Page, account: { email: string; password: string }): Promise<void> {
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await fillLogInForm(page, account);
    await page.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });
  }

  /** A page is kept whole; a dialog as the viewport shows it (its overlay covers only the viewport). */
  async function shot(page: Page, name: string): Promise<void> {
    if (SHOTS === undefined) return;
    mkdirSync(SHOTS, { recursive: true });
    const isDialog = (await page.getByRole('dialog').count()) > 0;
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: !isDialog });
  }

  /** axe finds no serious or critical violation on what the page shows now. */
  async function expectAccessible(page: Page, what: string): Promise<void> {
    const { violations } = await runAxe(page);
    expect(
      violations.filter(isBlocking).map((violation) => `${what}: ${violation.id} ${violation.nodes[0]?.html ?? ''}`),
    ).toEqual([]);
  }

  beforeAll(async () => {
    product = await startProduct({
      adminCommands: [TEACHER, SAM, SARA].map((account) => [
        'user:create',
        '--email',
        account.email,
        '--password',
        PASSWORD,
        '--name',
        account.name,
      ]),
    });
    browser = await launchBrowser();

    const owner = new ApiClient(product.url);
    const signedUp = await owner.send('/registration/', {
      email: OWNER.email,
      password: PASSWORD,
      name: 'Olga Owner',
      account_type: 'organisation',
      organisation_name: 'Fjord School',
      _csrf_token: (await owner.get<{ token: string }>('/csrf_tokens')).token,
      'security-token-registration': await owner.botToken(),
    });
    expect(signedUp.status, await signedUp.clone().text()).toBe(200);
    const groups = await owner.get<{ data: { groups: { id: number }[] } }>('/api/v1/groups/list/');
    groupId = groups.data.groups[0]?.id ?? 0;
    const links = await owner.get<{ data: { invites: { role: number; token: string }[] } }>(
      `/api/v1/groups/${String(groupId)}/invites/`,
    );
    const students: [ApiClient, typeof SAM, string, string][] = [
      [new ApiClient(product.url), SAM, 'Rivers of the north', ORIGINAL_ESSAY],
      [new ApiClient(product.url), SARA, 'Community gardens', GARDEN_ESSAY],
    ];
    for (const [api, account, role] of [
      [new ApiClient(product.url), TEACHER, 2],
      ...students.map(([studentApi, account]) => [studentApi, account, 3] as const),
    ] as const) {
      await api.post('/login_check', { _username: account.email, _password: account.password });
      const token = links.data.invites.find((invite) => invite.role === role)?.token ?? '';
      await api.post(`/api/v1/invites/${token}/accept/`);
    }
    for (const [api, account, title, text] of students) {
      const submitted = await api.post<{ data: { text: { id: number } } }>('/api/v1/text', {
        text,
        title,
        language: 'en',
        group_id: String(groupId),
        skip_english_words_validation: 'true',
        skip_percentage_words_validation: 'true',
      });
      checks.push({ id: submitted.data.text.id, title, author: account.name });
    }
    // the checks run in the product's worker: their state says when the reports are ready
    for (const [api] of students) {
      const check = checks[students.findIndex(([candidate]) => candidate === api)];
      const deadline = Date.now() + 90_000;
      let state = 3;
      while (state !== 5 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        state = (await api.get<{ data: { state: number } }>(`/api/v1/text/${String(check?.id)}`)).data.state;
      }
      if (state !== 5) throw new Error(`a student's check did not become ready (state ${String(state)})`);
    }
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
    await product.stop();
  });

  it("a teacher files two students' checks into a new folder, sees their authors and opens a report by its address", async () => {
    const page = await newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, 'folders-teacher'));
    });
    await logIn(page, TEACHER);
    await page.goto(`${product.url}/profile/my-documents/group/${String(groupId)}`);
    const table = page.getByRole('table', { name: 'Documents in All documents' });
    await table.waitFor({ timeout: 30_000 });

    // the author column says which student wrote each check
    await expect.poll(() => table.getByRole('columnheader', { name: 'Author' }).count()).toBe(1);
    for (const check of checks) {
      const row = table.getByRole('row').filter({ hasText: check.title });
      await row.getByText(check.author).waitFor();
    }

    // a new folder: the spec's message for an empty name first
    await page.getByRole('button', { name: 'New folder', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    await dialog.getByText('Folder name cannot be empty').waitFor();
    await dialog.getByLabel('Folder name').fill(FOLDER);
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    await page.getByText(`The folder ${FOLDER} was created.`).waitFor();
    // the new folder is open, and empty
    await page.getByRole('heading', { name: FOLDER, level: 2 }).waitFor();
    await page.getByText('This folder is empty.', { exact: false }).waitFor();
    await shot(page, 'folders-empty-1280');

    // back to all documents: select both checks and move them at once
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'All documents' }).click();
    await table.waitFor();
    for (const check of checks) await page.getByRole('checkbox', { name: `Select ${check.title}` }).check();
    await page.getByRole('region', { name: 'Selected documents' }).getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Move to a folder' }).click();
    dialog = page.getByRole('dialog', { name: 'Move 2 documents' });
    await dialog.getByRole('radio', { name: FOLDER }).check();
    await shot(page, 'folders-move-1280');
    await expectAccessible(page, 'the move dialog');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('2 documents were moved.').waitFor();

    // the folder holds both, with their authors
    const tree = page.getByRole('navigation', { name: 'Folders' });
    await tree.getByRole('button', { name: `${FOLDER} 2 documents` }).click();
    const inFolder = page.getByRole('table', { name: `Documents in ${FOLDER}` });
    await inFolder.waitFor();
    await expect.poll(() => inFolder.locator('tbody tr').count()).toBe(2);
    for (const check of checks) {
      await inFolder.getByRole('row').filter({ hasText: check.title }).getByText(check.author).waitFor();
    }
    expect(new URL(page.url()).searchParams.get('folder')).toMatch(/^\d+$/);
    await shot(page, 'folders-cabinet-1280');
    await expectAccessible(page, 'the cabinet');

    // the share dialog (its link and access list) is the owner's of the folder
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    dialog = page.getByRole('dialog', { name: `Share ${FOLDER}` });
    await dialog.getByRole('button', { name: 'Create a share link' }).click();
    await dialog.getByRole('textbox', { name: 'Share link' }).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Share link' }).inputValue()).toContain(
      `${product.url}/profile/my-documents/shared/`,
    );
    await dialog.getByLabel("Member's e-mail").fill(SAM.email);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText(SAM.name).waitFor();
    await shot(page, 'folders-share-1280');
    await expectAccessible(page, 'the share dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();

    if (SHOTS !== undefined) {
      await page.setViewportSize({ width: 375, height: 800 });
      await shot(page, 'folders-cabinet-375');
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await page
        .getByRole('dialog', { name: `Share ${FOLDER}` })
        .getByText(SAM.name)
        .waitFor();
      await shot(page, 'folders-share-375');
      await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
      await page.getByRole('checkbox', { name: `Select ${checks[0]?.title ?? ''}` }).check();
      await page.getByRole('button', { name: 'Move to a folder' }).click();
      await page.getByRole('dialog', { name: 'Move 1 document' }).waitFor();
      await shot(page, 'folders-move-375');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // Open: the report's own address
    const first = checks[0];
    if (first === undefined) throw new Error('no check');
    await inFolder
      .getByRole('row')
      .filter({ hasText: first.title })
      .getByRole('link', { name: 'Open', exact: true })
      .click();
    await page.waitForURL(`${product.url}/profile/report/${String(first.id)}`);
    await page.getByText(first.title).first().waitFor({ timeout: 60_000 });
  });
});

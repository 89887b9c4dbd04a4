/**
 * Report comments and sharing a report by e-mail (issue 17, "Check settings and report tools"): a teacher opens a
 * student's report by its address, selects a passage and comments on it; the student logs in and reads the comment
 * (and cannot write one); the teacher shares the report by e-mail, the mailed link opens the report without login
 * (saying until when it works), and once revoked the link shows that it no longer works. The organisation, its
 * members and the student's check are set up through the API; the browser drives only what is tested.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { GARDEN_ESSAY } from '../apps/server/test/texts.ts';
import { isBlocking, runAxe } from './axe.ts';
import { ApiClient } from './api-client.ts';
import { fillLogInForm, keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';

const PASSWORD = 'Comm3nts!Secret';
const stamp = Date.now();
const OWNER = { email: `rc.owner.${String(stamp)}@example.com`, password: PASSWORD };
const TEACHER = { email: `rc.teacher.${String(stamp)}@example.com`, password: PASSWORD, name: 'Tina Teacher' };
const STUDENT = { email: `rc.student.${String(stamp)}@example.com`, password: PASSWORD, name: 'Sam Student' };
const FRIEND = `rc.friend.${String(stamp)}@example.org`;
const TITLE = 'Community garden essay';
const COMMENT = 'Please cite where this passage comes from.';

/** axe-core on the page as it is: no serious or critical violation (the rule of a11y.e2e.test.ts). */
async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await runAxe(page);
  expect(
    violations.filter(isBlocking).map((violation) => `${what}: ${violation.id}`),
    what,
  ).toEqual([]);
}

/** The text/plain part of a MIME message, quoted-printable decoded. */
function plainTextOf(raw: string): string {
  const start = raw.search(/Content-Type: text\/plain/i);
  const part = raw.slice(start);
  const bodyStart = part.indexOf('\r\n\r\n');
  const body = part.slice(bodyStart + 4, part.search(/\r\n--/));
  if (!/quoted-printable/i.test(part.slice(0, bodyStart))) return body;
  const escaped = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(escaped.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

describe('report comments and sharing a report by e-mail', () => {
  let product: Product;
  let browser: Browser;
  let catcher: MailCatcher;
  let checkId = 0;
  const contexts: BrowserContext[] = [];

  async function newPage(width = 1280): Promise<Page> {
    // axe-core is injected as an inline script: the CSP would refuse it (as in a11y.e2e.test.ts)
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

  beforeAll(async () => {
    catcher = await startMailCatcher();
    product = await startProduct({
      env: { SMTP_URL: catcher.url, MAIL_FROM: 'Veritext <no-reply@example.com>' },
      adminCommands: [
        ['user:create', '--email', TEACHER.email, '--password', PASSWORD, '--name', TEACHER.name],
        ['user:create', '--email', STUDENT.email, '--password', PASSWORD, '--name', STUDENT.name],
      ],
    });
    browser = await launchBrowser();

    // The organisation (its owner signs up), its teacher and student (who join by its links), the student's check.
    const owner = new ApiClient(product.url, { xhr: true });
    const signedUp = await owner.send('/registration/', {
      email: OWNER.email,
      password: PASSWORD,
      name: 'Olga Owner',
      account_type: 'organisation',
      organisation_name: 'Harbour School',
      _csrf_token: (await owner.get<{ token: string }>('/csrf_tokens')).token,
      'security-token-registration': await owner.botToken(),
    });
    expect(signedUp.status, await signedUp.clone().text()).toBe(200);
    const groups = await owner.get<{ data: { groups: { id: number }[] } }>('/api/v1/groups/list/');
    const groupId = groups.data.groups[0]?.id ?? 0;
    const links = await owner.get<{ data: { invites: { role: number; token: string }[] } }>(
      `/api/v1/groups/${String(groupId)}/invites/`,
    );
    const student = new ApiClient(product.url, { xhr: true });
    for (const [api, account, role] of [
      [new ApiClient(product.url, { xhr: true }), TEACHER, 2],
      [student, STUDENT, 3],
    ] as const) {
      await api.post('/login_check', { _username: account.email, _password: account.password });
      const token = links.data.invites.find((invite) => invite.role === role)?.token ?? '';
      await api.post(`/api/v1/invites/${token}/accept/`);
    }
    const submitted = await student.post<{ data: { text: { id: number } } }>('/api/v1/text', {
      text: GARDEN_ESSAY,
      title: TITLE,
      language: 'en',
      group_id: String(groupId),
      skip_english_words_validation: 'true',
      skip_percentage_words_validation: 'true',
    });
    checkId = submitted.data.text.id;
    // the check runs in the product's worker: its state says when the report is ready
    const deadline = Date.now() + 90_000;
    let state = 3;
    while (state !== 5 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = (await student.get<{ data: { state: number } }>(`/api/v1/text/${String(checkId)}`)).data.state;
    }
    if (state !== 5) throw new Error(`the student's check did not become ready (state ${String(state)})`);
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
    await product.stop();
    await catcher.close();
  });

  it('a teacher comments on a selected passage; the student reads it but cannot write one', async () => {
    const teacher = await newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(teacher, 'report-comments-teacher'));
    });
    await logIn(teacher, TEACHER);
    await teacher.goto(`${product.url}/profile/report/${String(checkId)}`);
    const panel = teacher.getByTestId('report-comments');
    await panel.getByText('No comments yet.').waitFor({ timeout: 60_000 });

    // select a passage of the text with the mouse, as a reader does
    const pane = teacher.locator('.report__text');
    await pane.waitFor();
    const box = await pane.boundingBox();
    if (box === null) throw new Error('the text pane is not on screen');
    await teacher.mouse.move(box.x + 12, box.y + 14);
    await teacher.mouse.down();
    await teacher.mouse.move(box.x + Math.min(box.width - 20, 320), box.y + 14, { steps: 8 });
    await teacher.mouse.up();
    const selected = (await teacher.evaluate(() => window.getSelection()?.toString() ?? '')).trim();
    expect(selected.length).toBeGreaterThan(5);
    // the page offers a comment on the selection; the panel's form then says which passage it is on
    await teacher.getByTestId('comment-on-selection').click();
    await panel.getByText('Your comment is on the selected passage:').waitFor();
    const quoted = (await panel.locator('form blockquote').textContent())?.trim() ?? '';
    expect(selected.replace(/\s+/g, ' ')).toContain(quoted.replace(/…$/, '').slice(0, 20));

    await panel.getByLabel('Comment on the selected passage').fill(COMMENT);
    await panel.getByRole('button', { name: 'Add comment' }).click();
    await panel.getByText('Your comment was added.').waitFor();
    const item = panel.getByRole('article', { name: 'Comment by You' });
    await item.getByText(COMMENT).waitFor();
    expect(await item.locator('blockquote').textContent()).toContain(quoted.replace(/…$/, '').slice(0, 20));
    expect(await item.textContent()).toContain('Teacher');

    // the student opens the same report: reads the comment on the passage, has no form
    const studentPage = await newPage();
    await logIn(studentPage, STUDENT);
    await studentPage.goto(`${product.url}/profile/report/${String(checkId)}`);
    const studentPanel = studentPage.getByTestId('report-comments');
    const seen = studentPanel.getByRole('article', { name: `Comment by ${TEACHER.name}` });
    await seen.getByText(COMMENT).waitFor({ timeout: 60_000 });
    expect(await seen.locator('blockquote').textContent()).toContain(quoted.replace(/…$/, '').slice(0, 20));
    await studentPanel.getByText('Only teachers can add comments.').waitFor();
    expect(await studentPanel.locator('textarea').count()).toBe(0);
    await expectAccessible(teacher, 'the report page with a comment on a passage (teacher)');
  });

  it('the teacher shares the report by e-mail; the link opens it without login until it is revoked', async () => {
    const teacher = await newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(teacher, 'report-share-teacher'));
    });
    await logIn(teacher, TEACHER);
    await teacher.goto(`${product.url}/profile/report/${String(checkId)}`);
    await teacher.getByRole('button', { name: 'Share by e-mail' }).click({ timeout: 60_000 });
    const dialog = teacher.getByRole('dialog', { name: 'Share this report by e-mail' });
    await dialog.getByText('No link to this report works now.').waitFor();
    await dialog.getByLabel("Recipient's e-mail").fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await dialog.getByText('Invalid email').waitFor();
    await dialog.getByLabel("Recipient's e-mail").fill(FRIEND);
    await dialog.getByRole('radio', { name: '30 days' }).check();
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await dialog.getByText(`The link was sent to ${FRIEND}.`).waitFor({ timeout: 30_000 });
    const row = dialog.getByRole('listitem').filter({ hasText: FRIEND });
    await row.getByText(/Works until/).waitFor();
    await expectAccessible(teacher, 'the share dialog');

    // the e-mail carries the link; anyone who has it reads the report, without an account
    await expect
      .poll(() => catcher.mails.filter((mail) => mail.to.includes(FRIEND)).length, { timeout: 15_000 })
      .toBe(1);
    const text = plainTextOf(catcher.mails.find((mail) => mail.to.includes(FRIEND))?.raw ?? '');
    expect(text).toContain(`shared with you the Veritext Similarity report of the document “${TITLE}”`);
    const link = /https?:\/\/[^\s]+\/shared-report\/[\w-]+/.exec(text)?.[0];
    if (link === undefined) throw new Error(`no link in ${text}`);
    const sharedUrl = `${product.url}${new URL(link).pathname}`;
    const outsider = await newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(outsider, 'report-share-outsider'));
    });
    await outsider.goto(sharedUrl);
    await outsider.getByRole('heading', { level: 1 }).filter({ hasText: TITLE }).waitFor({ timeout: 30_000 });
    await outsider
      .getByTestId('shared-report-valid')
      .getByText(/This link works until/)
      .waitFor();
    await outsider
      .locator('.report__text')
      .getByText(/garden/)
      .first()
      .waitFor();
    expect(await outsider.getByRole('button', { name: 'Profile menu' }).count()).toBe(0);
    expect(await outsider.getByTestId('report-comments').count()).toBe(0);
    await expectAccessible(outsider, 'the shared report');

    // revoked: the link no longer works
    await row.getByRole('button', { name: `Revoke the link sent to ${FRIEND}` }).click();
    await dialog.getByText('No link to this report works now.').waitFor();
    await outsider.reload();
    await outsider.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor({ timeout: 30_000 });
  });
});

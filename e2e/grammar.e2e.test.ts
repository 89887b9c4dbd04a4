/**
 * The grammar checker (issue 18; commerce-and-cabinet.md §4, §6): a teacher of an organisation that has activated
 * it opens a student's report, checks its grammar from the Grammar tab and sees the findings, each marked in the
 * text. The organisation, its members, the activation and the student's check are set up through the API; the
 * browser drives only the Grammar tab. Screenshots (1280 and 375 px, en and es) go to /tmp/shots/grammar/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { GARDEN_ESSAY } from '../apps/server/test/texts.ts';
import { ApiClient } from './api-client.ts';
import { fillLogInForm, keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

const PASSWORD = 'Gr4mmar!Secret';
const stamp = Date.now();
const OWNER = { email: `gr.owner.${String(stamp)}@example.com`, password: PASSWORD };
const TEACHER = { email: `gr.teacher.${String(stamp)}@example.com`, password: PASSWORD, name: 'Tina Teacher' };
const STUDENT = { email: `gr.student.${String(stamp)}@example.com`, password: PASSWORD, name: 'Sam Student' };
const SHOTS = '/tmp/shots/grammar';
// the essay with mistakes of its own: a misspelling, a repeated word, a wrong article
const TEXT = `${GARDEN_ESSAY} The the gardeners recieve a award every spring.`;

describe('the grammar checker in a report', () => {
  let product: Product;
  let browser: Browser;
  let checkId = 0;
  const contexts: BrowserContext[] = [];

  async function newPage(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    product = await startProduct({
      adminCommands: [
        ['user:create', '--email', TEACHER.email, '--password', PASSWORD, '--name', TEACHER.name],
        ['user:create', '--email', STUDENT.email, '--password', PASSWORD, '--name', STUDENT.name],
      ],
    });
    browser = await launchBrowser();

    const owner = new ApiClient(product.url, { xhr: true });
    const signedUp = await owner.send('/registration/', {
      email: OWNER.email,
      password: PASSWORD,
      name: 'Olga Owner',
      account_type: 'organisation',
      organisation_name: 'Grammar School',
      _csrf_token: (await owner.get<{ token: string }>('/csrf_tokens')).token,
      'security-token-registration': await owner.botToken(),
    });
    expect(signedUp.status, await signedUp.clone().text()).toBe(200);
    const groups = await owner.get<{ data: { groups: { id: number }[] } }>('/api/v1/groups/list/');
    const groupId = groups.data.groups[0]?.id ?? 0;
    // the owner activates the grammar checker (commerce-and-cabinet.md §6: per institution)
    await owner.post(`/api/v1/groups/${String(groupId)}/settings/`, { grammar_checker_enabled: '1' });
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
      text: TEXT,
      title: 'Garden essay',
      language: 'en',
      group_id: String(groupId),
      skip_english_words_validation: 'true',
      skip_percentage_words_validation: 'true',
    });
    checkId = submitted.data.text.id;
    const deadline = Date.now() + 90_000;
    let state = 3;
    while (state !== 5 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = (await student.get<{ data: { state: number } }>(`/api/v1/text/${String(checkId)}`)).data.state;
    }
    if (state !== 5) throw new Error(`the student's check did not become ready (state ${String(state)})`);
  }, 300_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
    await product.stop();
  });

  it('a teacher checks the grammar of a report and sees the findings marked in the text', async () => {
    const teacher = await newPage(1280);
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(teacher, 'grammar-teacher'));
    });
    await teacher.goto(`${product.url}/`);
    await teacher.getByRole('button', { name: 'Got it' }).click();
    await teacher.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await fillLogInForm(teacher, TEACHER);
    await teacher.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });

    await teacher.goto(`${product.url}/profile/report/${String(checkId)}`);
    await teacher.getByRole('tab', { name: /Grammar/ }).click();
    const panel = teacher.getByTestId('grammar-not-checked');
    await panel.getByRole('button', { name: 'Check grammar' }).click();
    const findings = teacher.getByTestId('grammar-findings');
    await findings.waitFor({ timeout: 60_000 });
    await findings.getByText('“recieve” may be misspelt.').waitFor();
    await expect.poll(() => findings.getByText('Suggestions: receive').count()).toBeGreaterThan(0);
    await findings.getByText('“the” is repeated.').waitFor();
    await findings.getByText('Use “an” instead of “a” before this word.').waitFor();

    // choosing a finding marks its words in the text
    await findings.getByRole('button', { name: /“recieve” may be misspelt/ }).click();
    const selected = teacher.locator('.grammar-mark--selected');
    await selected.waitFor();
    expect(await selected.textContent()).toBe('recieve');
    await teacher.screenshot({ path: `${SHOTS}/grammar-1280-en.png` });

    // on a phone, then the same report in Spanish
    await teacher.setViewportSize({ width: 375, height: 800 });
    await teacher.screenshot({ path: `${SHOTS}/grammar-375-en.png`, fullPage: true });
    await teacher.goto(`${product.url}/es/profile/report/${String(checkId)}`);
    await teacher.getByRole('tab', { name: /Gramática/ }).click();
    await teacher.getByTestId('grammar-findings').getByText('«recieve» puede estar mal escrita.').waitFor();
    await teacher.screenshot({ path: `${SHOTS}/grammar-375-es.png`, fullPage: true });
    await teacher.setViewportSize({ width: 1280, height: 900 });
    await teacher.screenshot({ path: `${SHOTS}/grammar-1280-es.png` });
  }, 180_000);
});

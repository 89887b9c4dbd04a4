import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  fillLogInForm,
  keepScreenshot,
  launchBrowser,
  signUpThroughModal,
  startProduct,
  type Product,
} from './harness.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';

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

const PASSWORD = 'Invit3d!Secret';
const ORGANISATION = 'Universidad Nacional de Educación Técnica'; // 41 characters: kept whole

/** Issue 13, B11 and A6: an owner invites an existing user, who accepts; the owner sees the organisation's balance. */
describe('organisation invitations in the browser', () => {
  let product: Product;
  let browser: Browser;
  let catcher: MailCatcher;
  const stamp = Date.now();
  const ownerEmail = `owner.${String(stamp)}@example.com`;
  const userEmail = `bea.${String(stamp)}@example.com`;
  const pages: Page[] = [];

  async function mailLink(to: string, pattern: RegExp): Promise<string> {
    await expect
      .poll(() => catcher.mails.filter((m) => m.to.includes(to) && pattern.test(plainTextOf(m.raw))).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const mail = catcher.mails.filter((m) => m.to.includes(to) && pattern.test(plainTextOf(m.raw))).at(-1);
    const link = pattern.exec(plainTextOf(mail?.raw ?? ''))?.[0] ?? '';
    // links are built from PUBLIC_URL (http://localhost:3000 by default); the product listens elsewhere
    const url = new URL(link);
    return `${product.url}${url.pathname}${url.search}${url.hash}`;
  }

  async function newPage(): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    pages.push(page);
    return page;
  }

  beforeAll(async () => {
    catcher = await startMailCatcher();
    process.env.SMTP_URL = catcher.url;
    process.env.MAIL_FROM = 'Veritext <no-reply@example.com>';
    product = await startProduct();
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
    await product.stop();
    await catcher.close();
  });

  it('an owner invites an existing user, sees "invited", the user logs in and accepts, the owner sees the member', async () => {
    onTestFailed(async () => {
      for (const [index, page] of pages.entries()) {
        console.error('screenshot kept at', await keepScreenshot(page, `invitations-${String(index)}`));
      }
    });

    // Bea has an account with a confirmed address.
    const bea = await newPage();
    await bea.goto(`${product.url}/`);
    await bea.getByRole('button', { name: 'Got it' }).click();
    await bea.getByRole('button', { name: 'Sign up' }).first().click();
    const signup = bea.getByRole('dialog');
    await signup.getByLabel('Name').fill('Bea Student');
    await signup.getByLabel('Email').fill(userEmail);
    await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signup.getByRole('checkbox', { name: /Terms of Use/ }).check();
    await signup.getByRole('button', { name: 'Create account' }).click();
    await bea.waitForURL(`${product.url}/profile/new-check`, { timeout: 60_000 });
    await bea.goto(await mailLink(userEmail, /http:\/\/localhost:3000\/verify_email\/[\w-]+/));
    await bea.context().close();

    // The owner signs up an organisation with a 41-character name: kept whole.
    const owner = await newPage();
    await signUpThroughModal(owner, product.url, { email: ownerEmail, password: PASSWORD, organisation: ORGANISATION });
    await owner.goto(`${product.url}/profile/members/`);
    const table = owner.getByRole('table', { name: `Members of ${ORGANISATION}` });
    await table.waitFor({ timeout: 15_000 });

    // The owner invites Bea: only her address and "Invited", nothing of her account.
    const form = owner.locator('form').filter({ has: owner.getByRole('button', { name: 'Add member', exact: true }) });
    await form.getByLabel('Name').fill('B');
    await form.getByLabel('Email').fill(userEmail);
    await form.getByLabel('Page limit').fill('30');
    await form.getByRole('button', { name: 'Add member', exact: true }).click();
    await owner.getByText(`An invitation was sent to ${userEmail}.`).waitFor();
    const row = table.getByRole('row').filter({ hasText: userEmail });
    await row.getByText('Invited').waitFor();
    expect(await row.textContent()).not.toContain('Bea Student');
    await keepScreenshot(owner, 'invitations-owner-invited');

    // Bea logs in: a notice on her profile menu, the invitation on her profile page; she accepts.
    const beaAgain = await newPage();
    await beaAgain.goto(`${product.url}/`);
    await beaAgain.getByRole('button', { name: 'Got it' }).click();
    await beaAgain.getByRole('button', { name: 'Log in' }).first().click();
    await fillLogInForm(beaAgain, { email: userEmail, password: PASSWORD });
    const menu = beaAgain.getByRole('button', { name: 'Profile menu' });
    await menu.getByText('You have 1 invitation to an organisation.').waitFor({ timeout: 30_000 });
    await menu.click();
    await beaAgain.getByRole('menuitem', { name: /Invitations/ }).click();
    await beaAgain.waitForURL(`${product.url}/profile/#invitations`);
    const card = beaAgain.locator('#invitations');
    await card.getByText(`invited you to join ${ORGANISATION} as Student.`).waitFor();
    await keepScreenshot(beaAgain, 'invitations-user-invited');
    await card.getByRole('button', { name: `Accept the invitation to ${ORGANISATION}` }).click();
    await beaAgain.getByText(`You joined ${ORGANISATION}.`).waitFor();
    const organisations = beaAgain.locator('.organisations-card');
    await organisations.getByText('Your role: Student').waitFor();

    // The owner sees Bea as a member now, with her name and the limit set.
    await owner.reload();
    const member = table.getByRole('row').filter({ hasText: 'Bea Student' });
    await member.getByText('Active').waitFor({ timeout: 15_000 });
    expect(await member.textContent()).toContain('0 of 30');
    expect(await table.getByRole('row').filter({ hasText: 'Invited' }).count()).toBe(0);

    // The owner's profile shows the organisation's name, pages and AI pages, with a link to its members.
    await owner.goto(`${product.url}/profile/`);
    const ownerCard = owner.locator('.organisations-card');
    await ownerCard.getByRole('heading', { name: ORGANISATION }).waitFor();
    await ownerCard.getByText('AI pages').waitFor();
    expect(await ownerCard.getByRole('link', { name: 'Members' }).getAttribute('href')).toContain('/profile/members/');
    await owner.getByRole('button', { name: 'Profile menu' }).click();
    await owner.getByRole('menuitem', { name: new RegExp(ORGANISATION) }).waitFor();
    await keepScreenshot(owner, 'invitations-owner-profile');
    await owner.keyboard.press('Escape');

    // Bea leaves, through the confirmation; the owner's list no longer has her.
    await organisations.getByRole('button', { name: `Leave ${ORGANISATION}` }).click();
    const confirm = beaAgain.getByRole('dialog', { name: 'Leave this organisation?' });
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await beaAgain.getByText(`You left ${ORGANISATION}.`).waitFor();
    await owner.goto(`${product.url}/profile/members/`);
    await table.waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
  });
});

/**
 * Learning systems in the real product (issue 19): an organisation's owner registers an LTI 1.3 platform on
 * /profile/integrations/, copies the tool's URLs and makes (and revokes) LMS tokens; a student launches Veritext
 * from the platform in Chromium and lands signed in; the PlagiarismCheck plugin's report button opens the public
 * report of a check made through the LMS API.
 *
 * The platform is the tests' LTI platform (apps/server/test/lti-platform.ts: its keys, JWKS and token endpoint on
 * 127.0.0.1) with, in this file, its browser side on http://localhost: a course page whose link starts the OIDC
 * login initiation, the OIDC authorization endpoint that answers with an auto-submitting form_post of the signed
 * id_token (as Moodle or Canvas do), and the plugin's report form. localhost and 127.0.0.1 are different sites,
 * so the launch is a cross-site POST as in production: the product runs with COOKIE_SECURE=true (its production
 * setting), which makes the LTI state cookie SameSite=None; Secure — Chromium keeps Secure cookies of
 * http://127.0.0.1 (a trustworthy origin), and sends them with the cross-site form post.
 *
 * Screenshots of the integrations page and the public report at 1280 and 375 px, English and Spanish, go to
 * INTEGRATIONS_SHOTS (default /tmp/shots-integrations), never into the repository.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JSONWebKeySet } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { ROLE, TestPlatform } from '../apps/server/test/lti-platform.ts';
import { ESSAY_WITH_REUSE, LIGHTHOUSE_ARTICLE } from '../apps/server/test/texts.ts';
import { ApiClient } from './api-client.ts';
import { isBlocking, runAxe } from './axe.ts';
import { fillLogInForm, launchBrowser, startProduct, type Product } from './harness.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';

const SHOTS = process.env.INTEGRATIONS_SHOTS ?? '/tmp/shots-integrations';
const PASSWORD = 'Integr4tions!Secret';
const stamp = String(Date.now());
const OWNER = { email: `int.owner.${stamp}@example.com`, password: PASSWORD, name: 'Olga Owner' };
const STUDENT_EMAIL = `int.student.${stamp}@example.com`;
const ORGANISATION = 'Fjord School';
const PLATFORM_NAME = 'Fjord Moodle';

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A port free now on 127.0.0.1: the product's, so that PUBLIC_URL (the LTI URLs) can name it before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function escape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** What the platform's authorization endpoint was asked (OIDC implicit flow, LTI 1.3 core §5.1.1.2). */
type AuthRequest = Record<string, string>;

/**
 * The platform's pages a browser sees, on http://localhost (another site than the product's 127.0.0.1): the
 * course page with the assignment's launch link (OIDC third-party login initiation), the authorization endpoint
 * (checks the request, signs the LtiResourceLinkRequest with the platform's key, posts it back to the
 * redirect_uri with an auto-submitting form), and the LMS plugin's report button (a form posting lms-type and
 * token to /lms/public-report/{id}/).
 */
class PlatformBrowserSide {
  readonly authRequests: AuthRequest[] = [];
  /** The plugin's report form posts this token (set once the test has one). */
  reportToken = '';
  readonly base: string;
  private readonly server: Server;
  private readonly platform: TestPlatform;
  private readonly toolUrl: string;

  private constructor(server: Server, base: string, platform: TestPlatform, toolUrl: string) {
    this.server = server;
    this.base = base;
    this.platform = platform;
    this.toolUrl = toolUrl;
  }

  static async start(platform: TestPlatform, toolUrl: string): Promise<PlatformBrowserSide> {
    const holder: { side?: PlatformBrowserSide } = {};
    const server = createServer((request, response) => {
      const side = holder.side;
      if (side === undefined) return void response.writeHead(503).end();
      side.handle(new URL(request.url ?? '/', side.base)).then(
        ({ status, html }) => {
          response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          response.end(html);
        },
        (error: unknown) => {
          response.writeHead(500).end(String(error));
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.side = new PlatformBrowserSide(server, `http://localhost:${String(port)}`, platform, toolUrl);
    return holder.side;
  }

  get authUrl(): string {
    return `${this.base}/mod/lti/auth.php`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private page(title: string, body: string): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`;
  }

  private async handle(url: URL): Promise<{ status: number; html: string }> {
    const launchUrl = `${this.toolUrl}/lti/launch`;
    if (url.pathname === '/course/view.php') {
      const initiation = new URL(`${this.toolUrl}/lti/login`);
      for (const [key, value] of Object.entries({
        iss: this.platform.issuer,
        login_hint: 'student-7',
        target_link_uri: launchUrl,
        lti_message_hint: 'resource-link-200d101f',
        client_id: this.platform.clientId,
        lti_deployment_id: this.platform.deploymentId,
      })) {
        initiation.searchParams.set(key, value);
      }
      return {
        status: 200,
        html: this.page(
          'ECON 1010',
          `<h1>Economics as a Social Science</h1><a href="${escape(initiation.href)}">Introduction Assignment</a>`,
        ),
      };
    }
    if (url.pathname === '/mod/lti/auth.php') {
      const params = Object.fromEntries(url.searchParams);
      this.authRequests.push(params);
      const expected: AuthRequest = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: this.platform.clientId,
        redirect_uri: launchUrl,
        login_hint: 'student-7',
        lti_message_hint: 'resource-link-200d101f',
      };
      const wrong = Object.keys(expected).filter((key) => params[key] !== expected[key]);
      if (wrong.length > 0 || !params.state || !params.nonce) {
        return { status: 400, html: this.page('Error', `<p>invalid_request: ${escape(wrong.join(', '))}</p>`) };
      }
      const idToken = await this.platform.sign(
        this.platform.resourceLinkClaims({
          nonce: params.nonce,
          sub: `student-${stamp}`,
          roles: [ROLE.learner, ROLE.institutionStudent],
          email: STUDENT_EMAIL,
          targetLinkUri: launchUrl,
        }),
      );
      return {
        status: 200,
        html: this.page(
          'Launching…',
          `<form method="post" action="${escape(params.redirect_uri ?? '')}">` +
            `<input type="hidden" name="id_token" value="${escape(idToken)}">` +
            `<input type="hidden" name="state" value="${escape(params.state)}">` +
            '<noscript><button type="submit">Continue</button></noscript></form>' +
            '<script>document.forms[0].submit()</script>',
        ),
      };
    }
    const report = /^\/plagiarism\/report\/(\d+)$/.exec(url.pathname);
    if (report !== null) {
      return {
        status: 200,
        html: this.page(
          'Assignment submissions',
          `<form method="post" target="_self" action="${this.toolUrl}/lms/public-report/${report[1] ?? ''}/">` +
            '<input type="hidden" name="lms-type" value="moodle">' +
            `<input type="hidden" name="token" value="${escape(this.reportToken)}">` +
            '<button type="submit">Open the PlagiarismCheck report</button></form>',
        ),
      };
    }
    return { status: 404, html: this.page('Not found', '<p>Not found</p>') };
  }
}

describe('integrations: LTI 1.3 and the LMS plugins in the browser', () => {
  let product: Product;
  let browser: Browser;
  let platform: TestPlatform;
  let lms: PlatformBrowserSide;
  let groupId = 0;
  /** The organisation's G- token, as the owner copied it from the page. */
  let groupToken = '';
  let checkId = 0;
  let platformSaved = false;
  let collection = '';
  let catcher: MailCatcher;
  const contexts: BrowserContext[] = [];

  async function newPage(
    name: string,
    options: { width?: number; locale?: string } = {},
  ): Promise<{ page: Page; context: BrowserContext }> {
    // bypassCSP: axe-core is injected as an inline script (as the a11y suite does)
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      locale: options.locale ?? 'en-GB',
      bypassCSP: true,
    });
    contexts.push(context);
    const page = await context.newPage();
    onTestFailed(async () => {
      mkdirSync(SHOTS, { recursive: true });
      const file = path.join(SHOTS, `failed-${name}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error('screenshot kept at', file);
    });
    return { page, context };
  }

  async function logInOwner(page: Page): Promise<void> {
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await fillLogInForm(page, OWNER);
    await page.getByRole('button', { name: /Profile menu/ }).waitFor({ timeout: 30_000 });
  }

  /** The header the plugin sends for a member: G-TOKEN::sha256(G-TOKEN + lower(e-mail)). */
  function memberHeader(token: string, email: string): string {
    return `${token}::${sha256(token + email.toLowerCase())}`;
  }

  async function expectAccessible(page: Page, what: string): Promise<void> {
    const { violations } = await runAxe(page);
    expect(
      violations.filter(isBlocking).map((violation) => `${what}: ${violation.id} ${violation.nodes[0]?.html ?? ''}`),
    ).toEqual([]);
  }

  async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
      wide: [...document.querySelectorAll('main *')]
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    }));
    expect({ what, ...widths }).toEqual({ what, page: widths.viewport, viewport: widths.viewport, wide: [] });
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    collection = mkdtempSync(path.join(tmpdir(), 'vt-e2e-integrations-'));
    writeFileSync(path.join(collection, 'lighthouses.txt'), LIGHTHOUSE_ARTICLE);
    catcher = await startMailCatcher();
    product = await startProduct({
      collections: [{ name: 'maritime', path: collection, title: 'Maritime history' }],
      env: {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
        COOKIE_SECURE: 'true',
        SMTP_URL: catcher.url,
        MAIL_FROM: 'Veritext <no-reply@example.com>',
      },
    });
    browser = await launchBrowser();
    platform = await TestPlatform.start(async () => {
      const response = await fetch(`${product.url}/lti/jwks.json`);
      return (await response.json()) as JSONWebKeySet;
    });
    lms = await PlatformBrowserSide.start(platform, product.url);

    const owner = new ApiClient(product.url);
    const signedUp = await owner.send('/registration/', {
      email: OWNER.email,
      password: PASSWORD,
      name: OWNER.name,
      account_type: 'organisation',
      organisation_name: ORGANISATION,
      _csrf_token: (await owner.get<{ token: string }>('/csrf_tokens')).token,
      'security-token-registration': await owner.botToken(),
    });
    expect(signedUp.status, await signedUp.clone().text()).toBe(200);
    const groups = await owner.get<{ data: { groups: { id: number }[] } }>('/api/v1/groups/list/');
    groupId = groups.data.groups[0]?.id ?? 0;
    expect(groupId).toBeGreaterThan(0);
    // the owner confirms the address (the link in the mail), as an owner who registers a platform has done
    const deadline = Date.now() + 30_000;
    while (!catcher.mails.some((mail) => mail.to.includes(OWNER.email)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const raw = (catcher.mails.find((mail) => mail.to.includes(OWNER.email))?.raw ?? '').replace(/=\r\n/g, '');
    const code = /\/verify_email\/([\w-]+)/.exec(raw.replace(/=3D/g, '='))?.[1] ?? '';
    const verified = await fetch(`${product.url}/verify_email/${code}`, { redirect: 'manual' });
    expect(verified.headers.get('location')).toMatch(/=1$/);
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
    await lms.close();
    await platform.close();
    await product.stop();
    await catcher.close();
    rmSync(collection, { recursive: true, force: true });
  });

  it('the owner registers the platform, copies the tool URLs, makes a G- token (shown once) and revokes a token', async () => {
    const { page, context } = await newPage('integrations-owner');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    await logInOwner(page);
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Integrations' }).click();
    await page.waitForURL(`${product.url}/profile/integrations/`);
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();

    // the tool's URLs, each with its copy button
    const lti = page.getByRole('region', { name: 'LTI 1.3 platforms' });
    const urls = {
      'Login initiation URL (OpenID Connect)': `${product.url}/lti/login`,
      'Launch URL (redirect URI, target link URI)': `${product.url}/lti/launch`,
      'Deep linking URL (content selection)': `${product.url}/lti/launch`,
      'Public keyset URL (JWKS)': `${product.url}/lti/jwks.json`,
      'Configuration (JSON, for Canvas)': `${product.url}/lti/config.json`,
    };
    for (const [label, url] of Object.entries(urls)) {
      await expect(lti.getByLabel(label, { exact: true }).inputValue()).resolves.toBe(url);
      await lti.getByRole('button', { name: `Copy ${label}` }).waitFor();
    }
    await lti.getByRole('button', { name: 'Copy Public keyset URL (JWKS)' }).click();
    await lti.getByText('Copied to the clipboard.').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(`${product.url}/lti/jwks.json`);
    // by keyboard: Tab from a URL field reaches its copy button, which shows a focus ring
    await lti.getByLabel('Login initiation URL (OpenID Connect)', { exact: true }).focus();
    await page.keyboard.press('Tab');
    const copyLogin = lti.getByRole('button', { name: 'Copy Login initiation URL (OpenID Connect)' });
    await expect.poll(() => copyLogin.evaluate((element) => element === document.activeElement)).toBe(true);
    const ring = await copyLogin.evaluate((element) => {
      const style = getComputedStyle(element);
      return element.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none');
    });
    expect(ring).toBe(true);

    // the platform, registered through the form
    await lti.getByText('No platform is registered yet.').waitFor();
    await lti.getByRole('button', { name: 'Register a platform' }).click();
    await expect
      .poll(() => lti.getByLabel('Name', { exact: true }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await lti.getByLabel('Name', { exact: true }).fill(PLATFORM_NAME);
    await lti.getByLabel('Issuer (platform ID)').fill(platform.issuer);
    await lti.getByLabel('Client ID').fill(platform.clientId);
    await lti.getByLabel('Authentication request URL (OIDC)').fill(lms.authUrl);
    await lti.getByLabel('Access token URL').fill(platform.tokenUrl);
    await lti.getByLabel("Public keyset URL (the platform's JWKS)").fill('not a url');
    await lti.getByLabel('Deployment IDs').fill(platform.deploymentId);
    await lti.getByRole('button', { name: 'Save' }).click();
    await lti.getByText('Please enter a web address (https://…).').waitFor();
    await lti.getByLabel("Public keyset URL (the platform's JWKS)").fill(platform.jwksUrl);
    await lti.getByRole('button', { name: 'Save' }).click();
    await lti.getByText('The platform was saved.').waitFor({ timeout: 15_000 });
    platformSaved = true;
    const card = lti
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: PLATFORM_NAME, exact: true }) });
    await card.getByText(ORGANISATION).waitFor();
    await card.getByText(platform.issuer, { exact: true }).waitFor();
    await card.getByText(platform.clientId, { exact: true }).waitFor();
    await card.getByText(platform.deploymentId, { exact: true }).waitFor();
    await expectAccessible(page, 'integrations with a platform');

    // LMS tokens: the organisation's (G-), seen once
    const tokens = page.getByRole('region', { name: 'LMS plugins (PlagiarismCheck-compatible API)' });
    await expect(tokens.getByLabel('Endpoint URL to paste into the plugin').inputValue()).resolves.toBe(product.url);
    await tokens.getByText('No LMS tokens yet.').waitFor();
    await tokens.getByLabel('Name', { exact: true }).fill('Fjord Moodle plugin');
    await tokens.getByLabel('Charged to').selectOption({ label: `${ORGANISATION} (the organisation's pages)` });
    await tokens
      .getByRole('checkbox', { name: 'Let the plugin add teachers and students to the organisation' })
      .check();
    await tokens.getByRole('button', { name: 'Create token' }).click();
    await tokens.getByText('Token “Fjord Moodle plugin” created').waitFor({ timeout: 15_000 });
    await tokens.getByText('Copy it now: it is shown only this once.', { exact: false }).waitFor();
    groupToken = await tokens.getByLabel('Token to paste into the plugin').inputValue();
    expect(groupToken).toMatch(/^G-[\w-]{20,}$/);
    await tokens.getByRole('button', { name: 'Copy Token to paste into the plugin' }).click();
    await tokens.getByText('Copied to the clipboard.').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(groupToken);
    const listed = tokens
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Fjord Moodle plugin' }) });
    await listed.getByText(`G-…${groupToken.slice(-4)}`).waitFor();
    await listed.getByText(ORGANISATION).waitFor();
    await tokens.getByRole('button', { name: 'Done' }).click();
    await tokens.getByLabel('Token to paste into the plugin').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(groupToken);
    // … and not after a reload either
    await page.reload();
    await listed.waitFor();
    expect(await page.content()).not.toContain(groupToken);

    // a personal token, made and revoked: the plugin using it is refused at once
    await tokens.getByLabel('Name', { exact: true }).fill('Old test site');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const personalToken = await tokens.getByLabel('Token to paste into the plugin').inputValue();
    expect(personalToken).toMatch(/^L-/);
    await tokens.getByRole('button', { name: 'Done' }).click();
    const agreement = () =>
      fetch(`${product.url}/api/v1/agreement/create/moodle-plugin/2019-04-11/`, {
        method: 'POST',
        headers: { 'x-api-token': personalToken, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'type=moodle-plugin&version=2019-04-11',
      });
    expect((await agreement()).status).toBe(200);
    const old = tokens.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Old test site' }) });
    await old.getByRole('button', { name: 'Revoke Old test site' }).click();
    const confirm = old.getByRole('group', { name: /Revoke this token\?/ });
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await old.getByText('(revoked)').waitFor({ timeout: 15_000 });
    await old.getByRole('button', { name: /Revoke/ }).waitFor({ state: 'detached' });
    expect((await agreement()).status).toBe(401);
    // the organisation's token is still live
    await listed.getByRole('button', { name: 'Revoke Fjord Moodle plugin' }).waitFor();
  });

  it('an LTI launch in Chromium: login initiation, the platform’s form_post, the student signed in on New check', async () => {
    expect(platformSaved, 'the platform is registered by the first test').toBe(true);
    const { page, context } = await newPage('integrations-lti-launch');
    const launches: { method: string; fields: string[] }[] = [];
    page.on('request', (request) => {
      if (request.url() === `${product.url}/lti/launch`) {
        launches.push({
          method: request.method(),
          fields: [...new URLSearchParams(request.postData() ?? '').keys()],
        });
      }
    });
    await page.goto(`${lms.base}/course/view.php`);
    await page.getByRole('link', { name: 'Introduction Assignment' }).click();
    await page.waitForURL(`${product.url}/profile/new-check`, { timeout: 30_000 });

    // what the platform saw and what the browser posted back
    expect(lms.authRequests).toHaveLength(1);
    expect(lms.authRequests[0]?.state?.length).toBeGreaterThan(20);
    expect(launches).toEqual([{ method: 'POST', fields: ['id_token', 'state'] }]);
    // the student is signed in: their name from the platform, the check form, the organisation's pages
    await page.getByRole('button', { name: /Ms Jane Marie Doe.*Profile menu/ }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Text to check').waitFor();
    const cookies = await context.cookies(product.url);
    expect(cookies.find((cookie) => cookie.name === 'vt_session')).toMatchObject({ secure: true, httpOnly: true });
    // the state cookie was used once and cleared
    expect(cookies.filter((cookie) => cookie.name.startsWith('vt_lti_'))).toEqual([]);

    // a second launch from the course: a new login (new state and nonce), the same platform user signed in again
    await page.goto(`${lms.base}/course/view.php`);
    await page.getByRole('link', { name: 'Introduction Assignment' }).click();
    await page.waitForURL(`${product.url}/profile/new-check`, { timeout: 30_000 });
    await page.getByRole('button', { name: /Ms Jane Marie Doe.*Profile menu/ }).waitFor({ timeout: 30_000 });
    expect(lms.authRequests).toHaveLength(2);
    expect(lms.authRequests[1]?.nonce).not.toBe(lms.authRequests[0]?.nonce);

    // a shared computer: the organisation's owner is still signed in when the student launches from the course;
    // the student ends up signed in as themselves, and nothing of the owner's account stays on screen
    const shared = await newPage('integrations-lti-launch-shared');
    await logInOwner(shared.page);
    await shared.page.getByRole('button', { name: new RegExp(`${OWNER.name}.*Profile menu`) }).waitFor();
    await shared.page.goto(`${lms.base}/course/view.php`);
    await shared.page.getByRole('link', { name: 'Introduction Assignment' }).click();
    await shared.page.waitForURL(`${product.url}/profile/new-check`, { timeout: 30_000 });
    await shared.page.getByRole('button', { name: /Ms Jane Marie Doe.*Profile menu/ }).waitFor({ timeout: 30_000 });
    await shared.page.getByLabel('Text to check').waitFor();
    expect(await shared.page.getByText(OWNER.name).count()).toBe(0);
    await shared.page.reload();
    await shared.page.getByRole('button', { name: /Ms Jane Marie Doe.*Profile menu/ }).waitFor({ timeout: 30_000 });
  });

  it('the plugin’s report button opens the public report of a check made with the G- token; the token is not in the page', async () => {
    expect(groupToken).not.toBe('');
    const header = memberHeader(groupToken, OWNER.email);
    // the plugin's submission: POST /api/v1/text, the document as a file part named `text`
    const form = new FormData();
    form.set('language', 'en');
    form.set('text', new Blob([ESSAY_WITH_REUSE], { type: 'plain/text' }), 'signal-tower.txt');
    const submitted = await fetch(`${product.url}/api/v1/text`, {
      method: 'POST',
      headers: { 'x-api-token': header },
      body: form,
    });
    const answer = (await submitted.json()) as { success: boolean; message?: unknown; data: { text: { id: number } } };
    expect(submitted.status, JSON.stringify(answer)).toBe(200);
    expect(answer.message ?? null).toBeNull();
    checkId = answer.data.text.id;
    // the plugin's polling, until the report is ready
    type Polled = { data: { state: number; title: string; report: { percent: number | null } | null } };
    let polled: Polled['data'] | null = null;
    await expect
      .poll(
        async () => {
          const response = await fetch(`${product.url}/api/v1/text/${String(checkId)}`, {
            headers: { 'x-api-token': header },
          });
          polled = ((await response.json()) as Polled).data;
          return polled.state;
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe(5);
    const ready = polled as unknown as Polled['data'];
    expect(ready.report?.percent).toBeGreaterThan(0);

    lms.reportToken = header;
    const { page } = await newPage('integrations-public-report');
    await page.goto(`${lms.base}/plagiarism/report/${String(checkId)}`);
    await page.getByRole('button', { name: 'Open the PlagiarismCheck report' }).click();
    await page.waitForURL(`${product.url}/lms/public-report/${String(checkId)}/`);
    await page.getByRole('heading', { level: 1, name: ready.title }).waitFor();
    await page.getByText('Similarity').waitFor();
    await page
      .getByText(`${String(Math.round((ready.report?.percent ?? 0) * 100) / 100)} %`)
      .first()
      .waitFor();
    await page.getByRole('heading', { level: 2, name: 'Sources' }).waitFor();
    // the source (the reference collection's article) and the passage of the text it matched
    await page.getByText('lighthouses.txt', { exact: true }).waitFor();
    await page.getByText('For most of their history lighthouses relied on the patience', { exact: false }).waitFor();
    const html = await page.content();
    for (const secret of [groupToken, header, header.split('::')[1] ?? '']) expect(html).not.toContain(secret);
    await expectNoHorizontalOverflow(page, 'public report 1280');
  });

  it('screenshots: the integrations page and the public report at 1280 and 375 px, English and Spanish', async () => {
    expect(checkId).toBeGreaterThan(0);
    for (const lang of ['en', 'es'] as const) {
      for (const width of [1280, 375]) {
        const { page } = await newPage(`integrations-shot-${lang}-${String(width)}`, {
          width,
          locale: lang === 'es' ? 'es-ES' : 'en-GB',
        });
        await logInOwner(page);
        if (lang === 'es') await page.evaluate(() => localStorage.setItem('language', 'es'));
        await page.goto(`${product.url}/profile/integrations/`);
        const heading = lang === 'es' ? 'Integraciones' : 'Integrations';
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByRole('heading', { name: PLATFORM_NAME, exact: true }).waitFor();
        await page.getByRole('heading', { name: 'Fjord Moodle plugin' }).waitFor();
        await page.getByText('Economics as a Social Science').waitFor();
        await page.screenshot({ path: path.join(SHOTS, `integrations-${lang}-${String(width)}.png`), fullPage: true });
        await expectNoHorizontalOverflow(page, `integrations ${lang} ${String(width)}`);
        await expectAccessible(page, `integrations ${lang} ${String(width)}`);

        await page.goto(`${lms.base}/plagiarism/report/${String(checkId)}`);
        await page.getByRole('button', { name: 'Open the PlagiarismCheck report' }).click();
        await page.waitForURL(`${product.url}/lms/public-report/${String(checkId)}/`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.screenshot({ path: path.join(SHOTS, `public-report-${lang}-${String(width)}.png`), fullPage: true });
        await expectNoHorizontalOverflow(page, `public report ${lang} ${String(width)}`);
      }
    }
  });
});

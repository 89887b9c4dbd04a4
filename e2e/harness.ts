import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type Product = { url: string; dataDir: string; stop(): Promise<void> };

/** A reference collection imported (with the admin CLI) before the product starts. */
export type CollectionToImport = { name: string; path: string; title?: string };

export type ProductOptions = {
  /** false: the built client is not needed (a benchmark of the API). Default true. */
  requireClient?: boolean;
  collections?: readonly CollectionToImport[];
  /** Operator commands run with the admin CLI before the product starts, e.g. ['promo:create', 'SPRING30', '30']. */
  adminCommands?: readonly (readonly string[])[];
  /** Settings of the product's environment on top of the harness's own (e.g. VAT_PERCENT). */
  env?: Readonly<Record<string, string>>;
};

function productEnv(dataDir: string, extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_PRETTY: 'false',
    LOG_LEVEL: 'info',
    BOT_CHECK_DIFFICULTY: '5000',
    ...extra,
  };
}

/** `npm run admin -- ARGS` on the product's database (before it starts: PGlite has one process). */
function runAdmin(env: NodeJS.ProcessEnv, args: readonly string[]): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/cli/admin.ts'), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`admin ${args.join(' ')} failed (${String(code)}):\n${output}`));
    });
  });
}

/** `npm run admin -- collections import NAME PATH [--title TITLE]`. */
function importCollection(env: NodeJS.ProcessEnv, collection: CollectionToImport): Promise<void> {
  const args = ['collections', 'import', collection.name, collection.path];
  if (collection.title !== undefined) args.push('--title', collection.title);
  return runAdmin(env, args);
}

/**
 * The real product: `apps/server/src/main.ts` in its own process, on a fresh embedded database,
 * serving the built client — what `npm start` runs.
 */
export async function startProduct(options: ProductOptions = {}): Promise<Product> {
  if (options.requireClient !== false && !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web client is not built: run the suite with `npm test`, which builds it first.');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vt-e2e-'));
  const env = productEnv(dataDir, options.env);
  for (const collection of options.collections ?? []) await importCollection(env, collection);
  for (const command of options.adminCommands ?? []) await runAdmin(env, command);
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(output);
      if (match?.[1] !== undefined) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${String(code)}) before it was ready:\n${output}`)),
    );
  });
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: run the suite with \`npm test\`, which installs it, or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Keeps what the page looked like when a test failed. */
export async function keepScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name.replace(/[^\w-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Signs up through the site's sign-up modal, from the home page of a fresh browser context (the cookie notice
 * dismissed first): an individual, or with `organisation` an organisation of that name. Resolves on
 * /profile/new-check, where every sign-up lands.
 */
export async function signUpThroughModal(
  page: Page,
  url: string,
  account: { email: string; password: string; organisation?: string },
): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('button', { name: 'Sign up' }).first().click();
  await fillSignUpForm(page, account);
  await page.waitForURL(`${url}/profile/new-check`, { timeout: 60_000 });
}

/** Fills and sends the open sign-up modal (English). */
export async function fillSignUpForm(
  page: Page,
  account: { email: string; password: string; organisation?: string },
): Promise<void> {
  const dialog = page.getByRole('dialog');
  if (account.organisation !== undefined) {
    await dialog.getByRole('tab', { name: 'Organisation' }).click();
    await dialog.getByLabel('Organisation name').fill(account.organisation);
  }
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('checkbox', { name: /Terms of Use/ }).check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
}

/** Fills and sends the open login modal (English). */
export async function fillLogInForm(page: Page, account: { email: string; password: string }): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** A card expiry two years ahead (YY), valid whenever the suite runs. */
const CARD_EXPIRY_YEAR = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

/** Fills the sandbox card page and presses Pay (the button names the amount, e.g. "$11.99"). */
export async function payByCard(page: Page, cardNumber: string, amount: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(CARD_EXPIRY_YEAR);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

import { solveChallenge } from 'altcha-lib/v1';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDependencies } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

/** A job the app sent; tests run its handler themselves (see modules/ai-checks). */
export type SentJob = { queue: string; payload: unknown };

export type TestApp = {
  app: FastifyInstance;
  handle: TestDatabase;
  config: Config;
  /** Jobs sent by the app, in order: the test app has no workers. */
  sentJobs: SentJob[];
  dispose(): Promise<void>;
};

/** A test configuration: no files written, an easy bot check, the client not served. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      BOT_CHECK_DIFFICULTY: '2000',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      BOT_CHALLENGE_RATE_LIMIT_PER_MINUTE: '10000',
      WEB_DIST_DIR: 'var/no-web-client-in-tests',
    },
    overrides,
  );
}

/**
 * The sandbox card page's webhook delivery without a listening socket: the same signed raw body and
 * Stripe-Signature header go through inject() to POST /webhooks/stripe.
 */
export function injectWebhookPoster(app: FastifyInstance) {
  return async ({ body, signature }: { body: string; signature: string }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      payload: body,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
    return { status: response.statusCode };
  };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  extra: Pick<AppDependencies, 'stripeApi' | 'webhookPoster'> = {},
): Promise<TestApp> {
  const handle = await createTestDatabase();
  const config = testConfig(overrides);
  const sentJobs: SentJob[] = [];
  const app = await buildApp({
    config,
    db: handle.db,
    queue: {
      depth: async () => [],
      isHealthy: () => true,
      async send(definition, payload) {
        sentJobs.push({ queue: definition.queueName, payload: definition.schema.parse(payload) });
        return `test-job-${String(sentJobs.length)}`;
      },
    },
    webhookPoster: extra.webhookPoster ?? injectWebhookPoster,
    ...(extra.stripeApi === undefined ? {} : { stripeApi: extra.stripeApi }),
  });
  await app.ready();
  return {
    app,
    handle,
    config,
    sentJobs,
    async dispose() {
      await app.close();
      await handle.dispose();
    },
  };
}

/** Carries cookies between inject() calls, as a browser would. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const isExpired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (isExpired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A browser-like client: cookies kept, forms url-encoded. */
export class TestBrowser {
  readonly jar = new CookieJar();
  readonly app: FastifyInstance;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({ method: 'GET', url, headers: { cookie: this.jar.header(), ...headers } });
    this.jar.store(response);
    return response;
  }

  async postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await this.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: this.jar.header(), ...headers },
    });
    this.jar.store(response);
    return response;
  }

  async csrf(): Promise<{ token: string; guest_csrf: string }> {
    return (await this.get('/csrf_tokens')).json<{ token: string; guest_csrf: string }>();
  }

  /** Solves the server's proof-of-work challenge as the browser widget does. */
  async botToken(): Promise<string> {
    const challenge = (await this.get('/altcha/challenge')).json<{
      algorithm: string;
      challenge: string;
      maxnumber: number;
      salt: string;
      signature: string;
    }>();
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    if (solution === null) throw new Error('bot challenge not solvable');
    return Buffer.from(
      JSON.stringify({
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: solution.number,
        salt: challenge.salt,
        signature: challenge.signature,
      }),
    ).toString('base64');
  }

  /** POST /registration/ with a CSRF token and a solved bot check; other form fields (name, terms, invite…) pass through. */
  async signUp(fields: { email: string; password: string } & Record<string, string>) {
    const { token } = await this.csrf();
    return this.postForm('/registration/', {
      ...fields,
      _csrf_token: token,
      'security-token-registration': await this.botToken(),
    });
  }

  async logIn(email: string, password: string, remember = false) {
    const { token } = await this.csrf();
    return this.postForm('/login_check', {
      _username: email,
      _password: password,
      ...(remember ? { _remember_me: 'on' } : {}),
      _csrf_token: token,
    });
  }
}

export const STRONG_PASSWORD = 'Str0ng!Passw0rd';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${counter}@example.com`;
}

/** A signed-up account's browser with its CSRF token at hand: its form posts carry the token. */
export class AccountBrowser {
  readonly browser: TestBrowser;
  readonly email: string;
  token = '';
  constructor(browser: TestBrowser, email: string) {
    this.browser = browser;
    this.email = email;
  }
  post(url: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
    return this.browser.postForm(url, { ...fields, _csrf_token: this.token }, headers);
  }
}

/**
 * Signs up a new account (a unique address with `prefix`, the strong password, `fields` on top: a name, an
 * organisation) and reads its CSRF token; `Kind` is the test's own AccountBrowser with its helpers.
 */
export async function signUpAccount<T extends AccountBrowser>(
  app: FastifyInstance,
  Kind: new (browser: TestBrowser, email: string) => T,
  prefix: string,
  fields: Record<string, string> = {},
): Promise<T> {
  const browser = new TestBrowser(app);
  const email = uniqueEmail(prefix);
  const response = await browser.signUp({ email, password: STRONG_PASSWORD, ...fields });
  if (response.statusCode !== 200)
    throw new Error(`sign-up of ${email} failed (${String(response.statusCode)}): ${response.body}`);
  const account = new Kind(browser, email);
  account.token = (await browser.csrf()).token;
  return account;
}

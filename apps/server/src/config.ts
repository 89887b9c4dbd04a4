import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { GUEST_RETENTION_DAYS } from '@veritext/contracts';
import { createAddressCheck } from './modules/web-sources/ip-ranges.ts';
import { defaultFetchPolicy } from './modules/web-sources/safe-fetch.ts';
import type { FetchPolicy, SearchProviderConfig } from './modules/web-sources/types.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** "80,443": a comma-separated list of TCP ports. */
const portList = z
  .string()
  .regex(/^\s*\d{1,5}\s*(,\s*\d{1,5}\s*)*$/, 'must be a comma-separated list of ports, e.g. 80,443')
  .transform((value) => value.split(',').map((port) => Number(port.trim())))
  .refine((ports) => ports.every((port) => port >= 1 && port <= 65535), 'ports run from 1 to 65535');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The interface to listen on: this machine only unless set (e.g. 0.0.0.0 behind a firewall or in a container). */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('var'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFromEnv.optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  COOKIE_SECURE: booleanFromEnv.optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** GET /altcha/challenge per minute and address (IPv6: per /64); one per sign-up, guest or portal attempt. */
  BOT_CHALLENGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  BOT_CHECK_DIFFICULTY: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  /** Guest accounts one address may create in 24 hours (the bot check also grows harder with each). */
  GUEST_DAILY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Days after a guest's last activity (creation or last check) when the guest and its checks are deleted. */
  GUEST_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(GUEST_RETENTION_DAYS),
  /** Bearer token that opens /metrics to callers other than this machine; unset: loopback only. */
  METRICS_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters')
    .max(500)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /** Where links in e-mails point: the site's public address, no trailing slash needed. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('http://localhost:3000'),
  /** Outgoing mail over SMTP (nodemailer); unset: messages go to the local outbox (table mail_outbox). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /** Google sign-in (OpenID Connect): both set, or neither (the button is then hidden). */
  GOOGLE_CLIENT_ID: z.string().min(1).max(500).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://accounts.google.com'),
  /** Card payments through Stripe Checkout: both set, or neither (the built-in sandbox gateway is used). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** VAT added on top of every order, in percent. */
  VAT_PERCENT: z.coerce.number().min(0).max(100).default(0),
  /** The seller on every invoice (billing): name, postal address (lines separated by "\n" or "|"), VAT number, e-mail. */
  SELLER_NAME: z.string().trim().min(1).max(200).optional(),
  SELLER_ADDRESS: z.string().trim().min(1).max(500).optional(),
  SELLER_VAT_ID: z.string().trim().max(50).optional(),
  SELLER_EMAIL: z.email({ error: 'must be an e-mail address' }).max(200).optional(),
  /** Where the sales forms' leads are mailed (issue 18); unset: sales@ the PUBLIC_URL's host. */
  SALES_EMAIL: z.email({ error: 'must be an e-mail address' }).max(200).optional(),
  /** Tracking posts (/user-action/…, issue 18) a minute per address. */
  TRACKING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Invoice numbers read PREFIX-YEAR-NNNNNN. */
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,10}$/, 'must be 1 to 10 capital letters or digits, e.g. VT')
    .default('VT'),
  /** Requests a minute to the check routes, per account and per address (validate, check, AI detector). */
  TEXT_VALIDATE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  TEXT_VALIDATE_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(600),
  TEXT_CHECK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  TEXT_CHECK_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(300),
  AI_CHECK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  AI_CHECK_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(150),
  /** Uploaded files one caller (an account, else an address) may have read or waiting at once; one more: 429. */
  EXTRACT_MAX_PER_CALLER: z.coerce.number().int().min(1).max(100).default(2),
  /** The citation generator's ISBN (Open Library) and DOI (Crossref) look-up: off unless on (issue 18). */
  CITATION_LOOKUP: z.enum(['on', 'off']).default('off'),
  OPENLIBRARY_URL: httpUrl.default('https://openlibrary.org'),
  CROSSREF_URL: httpUrl.default('https://api.crossref.org'),
  /** Crossref's "polite pool": an address it may write to about the traffic (sent in the User-Agent). */
  CROSSREF_MAILTO: z.email({ error: 'must be an e-mail address' }).max(200).optional(),
  /** The web-search provider of the internet stage of a check; none: the internet is not searched. */
  WEB_SEARCH_PROVIDER: z.enum(['none', 'searxng', 'brave', 'google']).default('none'),
  /** Base URL of a SearXNG instance with the JSON format enabled. */
  SEARXNG_URL: httpUrl.optional(),
  BRAVE_SEARCH_API_KEY: z.string().min(1).max(500).optional(),
  BRAVE_SEARCH_URL: httpUrl.default('https://api.search.brave.com/res/v1/web/search'),
  GOOGLE_CSE_API_KEY: z.string().min(1).max(500).optional(),
  /** The Programmable Search Engine ID (the API's `cx`). */
  GOOGLE_CSE_ID: z.string().min(1).max(500).optional(),
  GOOGLE_CSE_URL: httpUrl.default('https://www.googleapis.com/customsearch/v1'),
  /** The web stage's time budget per check: what is found by then is used, and the report says "partial". */
  WEB_SEARCH_TIME_BUDGET_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  WEB_QUERIES_PER_1000_WORDS: z.coerce.number().min(0.1).max(1000).default(10),
  WEB_QUERIES_MAX: z.coerce.number().int().min(1).max(1000).default(30),
  WEB_DOWNLOADS_MAX: z.coerce.number().int().min(0).max(10_000).default(60),
  /** Days a fetched page stays in the cache (and the index) before it is downloaded again. */
  WEB_CACHE_TTL_DAYS: z.coerce.number().min(0.01).max(3650).default(7),
  /** Cap on a page's body after decompression, in bytes. */
  WEB_FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .optional(),
  WEB_FETCH_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  WEB_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  WEB_FETCH_ALLOWED_PORTS: portList.optional(),
  /** IPs or CIDRs that may be fetched from although loopback or private: tests and a local corpus only. */
  WEB_FETCH_ALLOW_ADDRESSES: z.string().max(10_000).optional(),
  WEB_FETCH_PER_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  WEB_FETCH_PER_HOST_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
});

export type Role = 'api' | 'worker' | 'all';

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
  appSecret: string;
  logLevel: string;
  logPretty: boolean;
  trustProxy: boolean;
  cookieSecure: boolean;
  webDistDir: string;
  authRateLimitPerMinute: number;
  /** BOT_CHALLENGE_RATE_LIMIT_PER_MINUTE: bot-check challenges per minute and address (IPv6: per /64). */
  botChallengeRateLimitPerMinute: number;
  botCheckDifficulty: number;
  /** GUEST_DAILY_LIMIT: guest accounts per address in 24 hours. */
  guestDailyLimit: number;
  /** GUEST_RETENTION_DAYS: a guest idle this many days is deleted with its checks (hourly sweep). */
  guestRetentionDays: number;
  /** METRICS_TOKEN: `Authorization: Bearer` for /metrics from elsewhere; null: loopback callers only. */
  metricsToken: string | null;
  jobConcurrency: number;
  shutdownTimeoutMs: number;
  /** The site's public origin, for links in e-mails (no trailing slash). */
  publicUrl: string;
  /** SMTP delivery; null: the local outbox. */
  smtp: { url: string; from: string } | null;
  /** SALES_EMAIL: the address every lead of the sales forms is mailed to (modules/leads). */
  salesEmail: string;
  /** TRACKING_RATE_LIMIT_PER_MINUTE: tracking posts a minute per address (modules/tracking). */
  trackingRateLimitPerMinute: number;
  /** Google sign-in through OpenID Connect; null: not offered. */
  google: { issuer: string; clientId: string; clientSecret: string } | null;
  /** Stripe Checkout for card payments; null: the built-in sandbox gateway (a local test card page). */
  stripe: { secretKey: string; webhookSecret: string } | null;
  /** VAT_PERCENT, 0 to 100: added on top of the discounted subtotal. */
  vatPercent: number;
  /** SELLER_*: the seller on invoices; INVOICE_PREFIX: their numbers' prefix. */
  billing: { seller: { name: string; address: string; vatId: string; email: string }; invoicePrefix: string };
  /** Per minute, per account and per address: TEXT_VALIDATE_*, TEXT_CHECK_*, AI_CHECK_*_RATE_LIMIT_*. */
  checkRateLimits: Record<'validate' | 'check' | 'ai', { perAccount: number; perAddress: number }>;
  /** EXTRACT_MAX_PER_CALLER: files of one caller being read or waiting at once. */
  extractMaxPerCaller: number;
  /** CITATION_LOOKUP=on: the ISBN and DOI look-up of the citation generator, at these base URLs; null: off. */
  citationLookup: { openLibraryUrl: string; crossrefUrl: string; mailto: string | null } | null;
  /** The internet as a source collection (WEB_* variables, a search provider's): issue 14. */
  webSearch: {
    /** WEB_SEARCH_PROVIDER and its URL and keys; null: none, the internet is not searched. */
    provider: SearchProviderConfig | null;
    timeBudgetMs: number;
    queriesPer1000Words: number;
    queriesMax: number;
    downloadsMax: number;
    cacheTtlMs: number;
    /** How pages are downloaded (WEB_FETCH_*); the User-Agent names PUBLIC_URL. */
    fetch: FetchPolicy;
  };
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * In development a missing APP_SECRET is generated once and kept under DATA_DIR, so `npm start`
 * works with nothing set; production must be given one.
 */
function resolveDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  if (e.NODE_ENV === 'production' && e.APP_SECRET === undefined) {
    throw new ConfigError(['APP_SECRET: required in production (at least 32 random characters)']);
  }
  if (
    e.NODE_ENV === 'production' &&
    (e.SMTP_URL === undefined || env.PUBLIC_URL === undefined || env.PUBLIC_URL === '')
  ) {
    // Without them, verification and reset links would sit in a table nobody reads, pointing at localhost.
    throw new ConfigError([
      'SMTP_URL, MAIL_FROM, PUBLIC_URL: required in production (users must receive their verification and reset links)',
    ]);
  }
  if (e.SMTP_URL !== undefined && e.MAIL_FROM === undefined) {
    throw new ConfigError(['MAIL_FROM: required with SMTP_URL (the sender, e.g. "Veritext <no-reply@example.com>")']);
  }
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError([
      'GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both for Google sign-in, or neither to hide it',
    ]);
  }
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both for Stripe payments, or neither to use the built-in sandbox gateway',
    ]);
  }
  if (e.NODE_ENV === 'production' && e.STRIPE_SECRET_KEY === undefined) {
    // The sandbox gateway accepts test cards: in production it would hand out pages for nothing.
    throw new ConfigError([
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: required in production (the sandbox gateway takes test cards only)',
    ]);
  }
  if (e.NODE_ENV === 'production' && (e.SELLER_NAME === undefined || e.SELLER_ADDRESS === undefined)) {
    // An invoice names who sold: the development placeholder must not reach a customer.
    throw new ConfigError(['SELLER_NAME, SELLER_ADDRESS: required in production (the seller on every invoice)']);
  }
  const issuerHost = new URL(e.OIDC_ISSUER).hostname;
  if (e.OIDC_ISSUER.startsWith('http:') && !['localhost', '127.0.0.1', '[::1]'].includes(issuerHost)) {
    throw new ConfigError(['OIDC_ISSUER: must be https:// (plain http only for a provider on this machine)']);
  }
  const publicUrl = e.PUBLIC_URL.replace(/\/+$/, '');
  const webSearch = webSearchOf(e, publicUrl);
  const appSecret =
    e.APP_SECRET ?? (e.NODE_ENV === 'test' ? 'test-secret-'.padEnd(40, 'x') : resolveDevSecret(dataDir));
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database:
      e.DATABASE_URL !== undefined
        ? { kind: 'postgres', url: e.DATABASE_URL }
        : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    appSecret,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? (e.NODE_ENV === 'development' && process.stdout.isTTY),
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    webDistDir: path.resolve(REPO_ROOT, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    botChallengeRateLimitPerMinute: e.BOT_CHALLENGE_RATE_LIMIT_PER_MINUTE,
    botCheckDifficulty: e.BOT_CHECK_DIFFICULTY,
    guestDailyLimit: e.GUEST_DAILY_LIMIT,
    guestRetentionDays: e.GUEST_RETENTION_DAYS,
    metricsToken: e.METRICS_TOKEN ?? null,
    jobConcurrency: e.JOB_CONCURRENCY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    publicUrl,
    smtp: e.SMTP_URL === undefined || e.MAIL_FROM === undefined ? null : { url: e.SMTP_URL, from: e.MAIL_FROM },
    salesEmail: e.SALES_EMAIL ?? `sales@${new URL(publicUrl).hostname}`,
    trackingRateLimitPerMinute: e.TRACKING_RATE_LIMIT_PER_MINUTE,
    google:
      e.GOOGLE_CLIENT_ID === undefined || e.GOOGLE_CLIENT_SECRET === undefined
        ? null
        : { issuer: e.OIDC_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET },
    stripe:
      e.STRIPE_SECRET_KEY === undefined || e.STRIPE_WEBHOOK_SECRET === undefined
        ? null
        : { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET },
    vatPercent: e.VAT_PERCENT,
    billing: {
      seller: {
        name: e.SELLER_NAME ?? 'Veritext (development)',
        address: (e.SELLER_ADDRESS ?? '1 Example Street|00000 Example City')
          .split(/\s*(?:\\n|\n|\|)\s*/)
          .filter((line) => line !== '')
          .join('\n'),
        vatId: e.SELLER_VAT_ID ?? '',
        email: e.SELLER_EMAIL ?? e.MAIL_FROM?.match(/<([^>]+)>/)?.[1] ?? 'billing@example.com',
      },
      invoicePrefix: e.INVOICE_PREFIX,
    },
    checkRateLimits: {
      validate: {
        perAccount: e.TEXT_VALIDATE_RATE_LIMIT_PER_MINUTE,
        perAddress: e.TEXT_VALIDATE_RATE_LIMIT_PER_ADDRESS,
      },
      check: { perAccount: e.TEXT_CHECK_RATE_LIMIT_PER_MINUTE, perAddress: e.TEXT_CHECK_RATE_LIMIT_PER_ADDRESS },
      ai: { perAccount: e.AI_CHECK_RATE_LIMIT_PER_MINUTE, perAddress: e.AI_CHECK_RATE_LIMIT_PER_ADDRESS },
    },
    extractMaxPerCaller: e.EXTRACT_MAX_PER_CALLER,
    citationLookup:
      e.CITATION_LOOKUP === 'on'
        ? {
            openLibraryUrl: e.OPENLIBRARY_URL.replace(/\/+$/, ''),
            crossrefUrl: e.CROSSREF_URL.replace(/\/+$/, ''),
            mailto: e.CROSSREF_MAILTO ?? null,
          }
        : null,
    webSearch,
    ...overrides,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A key must not cross the network in clear: https://, or plain http only to a service on this machine. */
function isSafeKeyUrl(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
}

/** The search provider WEB_SEARCH_PROVIDER names, with what it needs; a ConfigError says what is missing. */
function searchProviderOf(e: z.infer<typeof EnvSchema>): SearchProviderConfig | null {
  switch (e.WEB_SEARCH_PROVIDER) {
    case 'none':
      return null;
    case 'searxng':
      if (e.SEARXNG_URL === undefined) {
        throw new ConfigError([
          'SEARXNG_URL: required with WEB_SEARCH_PROVIDER=searxng (the base URL of a SearXNG instance with the JSON format enabled)',
        ]);
      }
      return { name: 'searxng', url: e.SEARXNG_URL };
    case 'brave':
      if (e.BRAVE_SEARCH_API_KEY === undefined) {
        throw new ConfigError([
          'BRAVE_SEARCH_API_KEY: required with WEB_SEARCH_PROVIDER=brave (a key from the Brave Search API dashboard)',
        ]);
      }
      if (!isSafeKeyUrl(e.BRAVE_SEARCH_URL)) {
        throw new ConfigError(['BRAVE_SEARCH_URL: must be https:// (the key travels with every query)']);
      }
      return { name: 'brave', url: e.BRAVE_SEARCH_URL, apiKey: e.BRAVE_SEARCH_API_KEY };
    case 'google':
      if (e.GOOGLE_CSE_API_KEY === undefined || e.GOOGLE_CSE_ID === undefined) {
        throw new ConfigError([
          'GOOGLE_CSE_API_KEY, GOOGLE_CSE_ID: both required with WEB_SEARCH_PROVIDER=google (an API key and a Programmable Search Engine ID)',
        ]);
      }
      if (!isSafeKeyUrl(e.GOOGLE_CSE_URL)) {
        throw new ConfigError(['GOOGLE_CSE_URL: must be https:// (the key travels with every query)']);
      }
      return { name: 'google', url: e.GOOGLE_CSE_URL, apiKey: e.GOOGLE_CSE_API_KEY, cx: e.GOOGLE_CSE_ID };
  }
}

function webSearchOf(e: z.infer<typeof EnvSchema>, publicUrl: string): Config['webSearch'] {
  const defaults = defaultFetchPolicy(publicUrl);
  const allowAddresses = (e.WEB_FETCH_ALLOW_ADDRESSES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  try {
    createAddressCheck(allowAddresses);
  } catch (error) {
    throw new ConfigError([`WEB_FETCH_ALLOW_ADDRESSES: ${(error as Error).message}`]);
  }
  const fetch: FetchPolicy = {
    ...defaults,
    allowedPorts: e.WEB_FETCH_ALLOWED_PORTS ?? defaults.allowedPorts,
    allowAddresses,
    maxBytes: e.WEB_FETCH_MAX_BYTES ?? defaults.maxBytes,
    connectTimeoutMs: e.WEB_FETCH_CONNECT_TIMEOUT_MS ?? defaults.connectTimeoutMs,
    totalTimeoutMs: e.WEB_FETCH_TIMEOUT_MS ?? defaults.totalTimeoutMs,
    perHostConcurrency: e.WEB_FETCH_PER_HOST_CONCURRENCY ?? defaults.perHostConcurrency,
    perHostDelayMs: e.WEB_FETCH_PER_HOST_DELAY_MS ?? defaults.perHostDelayMs,
  };
  if (fetch.connectTimeoutMs > fetch.totalTimeoutMs) {
    throw new ConfigError([
      'WEB_FETCH_CONNECT_TIMEOUT_MS: must not exceed WEB_FETCH_TIMEOUT_MS (the cap on a whole download)',
    ]);
  }
  return {
    provider: searchProviderOf(e),
    timeBudgetMs: e.WEB_SEARCH_TIME_BUDGET_SECONDS * 1000,
    queriesPer1000Words: e.WEB_QUERIES_PER_1000_WORDS,
    queriesMax: e.WEB_QUERIES_MAX,
    downloadsMax: e.WEB_DOWNLOADS_MAX,
    cacheTtlMs: Math.round(e.WEB_CACHE_TTL_DAYS * DAY_MS),
    fetch,
  };
}

/** Reads the repository's .env, if there is one; variables already set in the environment win. */
export function loadDotEnv(): void {
  const file = path.join(REPO_ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

export function parseRole(argv: readonly string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg === undefined ? 'all' : arg.slice('--role='.length);
  if (role !== 'api' && role !== 'worker' && role !== 'all') {
    throw new ConfigError([`--role: must be api, worker or all (got "${role}")`]);
  }
  return role;
}

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseRole } from './config.ts';

describe('configuration', () => {
  it('has working defaults: port 3000, the embedded database under var/', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: expect.stringMatching(/\/var\/pglite$/) });
  });

  it('switches to PostgreSQL with DATABASE_URL and moves data with DATA_DIR and PORT', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      PORT: '4100',
      DATA_DIR: '/tmp/vt-data',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(config.port).toBe(4100);
    expect(config.dataDir).toBe('/tmp/vt-data');
  });

  it('stops with a readable list of every wrong value', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', NODE_ENV: 'test' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL: must be a postgres/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('requires APP_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'short' })).toThrow(/at least 32/);
    const mail = {
      SMTP_URL: 'smtp://mail.example.com',
      MAIL_FROM: 'no-reply@example.com',
      PUBLIC_URL: 'https://x.example',
    };
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SELLER_NAME: 'Veritext Ltd',
      SELLER_ADDRESS: '1 Main Street',
    };
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), ...mail })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: required in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), ...mail, ...stripe }).cookieSecure).toBe(
      true,
    );
  });

  it('takes Stripe with both of its settings or neither, and VAT from 0 to 100', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ stripe: null, vatPercent: 0 });
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/set both/);
    const stripe = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      VAT_PERCENT: '21',
    });
    expect(stripe).toMatchObject({ stripe: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc' }, vatPercent: 21 });
    expect(() => loadConfig({ NODE_ENV: 'test', VAT_PERCENT: '101' })).toThrow(/VAT_PERCENT/);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_a' }),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
  });

  it('listens on the loopback interface only, unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', APP_SECRET: 'd'.repeat(32) }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'test', HOST: '::' }).host).toBe('::');
  });

  it('takes a /metrics bearer token of at least 32 characters, or none', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).metricsToken).toBeNull();
    const token = 'm'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: `${'m'.repeat(32)} x` })).toThrow(/METRICS_TOKEN/);
  });

  it('caps guest accounts per address and day (20 by default)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).guestDailyLimit).toBe(20);
    expect(loadConfig({ NODE_ENV: 'test', GUEST_DAILY_LIMIT: '5' }).guestDailyLimit).toBe(5);
    expect(() => loadConfig({ NODE_ENV: 'test', GUEST_DAILY_LIMIT: '0' })).toThrow(/GUEST_DAILY_LIMIT/);
  });

  it('searches no internet by default, with the web stage’s and the fetcher’s defaults ready', () => {
    const { webSearch } = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://veritext.example/' });
    expect(webSearch).toEqual({
      provider: null,
      timeBudgetMs: 60_000,
      queriesPer1000Words: 10,
      queriesMax: 30,
      downloadsMax: 60,
      cacheTtlMs: 7 * 24 * 3600 * 1000,
      fetch: {
        allowedPorts: [80, 443],
        allowAddresses: [],
        maxRedirects: 5,
        maxBytes: 5 * 1024 * 1024,
        connectTimeoutMs: 5000,
        totalTimeoutMs: 15_000,
        contentTypes: [
          'text/html',
          'application/xhtml+xml',
          'text/plain',
          'application/pdf',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ],
        userAgent: 'VeritextBot/1.0 (+https://veritext.example/)',
        perHostConcurrency: 2,
        perHostDelayMs: 250,
        respectRobots: true,
      },
    });
    // keys of a provider not chosen are ignored
    expect(loadConfig({ NODE_ENV: 'test', BRAVE_SEARCH_API_KEY: 'k' }).webSearch.provider).toBeNull();
  });

  it('takes each search provider with what it needs, and says what is missing', () => {
    const provider = (env: Record<string, string>): unknown =>
      loadConfig({ NODE_ENV: 'test', ...env }).webSearch.provider;
    expect(provider({ WEB_SEARCH_PROVIDER: 'searxng', SEARXNG_URL: 'http://10.0.0.5:8888/' })).toEqual({
      name: 'searxng',
      url: 'http://10.0.0.5:8888/',
    });
    expect(() => provider({ WEB_SEARCH_PROVIDER: 'searxng' })).toThrow(
      /SEARXNG_URL: required with WEB_SEARCH_PROVIDER=searxng/,
    );
    expect(() => provider({ WEB_SEARCH_PROVIDER: 'searxng', SEARXNG_URL: 'ftp://x' })).toThrow(
      /SEARXNG_URL: must be an http/,
    );

    expect(provider({ WEB_SEARCH_PROVIDER: 'brave', BRAVE_SEARCH_API_KEY: 'BSAkey' })).toEqual({
      name: 'brave',
      url: 'https://api.search.brave.com/res/v1/web/search',
      apiKey: 'BSAkey',
    });
    expect(() => provider({ WEB_SEARCH_PROVIDER: 'brave' })).toThrow(
      /BRAVE_SEARCH_API_KEY: required with WEB_SEARCH_PROVIDER=brave/,
    );

    expect(provider({ WEB_SEARCH_PROVIDER: 'google', GOOGLE_CSE_API_KEY: 'AIzaKey', GOOGLE_CSE_ID: 'cx1' })).toEqual({
      name: 'google',
      url: 'https://www.googleapis.com/customsearch/v1',
      apiKey: 'AIzaKey',
      cx: 'cx1',
    });
    expect(() => provider({ WEB_SEARCH_PROVIDER: 'google', GOOGLE_CSE_API_KEY: 'AIzaKey' })).toThrow(
      /GOOGLE_CSE_API_KEY, GOOGLE_CSE_ID: both required/,
    );
    expect(() => provider({ WEB_SEARCH_PROVIDER: 'google', GOOGLE_CSE_ID: 'cx1' })).toThrow(/both required/);
    expect(() => provider({ WEB_SEARCH_PROVIDER: 'bing' })).toThrow(/WEB_SEARCH_PROVIDER/);
  });

  it('sends search keys over https only, unless the service runs on this machine', () => {
    const brave = { WEB_SEARCH_PROVIDER: 'brave', BRAVE_SEARCH_API_KEY: 'k' };
    expect(() => loadConfig({ NODE_ENV: 'test', ...brave, BRAVE_SEARCH_URL: 'http://search.example/api' })).toThrow(
      /BRAVE_SEARCH_URL: must be https/,
    );
    const google = { WEB_SEARCH_PROVIDER: 'google', GOOGLE_CSE_API_KEY: 'k', GOOGLE_CSE_ID: 'c' };
    expect(() => loadConfig({ NODE_ENV: 'test', ...google, GOOGLE_CSE_URL: 'http://search.example/v1' })).toThrow(
      /GOOGLE_CSE_URL: must be https/,
    );
    const local = loadConfig({
      NODE_ENV: 'test',
      ...google,
      GOOGLE_CSE_URL: 'http://127.0.0.1:4000/google/customsearch/v1',
    });
    expect(local.webSearch.provider).toMatchObject({ url: 'http://127.0.0.1:4000/google/customsearch/v1' });
  });

  it('reads the web stage’s budget and the fetch policy from WEB_*', () => {
    const { webSearch } = loadConfig({
      NODE_ENV: 'test',
      WEB_SEARCH_TIME_BUDGET_SECONDS: '20',
      WEB_QUERIES_PER_1000_WORDS: '2.5',
      WEB_QUERIES_MAX: '8',
      WEB_DOWNLOADS_MAX: '0',
      WEB_CACHE_TTL_DAYS: '1',
      WEB_FETCH_MAX_BYTES: '1048576',
      WEB_FETCH_CONNECT_TIMEOUT_MS: '1000',
      WEB_FETCH_TIMEOUT_MS: '4000',
      WEB_FETCH_ALLOWED_PORTS: '80, 443,8080',
      WEB_FETCH_ALLOW_ADDRESSES: '127.0.0.1, 10.1.0.0/16,::1',
      WEB_FETCH_PER_HOST_CONCURRENCY: '1',
      WEB_FETCH_PER_HOST_DELAY_MS: '0',
    });
    expect(webSearch).toMatchObject({
      timeBudgetMs: 20_000,
      queriesPer1000Words: 2.5,
      queriesMax: 8,
      downloadsMax: 0,
      cacheTtlMs: 24 * 3600 * 1000,
      fetch: {
        maxBytes: 1_048_576,
        connectTimeoutMs: 1000,
        totalTimeoutMs: 4000,
        allowedPorts: [80, 443, 8080],
        allowAddresses: ['127.0.0.1', '10.1.0.0/16', '::1'],
        perHostConcurrency: 1,
        perHostDelayMs: 0,
        maxRedirects: 5,
        respectRobots: true,
      },
    });
    const wrong =
      (env: Record<string, string>): (() => unknown) =>
      () =>
        loadConfig({ NODE_ENV: 'test', ...env });
    expect(wrong({ WEB_FETCH_ALLOWED_PORTS: '80;443' })).toThrow(
      /WEB_FETCH_ALLOWED_PORTS: must be a comma-separated list/,
    );
    expect(wrong({ WEB_FETCH_ALLOWED_PORTS: '80,70000' })).toThrow(
      /WEB_FETCH_ALLOWED_PORTS: ports run from 1 to 65535/,
    );
    expect(wrong({ WEB_FETCH_ALLOW_ADDRESSES: '127.0.0.1,localhost' })).toThrow(
      /WEB_FETCH_ALLOW_ADDRESSES: .*"localhost"/,
    );
    expect(wrong({ WEB_FETCH_ALLOW_ADDRESSES: '10.0.0.0/40' })).toThrow(/WEB_FETCH_ALLOW_ADDRESSES/);
    expect(wrong({ WEB_FETCH_CONNECT_TIMEOUT_MS: '20000' })).toThrow(
      /WEB_FETCH_CONNECT_TIMEOUT_MS: must not exceed WEB_FETCH_TIMEOUT_MS/,
    );
    expect(wrong({ WEB_SEARCH_TIME_BUDGET_SECONDS: '0' })).toThrow(/WEB_SEARCH_TIME_BUDGET_SECONDS/);
    expect(wrong({ WEB_QUERIES_MAX: 'many' })).toThrow(/WEB_QUERIES_MAX/);
  });

  it('reads the process role', () => {
    expect(parseRole([])).toBe('all');
    expect(parseRole(['--role=worker'])).toBe('worker');
    expect(parseRole(['--role=api'])).toBe('api');
    expect(() => parseRole(['--role=both'])).toThrow(ConfigError);
  });
});

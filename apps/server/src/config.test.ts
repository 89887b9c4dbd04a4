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
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
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

  it('reads the process role', () => {
    expect(parseRole([])).toBe('all');
    expect(parseRole(['--role=worker'])).toBe('worker');
    expect(parseRole(['--role=api'])).toBe('api');
    expect(() => parseRole(['--role=both'])).toThrow(ConfigError);
  });
});

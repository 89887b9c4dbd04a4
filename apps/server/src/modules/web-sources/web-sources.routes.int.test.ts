import { CheckScopeResponseSchema } from '@veritext/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.ts';

/*
 * GET /api/v1/check-scope/ (issue 14): whether a check on this service searches the internet, so that the
 * report's progress view names the internet's stages only where they run. The answer follows the
 * configuration: a search provider configured, or none (the default).
 */
describe('GET /api/v1/check-scope/', () => {
  let offline: TestApp;
  let searching: TestApp;

  beforeAll(async () => {
    const defaults = testConfig().webSearch;
    [offline, searching] = await Promise.all([
      createTestApp(),
      createTestApp({ webSearch: { ...defaults, provider: { name: 'searxng', url: 'http://127.0.0.1:9/' } } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([offline.dispose(), searching.dispose()]);
  });

  it('says the internet is not searched where no provider is configured (the default)', async () => {
    expect(offline.config.webSearch.provider).toBeNull();
    const response = await offline.app.inject({ method: 'GET', url: '/api/v1/check-scope/' });
    expect(response.statusCode).toBe(200);
    expect(CheckScopeResponseSchema.parse(response.json())).toEqual({
      success: true,
      message: '',
      data: { internet: false },
    });
  });

  it('says it is searched where a provider is configured, and names nothing of it', async () => {
    const response = await searching.app.inject({ method: 'GET', url: '/api/v1/check-scope/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '', data: { internet: true } });
    expect(response.body).not.toContain('searxng');
    expect(response.body).not.toContain('127.0.0.1');
  });

  it('may be cached for five minutes by anyone: it is the same for every caller', async () => {
    const response = await searching.app.inject({ method: 'GET', url: '/api/v1/check-scope/' });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

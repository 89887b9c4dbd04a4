import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { TEST_DB_KIND } from '../test/database.ts';

describe(`application shell (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('reports health with the database in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: TEST_DB_KIND,
      checks: { database: true, queue: true },
    });
  });

  it('sends security headers on every response', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login_json' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('documents every /api/v1 route in the OpenAPI document at /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    const apiRoutes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD');
    expect(apiRoutes.length).toBeGreaterThan(0);
    for (const route of apiRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    expect(doc.paths['/login_check']?.post).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('exposes Prometheus metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/login_json' });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toMatch(/route="\/login_json"/);
  });

  it('answers unknown API paths with a JSON 404 and unknown pages with the client', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, message: 'Page not found.', error: { code: 'not_found' } });
    const page = await t.app.inject({ method: 'GET', url: '/es/pricing/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

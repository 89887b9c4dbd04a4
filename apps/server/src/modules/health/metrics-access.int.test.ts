import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const OUTSIDE = '203.0.113.7';

describe(`who may read /metrics (${TEST_DB_KIND})`, () => {
  let open: TestApp;
  let withToken: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    open = await createTestApp();
    withToken = await createTestApp({ metricsToken: TOKEN });
    behindProxy = await createTestApp({ metricsToken: TOKEN, trustProxy: true });
  });
  afterAll(async () => {
    await open.dispose();
    await withToken.dispose();
    await behindProxy.dispose();
  });

  function get(t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
  }

  it('serves a caller on this machine (a Prometheus next to the server)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.53']) {
      const response = await get(open, address);
      expect(response.statusCode, address).toBe(200);
      expect(response.body, address).toContain('http_request_duration_seconds');
    }
  });

  it('answers 404 to everyone else, whatever forwarding header they send', async () => {
    const attempts: [string, Record<string, string>][] = [
      [OUTSIDE, {}],
      [OUTSIDE, { 'x-forwarded-for': '127.0.0.1' }],
      [OUTSIDE, { forwarded: 'for=127.0.0.1' }],
      [OUTSIDE, { authorization: `Bearer ${TOKEN}` }], // no token configured: no way in
      // A reverse proxy on this machine forwards an outside request: the socket is loopback, the caller is not.
      ['127.0.0.1', { 'x-forwarded-for': OUTSIDE }],
      ['127.0.0.1', { 'x-real-ip': OUTSIDE }],
      ['10.0.0.5', {}],
    ];
    for (const [address, headers] of attempts) {
      const response = await get(open, address, headers);
      expect(response.statusCode, `${address} ${JSON.stringify(headers)}`).toBe(404);
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('serves anyone with the bearer token from METRICS_TOKEN; a wrong one is a 401', async () => {
    const right = await get(withToken, OUTSIDE, { authorization: `Bearer ${TOKEN}` });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_request_duration_seconds');

    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, 'Bearer ', `Basic ${TOKEN}`, TOKEN]) {
      const wrong = await get(withToken, OUTSIDE, { authorization });
      expect(wrong.statusCode, authorization).toBe(401);
      expect(wrong.headers['www-authenticate']).toBe('Bearer');
      expect(wrong.body).not.toContain('http_request_duration_seconds');
    }
    expect((await get(withToken, OUTSIDE)).statusCode).toBe(404);
    // Loopback still needs nothing; a wrong token from loopback is refused all the same.
    expect((await get(withToken, '127.0.0.1')).statusCode).toBe(200);
    expect((await get(withToken, '127.0.0.1', { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  it('behind a trusted proxy, takes the forwarded address and never a spoofed loopback', async () => {
    const spoofed = await get(behindProxy, '127.0.0.1', { 'x-forwarded-for': `127.0.0.1, ${OUTSIDE}` });
    expect(spoofed.statusCode).toBe(404);
    const leftmost = await get(behindProxy, '127.0.0.1', { 'x-forwarded-for': `${OUTSIDE}, 127.0.0.1` });
    expect(leftmost.statusCode).toBe(404);
    expect((await get(behindProxy, '127.0.0.1')).statusCode).toBe(200);
    const viaProxy = await get(behindProxy, '127.0.0.1', {
      'x-forwarded-for': OUTSIDE,
      authorization: `Bearer ${TOKEN}`,
    });
    expect(viaProxy.statusCode).toBe(200);
  });
});

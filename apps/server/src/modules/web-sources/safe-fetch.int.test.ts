import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { Readable, pipeline } from 'node:stream';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSafeFetcher, defaultFetchPolicy, type FetchLogger, type LookupFn } from './safe-fetch.ts';
import { FetchRefusedError, type FetchPolicy, type FetchRefusal, type SafeFetcher } from './types.ts';

/*
 * The hostile web of issue 14 §3, built on loopback: real HTTP servers that redirect to private addresses,
 * rebind their DNS name, drip a byte at a time, never end, send gzip bombs, lie about their content type and
 * forbid crawling in robots.txt. Host names (good.test, evil.test…) resolve through an injected look-up, so
 * every test says exactly what DNS answers and counts how often it is asked. The servers on 127.0.0.1 are
 * reachable because the test policy's allow-list names that one address; 127.0.0.2 is loopback like it, but
 * not on the list, and stands for every private address the fetcher must never reach.
 */

const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgpqplIaIsabwDqD+L
tU7joZrgwwK8uOt7t+bjTSUUFL+hRANCAAQnP7TlUX+zIVXNZ3xC74b0FCp6dApz
Es1FKLIhEuod+g1U5lhndbUQOda33NzQxh17MkxbeF6CBwbUIC2El4O3
-----END PRIVATE KEY-----
`;
/** Self-signed, for the name good.test only (no IP address in it), valid until 2126. */
const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBlTCCATugAwIBAgIUZtl5aSkpEAqLgkUgC1FvvQGbuS4wCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJZ29vZC50ZXN0MCAXDTI2MTEyNjA1NTgzMFoYDzIxMjYxMTAy
MDU1ODMwWjAUMRIwEAYDVQQDDAlnb29kLnRlc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQnP7TlUX+zIVXNZ3xC74b0FCp6dApzEs1FKLIhEuod+g1U5lhndbUQ
Oda33NzQxh17MkxbeF6CBwbUIC2El4O3o2kwZzAdBgNVHQ4EFgQUe89Xr+WjUrIU
d99sIKEQ5+reY1cwHwYDVR0jBBgwFoAUe89Xr+WjUrIUd99sIKEQ5+reY1cwDwYD
VR0TAQH/BAUwAwEB/zAUBgNVHREEDTALgglnb29kLnRlc3QwCgYIKoZIzj0EAwID
SAAwRQIgFlyRP7gIDsM0emswNtJBtd3dzLdBCYsy11YayJ3+TsQCIQDCdySzuE/l
LUTBv60FrqfNUYkHwZUSMqHr4jyn937nFA==
-----END CERTIFICATE-----
`;

const GIB = 1024 * 1024 * 1024;
const MAX_BYTES = 1024 * 1024;
const TOTAL_TIMEOUT_MS = 1_500;

type Served = { method: string; path: string; host: string; userAgent: string; authorization: string };

type TestServer = {
  port: number;
  requests: Served[];
  connections: number;
  /** Bytes the gzip bomb generated before its reader went away (before compression). */
  bombBytes: number;
  close(): Promise<void>;
};

const LATIN1_PAGE = Buffer.from(
  '<html><head><title>Café</title></head><body><p>Señor Müller</p></body></html>',
  'latin1',
);

function page(title: string): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><p>${'Plain words. '.repeat(200)}</p></body></html>`;
}

/** A stream of `total` bytes of `fill`, made as it is read, counting what it made in `count`. */
function generated(total: number, fill: number, count: (bytes: number) => void): Readable {
  const chunk = Buffer.alloc(64 * 1024, fill);
  let made = 0;
  return new Readable({
    read() {
      if (made >= total) {
        this.push(null);
        return;
      }
      made += chunk.length;
      count(chunk.length);
      this.push(chunk);
    },
  });
}

/** The hostile web site: one handler for every path the tests use. */
function handler(server: TestServer, robots: string | number): http.RequestListener {
  return (request, response) => {
    const path = request.url ?? '/';
    server.requests.push({
      method: request.method ?? '',
      path,
      host: request.headers.host ?? '',
      userAgent: request.headers['user-agent'] ?? '',
      authorization: request.headers.authorization ?? '',
    });
    const send = (status: number, headers: http.OutgoingHttpHeaders, body: string | Buffer = ''): void => {
      response.writeHead(status, headers).end(body);
    };
    const loop = /^\/loop\/(\d+)$/.exec(path);
    if (loop !== null) {
      send(302, { location: `/loop/${Number(loop[1]) + 1}` });
      return;
    }
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (chain !== null) {
      const left = Number(chain[1]);
      send(302, { location: left <= 1 ? '/page.html' : `/chain/${left - 1}` });
      return;
    }
    switch (path) {
      case '/robots.txt':
        if (typeof robots === 'number') send(robots, { 'content-type': 'text/plain' }, 'no robots here');
        else send(200, { 'content-type': 'text/plain' }, robots);
        return;
      case '/page.html':
      case '/secret/page.html':
      case '/open.html':
        send(200, { 'content-type': 'text/html; charset=utf-8' }, page('A page'));
        return;
      case '/latin1.html':
        send(200, { 'content-type': 'text/html; Charset="ISO-8859-1"' }, LATIN1_PAGE);
        return;
      case '/gzip.html':
        send(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }, zlib.gzipSync(page('Gzipped')));
        return;
      case '/br.html':
        send(200, { 'content-type': 'text/html', 'content-encoding': 'br' }, zlib.brotliCompressSync(page('Brotli')));
        return;
      case '/document.pdf':
        send(200, { 'content-type': 'application/pdf' }, '%PDF-1.7\n% a small PDF\n');
        return;
      case '/redirect':
        send(301, { location: '/page.html' });
        return;
      case '/to-private':
        send(302, { location: 'http://10.0.0.1/' });
        return;
      case '/to-metadata':
        send(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return;
      case '/to-loopback':
        send(302, { location: `http://127.0.0.2:${server.port}/page.html` });
        return;
      case '/to-evil':
        send(302, { location: `http://evil.test:${server.port}/page.html` });
        return;
      case '/to-file':
        send(302, { location: 'file:///etc/passwd' });
        return;
      case '/missing':
        send(404, { 'content-type': 'text/html' }, 'not here');
        return;
      case '/image.png':
        send(200, { 'content-type': 'image/png' }, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]));
        return;
      case '/fake.pdf':
        send(200, { 'content-type': 'application/pdf' }, page('Not a PDF at all'));
        return;
      case '/pdf-as.html':
        send(200, { 'content-type': 'text/html' }, '%PDF-1.4\n1 0 obj << >> endobj\n');
        return;
      case '/binary.html':
        send(200, { 'content-type': 'text/html' }, Buffer.concat([Buffer.from('<html>'), Buffer.alloc(2048, 0)]));
        return;
      case '/huge.html':
        send(200, { 'content-type': 'text/html', 'content-length': String(MAX_BYTES + 1) }, '');
        return;
      case '/endless.txt': {
        response.writeHead(200, { 'content-type': 'text/plain' });
        pipeline(
          generated(Number.MAX_SAFE_INTEGER, 0x61, () => undefined),
          response,
          () => undefined,
        );
        return;
      }
      case '/bomb.html': {
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        const count = (bytes: number): void => {
          server.bombBytes += bytes;
        };
        pipeline(generated(GIB, 0x20, count), zlib.createGzip({ level: 9 }), response, () => undefined);
        return;
      }
      case '/drip.html': {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<html>');
        const drip = setInterval(() => response.write(' '), 200);
        response.on('close', () => clearInterval(drip));
        return;
      }
      default:
        send(404, { 'content-type': 'text/plain' }, 'unknown path');
    }
  };
}

async function startServer(
  options: { host?: string; port?: number; robots?: string | number; tls?: boolean } = {},
): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const server: TestServer = {
    port: 0,
    requests: [],
    connections: 0,
    bombBytes: 0,
    close: async () => undefined,
  };
  const listener = handler(server, options.robots ?? 404);
  const http1 =
    options.tls === true ? https.createServer({ key: KEY, cert: CERTIFICATE }, listener) : http.createServer(listener);
  http1.on(options.tls === true ? 'secureConnection' : 'connection', (socket: Socket) => {
    server.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  if (options.tls === true) http1.on('connection', (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve, reject) => {
    http1.once('error', reject);
    http1.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  server.port = (http1.address() as AddressInfo).port;
  server.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      http1.close(() => resolve());
    });
  return server;
}

describe('the safe fetcher of pages chosen by strangers', () => {
  let web: TestServer;
  let polite: TestServer;
  let down: TestServer;
  let secure: TestServer;
  /** Loopback too, on the same port as `web`, but not on the allow-list: it must never see a connection. */
  let forbidden: TestServer;
  let defaultCertificates: string[];

  beforeAll(async () => {
    web = await startServer();
    polite = await startServer({ robots: 'User-agent: *\nDisallow: /secret/\n\nUser-agent: OtherBot\nDisallow: /\n' });
    down = await startServer({ robots: 503 });
    secure = await startServer({ tls: true });
    forbidden = await startServer({ host: '127.0.0.2', port: web.port });
    // Our self-signed certificate is trusted for this file's process only, so that TLS can succeed.
    defaultCertificates = tls.getCACertificates('default');
    tls.setDefaultCACertificates([...defaultCertificates, CERTIFICATE]);
  });

  afterAll(async () => {
    tls.setDefaultCACertificates(defaultCertificates);
    await Promise.all([web, polite, down, secure, forbidden].map((server) => server.close()));
  });

  type Names = Record<string, () => readonly LookupAddress[]>;

  function setUp(options: { names?: Names; policy?: Partial<FetchPolicy> } = {}): {
    fetcher: SafeFetcher;
    warn: ReturnType<typeof vi.fn>;
    info: ReturnType<typeof vi.fn>;
    lookups: string[];
  } {
    const v4 = (address: string) => (): readonly LookupAddress[] => [{ address, family: 4 }];
    const names: Names = {
      'good.test': v4('127.0.0.1'),
      'other.test': v4('127.0.0.1'),
      'slow.test': v4('127.0.0.1'),
      'polite.test': v4('127.0.0.1'),
      'down.test': v4('127.0.0.1'),
      'evil.test': v4('127.0.0.2'),
      'metadata.test': v4('169.254.169.254'),
      ...options.names,
    };
    const lookups: string[] = [];
    const lookup: LookupFn = async (hostname) => {
      lookups.push(hostname);
      const answer = names[hostname];
      if (answer === undefined)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return answer();
    };
    const warn = vi.fn();
    const info = vi.fn();
    const logger: FetchLogger = { info, warn };
    const policy: FetchPolicy = {
      ...defaultFetchPolicy('https://veritext.example'),
      allowedPorts: [80, 443, web.port, polite.port, down.port, secure.port],
      allowAddresses: ['127.0.0.1'],
      maxBytes: MAX_BYTES,
      connectTimeoutMs: 500,
      totalTimeoutMs: TOTAL_TIMEOUT_MS,
      perHostDelayMs: 0,
      ...options.policy,
    };
    return { fetcher: createSafeFetcher(policy, { lookup, logger }), warn, info, lookups };
  }

  /** The fetch is refused for `reason`, and the refusal was logged with the URL and the reason. */
  async function expectRefused(
    context: { fetcher: SafeFetcher; warn: ReturnType<typeof vi.fn> },
    url: string,
    reason: FetchRefusal,
  ): Promise<FetchRefusedError> {
    const error: unknown = await context.fetcher.fetch(url).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FetchRefusedError);
    const refusal = error as FetchRefusedError;
    expect(refusal.reason, refusal.message).toBe(reason);
    expect(context.warn).toHaveBeenCalledWith(expect.objectContaining({ url, reason }), expect.any(String));
    return refusal;
  }

  const at = (host: string, server: TestServer, path: string, scheme = 'http'): string =>
    `${scheme}://${host}:${server.port}${path}`;

  describe('pages it downloads', () => {
    it('honours the charset parameter and sends an honest User-Agent and the host name', async () => {
      const { fetcher } = setUp();
      const url = at('good.test', web, '/latin1.html');
      const fetched = await fetcher.fetch(url);
      expect(fetched).toMatchObject({
        requestedUrl: url,
        url,
        status: 200,
        contentType: 'text/html',
        charset: 'iso-8859-1',
      });
      expect(fetched.body.equals(LATIN1_PAGE)).toBe(true);
      expect(fetched.fetchedAt).toBeInstanceOf(Date);
      const served = web.requests.filter((request) => request.path === '/latin1.html').at(-1);
      expect(served).toEqual({
        method: 'GET',
        path: '/latin1.html',
        host: `good.test:${web.port}`,
        userAgent: 'VeritextBot/1.0 (+https://veritext.example/)',
        authorization: '',
      });
    });

    it('never sends or reports the credentials a URL carries', async () => {
      const { fetcher } = setUp({ policy: { respectRobots: false } });
      const before = web.requests.length;
      const fetched = await fetcher.fetch(`http://user:secret@good.test:${web.port}/page.html`);
      expect(fetched.url).toBe(at('good.test', web, '/page.html'));
      expect(web.requests.slice(before).map((request) => request.authorization)).toEqual(['']);
    });

    it('follows a redirect and reports the final URL', async () => {
      const { fetcher } = setUp();
      const fetched = await fetcher.fetch(at('good.test', web, '/chain/3'));
      expect(fetched.requestedUrl).toBe(at('good.test', web, '/chain/3'));
      expect(fetched.url).toBe(at('good.test', web, '/page.html'));
      expect(fetched.body.toString('utf8')).toContain('<title>A page</title>');
    });

    it('decodes gzip and brotli bodies', async () => {
      const { fetcher } = setUp();
      const gzipped = await fetcher.fetch(at('good.test', web, '/gzip.html'));
      expect(gzipped.body.toString('utf8')).toBe(page('Gzipped'));
      const brotli = await fetcher.fetch(at('good.test', web, '/br.html'));
      expect(brotli.body.toString('utf8')).toBe(page('Brotli'));
    });

    it('accepts a PDF that is one', async () => {
      const { fetcher } = setUp();
      const fetched = await fetcher.fetch(at('good.test', web, '/document.pdf'));
      expect(fetched.contentType).toBe('application/pdf');
      expect(fetched.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it('verifies TLS against the host name while connecting to the pinned address', async () => {
      const { fetcher, lookups } = setUp({ names: { 'good.test': () => [{ address: '127.0.0.1', family: 4 }] } });
      const fetched = await fetcher.fetch(at('good.test', secure, '/page.html', 'https'));
      expect(fetched.status).toBe(200);
      expect(lookups).toEqual(['good.test']);
      // The same server under another name: its certificate does not name evil.test.
      const other = setUp({ names: { 'evil.test': () => [{ address: '127.0.0.1', family: 4 }] } });
      const refusal = await expectRefused(other, at('evil.test', secure, '/page.html', 'https'), 'network');
      expect(refusal.message).toMatch(/evil\.test/);
    });
  });

  describe('where it connects', () => {
    it('refuses schemes other than http and https, and ports not allowed', async () => {
      const context = setUp();
      await expectRefused(context, 'file:///etc/passwd', 'scheme');
      await expectRefused(context, 'ftp://good.test/file.txt', 'scheme');
      await expectRefused(context, 'not a url', 'scheme');
      await expectRefused(context, 'http://good.test:22/', 'port');
      await expectRefused(context, 'https://good.test:8443/', 'port');
      expect(context.lookups).toEqual([]);
    });

    it('refuses private, loopback and metadata addresses, by name or literally, without connecting', async () => {
      const before = forbidden.connections;
      const context = setUp({
        names: {
          'mixed.test': () => [
            { address: '93.184.216.34', family: 4 },
            { address: '10.1.2.3', family: 4 },
          ],
        },
      });
      await expectRefused(context, at('evil.test', web, '/page.html'), 'address');
      await expectRefused(context, `http://127.0.0.2:${web.port}/page.html`, 'address');
      await expectRefused(context, `http://[::ffff:127.0.0.2]:${web.port}/page.html`, 'address');
      await expectRefused(context, `http://[::1]:${web.port}/page.html`, 'address');
      await expectRefused(context, 'http://169.254.169.254/latest/meta-data/', 'address');
      await expectRefused(context, 'http://metadata.test/latest/meta-data/', 'address');
      await expectRefused(context, 'http://[fd00:ec2::254]/latest/meta-data/', 'address');
      await expectRefused(context, 'http://mixed.test/', 'address');
      await expectRefused(context, 'http://nowhere.test/', 'dns');
      expect(forbidden.connections).toBe(before);
    });

    it('checks every redirect hop again: to a private address, to metadata, to a file', async () => {
      const before = forbidden.connections;
      const context = setUp();
      const refusal = await expectRefused(context, at('good.test', web, '/to-private'), 'address');
      expect(refusal.url).toBe('http://10.0.0.1/');
      await expectRefused(context, at('good.test', web, '/to-metadata'), 'address');
      await expectRefused(context, at('good.test', web, '/to-file'), 'scheme');
      expect(forbidden.connections).toBe(before);
    });

    it('refuses a redirect to a loopback address that is not on the allow-list (127.0.0.2)', async () => {
      const before = forbidden.connections;
      const context = setUp();
      await expectRefused(context, at('good.test', web, '/to-loopback'), 'address');
      await expectRefused(context, at('good.test', web, '/to-evil'), 'address');
      expect(forbidden.connections).toBe(before);
    });

    it('resolves a name once and connects to that address, however DNS answers later (rebinding)', async () => {
      const before = forbidden.connections;
      let asked = 0;
      const context = setUp({
        names: {
          'rebind.test': () => {
            asked += 1;
            return [{ address: asked === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
          },
        },
      });
      const url = at('rebind.test', web, '/page.html');
      const fetched = await context.fetcher.fetch(url);
      expect(fetched.body.toString('utf8')).toContain('<title>A page</title>');
      // robots.txt and the page both came from the first answer: one look-up for the hop.
      expect(context.lookups).toEqual(['rebind.test']);
      expect(web.requests.filter((request) => request.host === `rebind.test:${web.port}`).map((r) => r.path)).toEqual([
        '/robots.txt',
        '/page.html',
      ]);
      expect(forbidden.connections).toBe(before);
      // The next fetch resolves again, gets the private address and is refused before connecting.
      await expectRefused(context, url, 'address');
      expect(forbidden.connections).toBe(before);
    });

    it('refuses more redirects than the policy allows', async () => {
      const context = setUp({ policy: { maxRedirects: 3 } });
      await expectRefused(context, at('good.test', web, '/loop/0'), 'redirects');
      expect((await context.fetcher.fetch(at('good.test', web, '/chain/3'))).url).toBe(
        at('good.test', web, '/page.html'),
      );
    });
  });

  describe('what it accepts', () => {
    it('refuses a status other than 2xx', async () => {
      await expectRefused(setUp(), at('good.test', web, '/missing'), 'status');
    });

    it('refuses a content type not allowed, and a lying one', async () => {
      const context = setUp();
      await expectRefused(context, at('good.test', web, '/image.png'), 'content_type');
      await expectRefused(context, at('good.test', web, '/fake.pdf'), 'content_type');
      await expectRefused(context, at('good.test', web, '/pdf-as.html'), 'content_type');
      await expectRefused(context, at('good.test', web, '/binary.html'), 'content_type');
    });

    it('cuts an endless body at the cap', async () => {
      const started = Date.now();
      await expectRefused(setUp(), at('good.test', web, '/endless.txt'), 'too_large');
      await expectRefused(setUp(), at('good.test', web, '/huge.html'), 'too_large');
      expect(Date.now() - started).toBeLessThan(TOTAL_TIMEOUT_MS);
    });

    it('cuts a gzip bomb as soon as the decoded body passes the cap', async () => {
      web.bombBytes = 0;
      const memory = (): number => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
      const memoryBefore = memory();
      const started = Date.now();
      await expectRefused(
        setUp({ policy: { totalTimeoutMs: 10_000 } }),
        at('good.test', web, '/bomb.html'),
        'too_large',
      );
      expect(Date.now() - started).toBeLessThan(3_000);
      // The server made a few megabytes of its gigabyte (what the socket buffers held) before the fetcher
      // hung up, and the fetcher held about the cap.
      expect(web.bombBytes).toBeLessThan(64 * 1024 * 1024);
      expect(memory() - memoryBefore).toBeLessThan(32 * 1024 * 1024);
    });
  });

  describe('time', () => {
    it('cuts a slow-drip server at the total timeout while other hosts are served at once', async () => {
      const { fetcher, warn } = setUp();
      const started = Date.now();
      const drip = fetcher.fetch(at('slow.test', web, '/drip.html')).then(
        () => null,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const other = await fetcher.fetch(at('other.test', web, '/page.html'));
      const otherDone = Date.now() - started;
      expect(other.status).toBe(200);
      expect(otherDone).toBeLessThan(TOTAL_TIMEOUT_MS / 2);
      const error = await drip;
      const elapsed = Date.now() - started;
      expect(error).toBeInstanceOf(FetchRefusedError);
      expect((error as FetchRefusedError).reason).toBe('timeout');
      expect(elapsed).toBeGreaterThanOrEqual(TOTAL_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(TOTAL_TIMEOUT_MS + 1_000);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ url: at('slow.test', web, '/drip.html'), reason: 'timeout' }),
        expect.any(String),
      );
    });

    it('queues a host beyond its concurrency, spaced by its delay, without holding up other hosts', async () => {
      const { fetcher } = setUp({ policy: { perHostConcurrency: 1, perHostDelayMs: 150, respectRobots: false } });
      const started = Date.now();
      const done: Record<string, number> = {};
      const track = (name: string, url: string): Promise<void> =>
        fetcher.fetch(url).then(() => {
          done[name] = Date.now() - started;
        });
      await Promise.all([
        track('good 1', at('good.test', web, '/page.html')),
        track('good 2', at('good.test', web, '/page.html')),
        track('good 3', at('good.test', web, '/page.html')),
        track('other', at('other.test', web, '/page.html')),
      ]);
      expect(done['other']).toBeLessThan(150);
      expect(done['good 3']).toBeGreaterThanOrEqual(300);
    });

    it('stops at the caller’s signal with its reason', async () => {
      const { fetcher, warn } = setUp();
      const controller = new AbortController();
      const drip = fetcher.fetch(at('slow.test', web, '/drip.html'), { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('check cancelled')), 100);
      await expect(drip).rejects.toThrow('check cancelled');
      expect(warn).not.toHaveBeenCalled();
    });
  });

  describe('robots.txt', () => {
    it('refuses a page robots.txt disallows without asking the server for it, and reads robots.txt once', async () => {
      const context = setUp();
      await expectRefused(context, at('polite.test', polite, '/secret/page.html'), 'robots');
      expect(polite.requests.map((request) => request.path)).toEqual(['/robots.txt']);
      expect((await context.fetcher.fetch(at('polite.test', polite, '/open.html'))).status).toBe(200);
      await expectRefused(context, at('polite.test', polite, '/secret/page.html'), 'robots');
      expect(polite.requests.map((request) => request.path)).toEqual(['/robots.txt', '/open.html']);
    });

    it('treats a robots.txt that answers 5xx as disallowing everything, and one that is missing as allowing', async () => {
      const context = setUp();
      await expectRefused(context, at('down.test', down, '/page.html'), 'robots');
      expect(down.requests.map((request) => request.path)).toEqual(['/robots.txt']);
      expect(context.info).toHaveBeenCalledWith(
        { url: at('down.test', down, '/robots.txt'), status: 503 },
        expect.stringContaining('robots.txt'),
      );
      expect((await context.fetcher.fetch(at('good.test', web, '/page.html'))).status).toBe(200);
    });

    it('is not read when the policy says so', async () => {
      const { fetcher } = setUp({ policy: { respectRobots: false } });
      const before = polite.requests.length;
      expect((await fetcher.fetch(at('polite.test', polite, '/secret/page.html'))).status).toBe(200);
      expect(polite.requests.slice(before).map((request) => request.path)).toEqual(['/secret/page.html']);
    });
  });

  it('refuses every fetch once closed', async () => {
    const { fetcher } = setUp();
    const drip = fetcher.fetch(at('slow.test', web, '/drip.html'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fetcher.close();
    await expect(drip).rejects.toThrow('The fetcher is closed');
    await expect(fetcher.fetch(at('good.test', web, '/page.html'))).rejects.toThrow('The fetcher is closed');
  });

  it('has an honest default policy', () => {
    expect(defaultFetchPolicy('https://plagio.example.org/')).toMatchObject({
      allowedPorts: [80, 443],
      allowAddresses: [],
      maxRedirects: 5,
      maxBytes: 5 * 1024 * 1024,
      connectTimeoutMs: 5_000,
      totalTimeoutMs: 15_000,
      userAgent: 'VeritextBot/1.0 (+https://plagio.example.org/)',
      perHostConcurrency: 2,
      perHostDelayMs: 250,
      respectRobots: true,
    });
  });
});

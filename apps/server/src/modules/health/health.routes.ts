import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@veritext/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Metrics } from '../../http/metrics.ts';
import { safeEqual, sha256 } from '../auth/secrets.ts';

export type HealthRoutesOptions = {
  db: Database;
  isShuttingDown: () => boolean;
  isQueueHealthy: () => boolean;
  metrics: Metrics;
  /** METRICS_TOKEN: opens /metrics to callers elsewhere with `Authorization: Bearer …`; null: loopback only. */
  metricsToken: string | null;
};

/** Headers a reverse proxy adds: a request that carries one came from somewhere else, whatever its socket. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address === undefined ? 0 : isIP(address);
  return address !== undefined && family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A caller on this machine: the socket's own peer (never request.ip, which TRUST_PROXY takes from
 * X-Forwarded-For), and no forwarding header, so that an outside request relayed by a proxy on this machine
 * (socket 127.0.0.1) does not pass for a local one, trusted proxy or not.
 */
function isLocalCaller(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and readiness',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
    },
    async (_request, reply) => {
      const database = await options.db
        .query('SELECT 1 AS ok')
        .then(() => true)
        .catch(() => false);
      const queue = options.isQueueHealthy();
      const shuttingDown = options.isShuttingDown();
      const isReady = database && queue && !shuttingDown;
      void reply.header('cache-control', 'no-store');
      return reply.status(isReady ? 200 : 503).send({
        status: shuttingDown ? 'shutting_down' : isReady ? 'ok' : 'degraded',
        database: options.db.kind,
        checks: { database, queue },
      });
    },
  );

  const expectedTokenHash = options.metricsToken === null ? null : sha256(options.metricsToken);

  /**
   * Who may read the metrics: a bearer of METRICS_TOKEN (a wrong or malformed Authorization is a 401 when
   * a token is configured), else a caller on this machine; everyone else gets the 404 of an unknown page.
   */
  function assertMayReadMetrics(request: FastifyRequest): void {
    const authorization = request.headers.authorization;
    if (expectedTokenHash !== null && authorization !== undefined) {
      const match = /^Bearer ([\x21-\x7e]{1,500})$/.exec(authorization);
      // Digests compared, so neither the token's length nor its prefix leaks through timing.
      if (match?.[1] !== undefined && safeEqual(sha256(match[1]), expectedTokenHash)) return;
      throw new AppError('unauthorized', {
        message: 'The metrics token is not valid.',
        headers: { 'www-authenticate': 'Bearer' },
      });
    }
    if (!isLocalCaller(request)) throw new AppError('not_found');
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    assertMayReadMetrics(request);
    void reply.header('cache-control', 'no-store');
    void reply.type(options.metrics.registry.contentType);
    return options.metrics.registry.metrics();
  });
};

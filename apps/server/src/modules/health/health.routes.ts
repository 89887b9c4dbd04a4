import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@veritext/contracts';
import type { Database } from '../../db/database.ts';
import type { Metrics } from '../../http/metrics.ts';

export type HealthRoutesOptions = {
  db: Database;
  isShuttingDown: () => boolean;
  isQueueHealthy: () => boolean;
  metrics: Metrics;
};

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

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    void reply.type(options.metrics.registry.contentType);
    return options.metrics.registry.metrics();
  });
};

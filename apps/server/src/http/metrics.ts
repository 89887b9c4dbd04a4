import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { QueueDepth } from '../jobs/queue.ts';

export type Metrics = {
  registry: Registry;
  /** Its _count series doubles as the request counter per method, route and status. */
  requestDuration: Histogram<'method' | 'route' | 'status'>;
};

/** One registry per app (tests build many apps in one process). */
export function createMetrics(queueDepth: () => Promise<QueueDepth[]>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting or running, per queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depth = await queueDepth().catch(() => []);
      for (const row of depth) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  return { registry, requestDuration };
}

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

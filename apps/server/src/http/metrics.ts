import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { QueueDepth } from '../jobs/queue.ts';

export type Metrics = {
  registry: Registry;
  jobDuration: Histogram<'queue' | 'outcome'>;
};

/** One registry per app (tests build many apps in one process). */
export function createMetrics(queueDepth: () => Promise<QueueDepth[]>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests',
    labelNames: ['status'] as const,
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
  const jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Job handler durations',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  return { registry, jobDuration };
}

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const histogram = metrics.registry.getSingleMetric('http_request_duration_seconds') as Histogram<
    'method' | 'route' | 'status'
  >;
  const counter = metrics.registry.getSingleMetric('http_requests_total') as Counter<'status'>;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    histogram.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    counter.inc({ status: String(reply.statusCode) });
  });
}

import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { QueueDepth } from '../jobs/queue.ts';

export type Metrics = {
  registry: Registry;
  /** Its _count series doubles as the request counter per method, route and status. */
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  /** Guest accounts made (POST /guest/registration/): alert on its rate (e.g. > 200 in an hour). */
  guestAccountsCreated: Counter;
  /** Guest sign-ups refused: reason daily_limit (GUEST_DAILY_LIMIT of an address) or bot_check. */
  guestAccountsRefused: Counter<'reason'>;
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
  const guestAccountsCreated = new Counter({
    name: 'veritext_guest_accounts_created_total',
    help: 'Guest accounts created',
    registers: [registry],
  });
  const guestAccountsRefused = new Counter({
    name: 'veritext_guest_accounts_refused_total',
    help: 'Guest sign-ups refused, by reason (daily_limit, bot_check)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  // Both reasons are listed from the start (0), so that a rate() alert has a series before the first refusal.
  for (const reason of ['daily_limit', 'bot_check']) guestAccountsRefused.inc({ reason }, 0);
  return { registry, requestDuration, guestAccountsCreated, guestAccountsRefused };
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

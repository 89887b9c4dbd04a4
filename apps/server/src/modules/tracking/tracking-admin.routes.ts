import { AdminFunnelQuerySchema, AdminFunnelResponseSchema, FUNNEL_STEPS } from '@veritext/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { countFunnel } from './tracking.repository.ts';

/** The default range: the last 30 UTC days, today included; a range may span at most 366 days. */
export const FUNNEL_DEFAULT_DAYS = 30;
export const FUNNEL_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Site administrators only (users.is_admin): no caller is 401, anyone else 403. */
async function requireAdmin(request: FastifyRequest): Promise<void> {
  const { user, group } = request.auth;
  if (user === null && group === null) throw new AppError('unauthorized');
  if (user?.is_admin !== true) throw new AppError('forbidden', { message: 'Administrators only.' });
}

function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The range of a query: missing ends filled in from the other end (or today). */
export function funnelRange(query: { from?: string | undefined; to?: string | undefined }, now = Date.now()) {
  const to =
    query.to ??
    (query.from === undefined
      ? dayOf(now)
      : dayOf(Date.parse(`${query.from}T00:00:00Z`) + (FUNNEL_DEFAULT_DAYS - 1) * DAY_MS));
  const from = query.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (FUNNEL_DEFAULT_DAYS - 1) * DAY_MS);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw new AppError('validation_failed', { fields: { to: 'before_from' } });
  if (days > FUNNEL_MAX_DAYS) throw new AppError('validation_failed', { fields: { from: 'range_too_long' } });
  return { from, to };
}

/** The check-tool funnel for site administrators (/admin/funnel). */
export const trackingAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.addHook('onRequest', requireAdmin);

  api.get(
    '/api/v1/admin/funnel/',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Check-tool funnel: distinct visitor sessions per UTC day and step (funnel order), and the other tracked events (site administrators)',
        description: `from/to are UTC days, both included; default the last ${String(FUNNEL_DEFAULT_DAYS)} days; at most ${String(FUNNEL_MAX_DAYS)} days.`,
        querystring: AdminFunnelQuerySchema,
        response: { 200: AdminFunnelResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const range = funnelRange(request.query);
      const counts = await countFunnel(db, range);
      return { success: true as const, data: { ...range, steps: [...FUNNEL_STEPS], ...counts } };
    },
  );
};

import { AdminLeadsQuerySchema, AdminLeadsResponseSchema } from '@veritext/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { listLeads, type LeadRecord } from './leads.repository.ts';
import { leadsCsv } from './leads.export.ts';

/** The most rows one CSV holds (newest first); a narrower range gives the older ones. */
export const LEADS_CSV_MAX_ROWS = 50_000;

/** Site administrators only (users.is_admin): no caller is 401, anyone else 403. */
async function requireAdmin(request: FastifyRequest): Promise<void> {
  const { user, group } = request.auth;
  if (user === null && group === null) throw new AppError('unauthorized');
  if (user?.is_admin !== true) throw new AppError('forbidden', { message: 'Administrators only.' });
}

function toJson(lead: LeadRecord) {
  return { ...lead, created_at: lead.created_at.toISOString() };
}

/** The leads of the sales forms for site administrators (/admin/leads): a page of them, or all as CSV. */
export const leadsAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.addHook('onRequest', requireAdmin);

  api.get(
    '/api/v1/admin/leads/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Leads of the sales forms, newest first (site administrators); from/to are UTC days, both included',
        querystring: AdminLeadsQuerySchema,
        response: { 200: AdminLeadsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { type, from, to, page, per_page } = request.query;
      const found = await listLeads(db, { type, from, to }, { limit: per_page, offset: (page - 1) * per_page });
      return { success: true as const, data: { leads: found.leads.map(toJson), total: found.total, page, per_page } };
    },
  );

  api.get(
    '/api/v1/admin/leads.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The leads as CSV (site administrators): the same filters, every matching row',
        description: 'Answers `text/csv`, an attachment named leads-{from}-to-{to}.csv (or leads.csv).',
        querystring: AdminLeadsQuerySchema.omit({ page: true, per_page: true }),
        produces: ['text/csv', 'application/json'],
        response: { 200: z.string().describe('The leads, text/csv') },
      },
    },
    async (request, reply) => {
      const { type, from, to } = request.query;
      const found = await listLeads(db, { type, from, to }, { limit: LEADS_CSV_MAX_ROWS, offset: 0 });
      const name = `leads${type === undefined ? '' : `-${type}`}${from === undefined ? '' : `-from-${from}`}${to === undefined ? '' : `-to-${to}`}.csv`;
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(leadsCsv(found.leads));
    },
  );
};

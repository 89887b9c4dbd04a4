import { RecentWorksResponseSchema, StatisticsQuerySchema, StatisticsResponseSchema } from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/auth-context.ts';
import { statisticsCsv, statisticsFileName, statisticsXlsx } from './statistics.export.ts';
import { getRecentWorks, getStatistics } from './statistics.service.ts';

const GroupParams = z.object({ groupId: z.coerce.number().int().positive().max(2_147_483_647) });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Organisation statistics (commerce-and-cabinet.md §2, §6; contracts statistics.ts): the figures, their CSV and
 * XLSX downloads, and the progress dashboard. Members only, by session or personal token: the owner and the
 * teachers see the organisation, a student their own figures.
 */
export const statisticsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.get(
    '/api/v1/groups/:groupId/statistics/',
    {
      schema: {
        tags: ['groups'],
        summary:
          'Monthly usage, median similarity, AI-flagged share and figures by member over a date range (the caller’s time zone); a student gets their own',
        params: GroupParams,
        querystring: StatisticsQuerySchema,
        response: { 200: StatisticsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const data = await getStatistics(db, requireUser(request), request.params.groupId, request.query);
      return { success: true as const, data };
    },
  );

  api.get(
    '/api/v1/groups/:groupId/statistics/recent/',
    {
      schema: {
        tags: ['groups'],
        summary: 'The progress dashboard: the 10 most recent documents of the organisation (a student: their own)',
        params: GroupParams,
        response: { 200: RecentWorksResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const works = await getRecentWorks(db, requireUser(request), request.params.groupId);
      return { success: true as const, data: { works } };
    },
  );

  api.get(
    '/api/v1/groups/:groupId/statistics.csv',
    {
      schema: {
        tags: ['groups'],
        summary: 'The statistics as CSV (UTF-8 with BOM, CRLF; the same query)',
        description: 'Answers `text/csv`, an attachment named statistics-{organisation}-{from}-to-{to}.csv.',
        params: GroupParams,
        querystring: StatisticsQuerySchema,
        produces: ['text/csv', 'application/json'],
        response: { 200: z.string().describe('The statistics, text/csv') },
      },
    },
    async (request, reply) => {
      const stats = await getStatistics(db, requireUser(request), request.params.groupId, request.query);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statisticsFileName(stats, 'csv')}"`)
        .send(statisticsCsv(stats));
    },
  );

  api.get(
    '/api/v1/groups/:groupId/statistics.xlsx',
    {
      schema: {
        tags: ['groups'],
        summary: 'The statistics as an Excel workbook (one sheet; the same query)',
        description: 'Answers an xlsx attachment named statistics-{organisation}-{from}-to-{to}.xlsx.',
        params: GroupParams,
        querystring: StatisticsQuerySchema,
        produces: [XLSX_TYPE, 'application/json'],
        response: { 200: z.string().meta({ format: 'binary' }).describe('The statistics, xlsx') },
      },
    },
    async (request, reply) => {
      const stats = await getStatistics(db, requireUser(request), request.params.groupId, request.query);
      const bytes = await statisticsXlsx(stats);
      return (
        reply
          .header('cache-control', 'no-store')
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', `attachment; filename="${statisticsFileName(stats, 'xlsx')}"`)
          // Fastify sends a Buffer as it is; the string schema only documents the body.
          .send(bytes as unknown as string)
      );
    },
  );
};

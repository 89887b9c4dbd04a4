import {
  REPORT_SHARE_MESSAGES,
  ReportShareFormSchema,
  ReportShareIdParamsSchema,
  ReportShareResponseSchema,
  ReportShareRevokedResponseSchema,
  ReportSharesResponseSchema,
  ReportShareTokenParamsSchema,
  SharedReportResponseSchema,
  TextIdParamsSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listReportShares,
  readSharedReport,
  revokeReportShare,
  shareReport,
  type ReportSharesDeps,
} from './report-shares.service.ts';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export type ReportSharesRoutesOptions = ReportSharesDeps & { authRateLimitPerMinute: number };

/** Sharing a Similarity report by e-mail: a link valid for 1, 7 or 30 days, revocable (issue 17). */
export const reportSharesRoutes: FastifyPluginAsyncZod<ReportSharesRoutesOptions> = async (api, options) => {
  const { authRateLimitPerMinute, ...deps } = options;
  const { db } = deps;
  const who =
    'Whoever manages the check: the author of a personal check; in an organisation its author while a member, its ' +
    'owner and teachers (never a guest or a group token: 403); anyone who does not read the report 404.';

  api.post(
    '/api/v1/text/:id/shares/',
    {
      config: { form: true },
      schema: {
        tags: ['check'],
        summary: 'Share a ready report by e-mail: a link that opens it without an account for 1, 7 or 30 days',
        description: `${who} email: the recipient; days: 1, 7 or 30 (else 400 validation_failed). At most 50 a day per account (429).`,
        consumes: FORM_TYPES,
        params: TextIdParamsSchema,
        body: ReportShareFormSchema,
        response: { 200: ReportShareResponseSchema },
      },
    },
    async (request) => {
      const share = await shareReport(deps, request.auth, request.params.id, request.body);
      return { success: true as const, message: REPORT_SHARE_MESSAGES.sent, data: { share } };
    },
  );

  api.get(
    '/api/v1/text/:id/shares/',
    {
      schema: {
        tags: ['check'],
        summary: "The report's shared links that still work (not expired, not revoked), newest first",
        description: who,
        params: TextIdParamsSchema,
        response: { 200: ReportSharesResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: { shares: await listReportShares(db, request.auth, request.params.id) } };
    },
  );

  api.post(
    '/api/v1/text/:id/shares/:shareId/revoke/',
    {
      config: { form: true },
      schema: {
        tags: ['check'],
        summary: 'Stop a shared link at once',
        description: `${who} A link that is not one of the report's working links: 404.`,
        consumes: FORM_TYPES,
        params: ReportShareIdParamsSchema,
        body: z.object({ _csrf_token: z.string().max(200).optional() }).optional(),
        response: { 200: ReportShareRevokedResponseSchema },
      },
    },
    async (request) => {
      const data = await revokeReportShare(db, request.auth, request.params);
      return { success: true as const, message: REPORT_SHARE_MESSAGES.revoked, data };
    },
  );

  api.get(
    '/api/v1/shared-reports/:token',
    {
      // public, per address as the other public reads of a secret link (verify_email)
      config: { rateLimit: { max: authRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['check'],
        summary:
          'A shared report (public, no login): the report as an outsider reads it, and until when the link works',
        description:
          "Sources that are other users' checks are named without their titles. 404 not_found once the link expired " +
          'or was revoked, or for a token that never existed.',
        security: [],
        params: ReportShareTokenParamsSchema,
        response: { 200: SharedReportResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      void reply.header('x-robots-tag', 'noindex');
      return { success: true as const, data: await readSharedReport(db, request.params.token) };
    },
  );
};

import {
  REPORT_COMMENT_MESSAGES,
  ReportCommentDeletedResponseSchema,
  ReportCommentFormSchema,
  ReportCommentIdParamsSchema,
  ReportCommentResponseSchema,
  ReportCommentsResponseSchema,
  TextIdParamsSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { addReportComment, deleteReportComment, listReportComments } from './report-comments.service.ts';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** Comments on a Similarity report (commerce-and-cabinet.md §2, §3, §6). */
export const reportCommentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.get(
    '/api/v1/text/:id/comments/',
    {
      schema: {
        tags: ['check'],
        summary: "A report's comments (general and on a selection), oldest first, and whether the caller may write one",
        description:
          'Whoever reads the report: its author (a student reads the comments on their own work), the owner and ' +
          "teachers of the check's organisation, its API token; anyone else 404.",
        params: TextIdParamsSchema,
        response: { 200: ReportCommentsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: await listReportComments(db, request.auth, request.params.id) };
    },
  );

  api.post(
    '/api/v1/text/:id/comments/',
    {
      config: { form: true },
      schema: {
        tags: ['check'],
        summary: 'Comment on a report: on the whole of it, or on a selection (start, end and the quoted passage)',
        description:
          "Only a teacher (role 2) or the owner (role 1) of the check's organisation: a student or a group token " +
          '403 comment_teachers_only, a personal check 403 comment_organisation_only. body: 1 to 2,000 characters; ' +
          'start and end: offsets into the checked text (0 ≤ start < end ≤ its length) and quote: the text between ' +
          'them, else 400 validation_failed (fields.selection). All three empty: a general comment.',
        consumes: FORM_TYPES,
        params: TextIdParamsSchema,
        body: ReportCommentFormSchema,
        response: { 200: ReportCommentResponseSchema },
      },
    },
    async (request) => {
      const comment = await addReportComment(db, request.auth, request.params.id, request.body);
      return { success: true as const, message: REPORT_COMMENT_MESSAGES.added, data: { comment } };
    },
  );

  api.post(
    '/api/v1/text/:id/comments/:commentId/delete/',
    {
      config: { form: true },
      schema: {
        tags: ['check'],
        summary: 'Delete a comment: only its author',
        consumes: FORM_TYPES,
        params: ReportCommentIdParamsSchema,
        body: z.object({ _csrf_token: z.string().max(200).optional() }).optional(),
        response: { 200: ReportCommentDeletedResponseSchema },
      },
    },
    async (request) => {
      const data = await deleteReportComment(db, request.auth, request.params);
      return { success: true as const, message: REPORT_COMMENT_MESSAGES.deleted, data };
    },
  );
};

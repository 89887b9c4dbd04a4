import {
  ReportSettingsFormSchema,
  ReportSourceIgnoreFormSchema,
  SimilarityReportResponseSchema,
  SourcePassageQuerySchema,
  SourcePassageResponseSchema,
  TextIdParamsSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { changeReportSettings, setSourceIgnored, sourcePassages } from './report-settings.service.ts';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

const WHO_CHANGES =
  'Its author (in an organisation while a member), the organisation’s owner and teachers, and its token; anyone ' +
  'else who reads it 403, anyone else 404. A report stored before settings existed: 409 report_settings_unavailable.';

/** The report's settings and source tools (issue 17; commerce-and-cabinet.md §2 "Similarity report"). */
export const reportSettingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.post(
    '/api/v1/text/:id/settings/',
    {
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['check'],
        summary: "Change a finished report's settings: it is rebuilt (no new check, no charge); answers the report",
        description:
          'exclude_below_percent (0–100), exclude_self_plagiarism with custom_author (field error "Custom author ' +
          'cannot be empty"), include_quotes, include_references; the stored percent follows. ' +
          WHO_CHANGES,
        consumes: FORM_TYPES,
        params: TextIdParamsSchema,
        body: ReportSettingsFormSchema,
        response: { 200: SimilarityReportResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: await changeReportSettings(db, request.auth, request.params.id, request.body),
    }),
  );

  api.post(
    '/api/v1/text/:id/sources/ignore/',
    {
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['check'],
        summary: 'Ignore a source of a report (ignored=1) or include it again (0): the report is rebuilt',
        description: `source: the source's db_id. ${WHO_CHANGES}`,
        consumes: FORM_TYPES,
        params: TextIdParamsSchema,
        body: ReportSourceIgnoreFormSchema,
        response: { 200: SimilarityReportResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: await setSourceIgnored(db, request.auth, request.params.id, {
        source: request.body.source,
        ignored: request.body.ignored === '1' || request.body.ignored === 'true',
      }),
    }),
  );

  api.get(
    '/api/v1/text/report/:id/sources/passage',
    {
      schema: {
        tags: ['check'],
        summary: "A report's passages beside a source's: the checked passage and the source's, with some context",
        description:
          "The source's text only where the reader may see it (internet pages, reference collections, the reader's " +
          "own documents, an organisation's documents for its owner and teachers); otherwise visible false, reason " +
          "private (another user's private document) or gone. Whoever reads the report.",
        params: TextIdParamsSchema,
        querystring: SourcePassageQuerySchema,
        response: { 200: SourcePassageResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        message: '',
        data: await sourcePassages(db, request.auth, request.params.id, request.query),
      };
    },
  );
};

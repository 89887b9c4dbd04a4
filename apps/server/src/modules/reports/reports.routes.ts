import {
  AiCheckIdParamsSchema,
  AiReportFormSchema,
  AiReportQuerySchema,
  AUTHORSHIP_FINGERPRINT_TYPE,
} from '@veritext/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { authorshipReportPdf } from '../authorship/authorship.pdf.ts';
import { AI_REPORT_TYPE, aiCheckReportPdf } from '../ai-checks/ai-checks.service.ts';
import { sharedAiReportRenderer, type AiReportRenderer } from '../ai-checks/ai-report.ts';
import { similarityReportPdf } from '../text-checks/text-checks.read.ts';
import { sharedSimilarityReportRenderer, type SimilarityReportRenderer } from '../text-checks/similarity-report.ts';

export type ReportsRoutesOptions = {
  db: Database;
  /** The PDF renderers; the process's worker threads unless a test passes its own. */
  aiRenderer?: Pick<AiReportRenderer, 'render'>;
  similarityRenderer?: Pick<SimilarityReportRenderer, 'render'>;
};

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** POST /profile/fingerprint/download-pdf/{id}/: the PDF of a report (check-tool.md §7). */
export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (api, options) => {
  api.post(
    '/profile/fingerprint/download-pdf/:id/',
    {
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['check', 'ai-detector'],
        summary:
          'The PDF of a report: without type, the Similarity report of document {id}; type=3 (form field or query), ' +
          'the report of AI check {id}; type=1, the authorship check of document {id}. JSON with a message on failure',
        description:
          'Answers `application/pdf` (an attachment: veritext-similarity-report-{id}.pdf or ' +
          'veritext-ai-report-{id}.pdf). Fails with JSON `{success:false, message}`: 400 for another type, 404 for ' +
          'a check that does not exist or is not yours, 409 while the check is not ready (document state 5, AI ' +
          'status 4).',
        consumes: FORM_TYPES,
        params: AiCheckIdParamsSchema,
        querystring: AiReportQuerySchema,
        body: AiReportFormSchema,
        produces: ['application/pdf', 'application/json'],
        response: {
          200: z.string().meta({ format: 'binary' }).describe('The report, application/pdf'),
        },
      },
    },
    async (request, reply) => {
      const type = request.body?.type ?? request.query.type;
      const id = request.params.id;
      // the reader's language when the client says it (either report), else the checked text's
      const language = request.body?.language || request.query.language || undefined;
      let report: { fileName: string; pdf: Buffer };
      if (type === AI_REPORT_TYPE) {
        report = await aiCheckReportPdf(
          options.db,
          options.aiRenderer ?? sharedAiReportRenderer(),
          request.auth,
          { id, type, ...(language === undefined ? {} : { language }) },
          request.log,
        );
      } else if (type === AUTHORSHIP_FINGERPRINT_TYPE) {
        // the authorship check's report (modules/authorship, issue 18): a teacher or owner, once it was run
        report = await authorshipReportPdf(options.db, request.auth, {
          id,
          ...(language === undefined ? {} : { language }),
        });
      } else if (type === undefined || type === '') {
        report = await similarityReportPdf(
          options.db,
          options.similarityRenderer ?? sharedSimilarityReportRenderer(),
          request.auth,
          { id, ...(language === undefined ? {} : { language }) },
          request.log,
        );
      } else {
        throw new AppError('report_type_unsupported');
      }
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${report.fileName}"`)
          .header('cache-control', 'no-store')
          // Fastify sends a Buffer as it is (no serializer); the string schema only documents the body.
          .send(report.pdf as unknown as string)
      );
    },
  );
};

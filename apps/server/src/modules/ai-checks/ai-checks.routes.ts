import {
  AiCheckCreatedResponseSchema,
  AiCheckFormSchema,
  AiCheckIdParamsSchema,
  AiCheckMarkFormSchema,
  AiCheckMarkResponseSchema,
  AiCheckResultResponseSchema,
  AiReportFormSchema,
  AiReportQuerySchema,
  AI_CHECK_CODE,
} from '@veritext/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { aiCheckReportPdf, getAiCheck, markAiCheck, submitAiCheck, type JobSender } from './ai-checks.service.ts';
import { sharedAiReportRenderer, type AiReportRenderer } from './ai-report.ts';

export type AiChecksRoutesOptions = {
  db: Database;
  queue: JobSender;
  /** Renders the PDF reports; the process's worker thread unless a test passes its own. */
  reportRenderer?: Pick<AiReportRenderer, 'render'>;
};

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** The stand-alone AI detector (check-tool.md §7): submit, poll the result, send feedback. */
export const aiChecksRoutes: FastifyPluginAsyncZod<AiChecksRoutesOptions> = async (
  api,
  { db, queue, reportRenderer },
) => {
  api.post(
    '/api/v1/chat-gpt/',
    {
      // a pasted text of up to 1,048,500 characters, url-encoded, is larger than the default body limit
      bodyLimit: 12 * 1024 * 1024,
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['ai-detector'],
        summary: 'Submit a text or one file to the AI detector (holds one AI page); poll GET /api/v1/chat-gpt/{id}/',
        consumes: FORM_TYPES,
        body: AiCheckFormSchema,
        response: { 200: AiCheckCreatedResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const created = await submitAiCheck(
        db,
        queue,
        request.auth,
        {
          text: body.text,
          upload: request.uploads.find((file) => file.fieldName === 'file'),
          forceLanguage: body.force_language === undefined || body.force_language === '' ? null : body.force_language,
          groupId: body.group_id === undefined || body.group_id === '' ? null : Number(body.group_id),
        },
        request.log,
      );
      return { success: true as const, code: AI_CHECK_CODE.ok, message: '', data: created };
    },
  );

  api.get(
    '/api/v1/chat-gpt/:id/',
    {
      schema: {
        tags: ['ai-detector'],
        summary: 'An AI check: status 1 or 2 in progress, 4 done, 3 failed, 5 too short, 8 too long, 9 language',
        params: AiCheckIdParamsSchema,
        response: { 200: AiCheckResultResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: await getAiCheck(db, request.auth, request.params.id) };
    },
  );

  api.post(
    '/api/v1/chat-gpt/mark/:id/',
    {
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['ai-detector'],
        summary: 'Feedback on an AI check: mark 1 (thumbs up) or 0 (thumbs down) and a comment; once',
        consumes: FORM_TYPES,
        params: AiCheckIdParamsSchema,
        body: AiCheckMarkFormSchema,
        response: { 200: AiCheckMarkResponseSchema },
      },
    },
    async (request) => markAiCheck(db, request.auth, request.params.id, request.body),
  );

  api.post(
    '/profile/fingerprint/download-pdf/:id/',
    {
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['ai-detector'],
        summary:
          'The PDF report of a done check: type=3 (form field or query) is the AI report; JSON with a message on failure',
        description:
          'Answers `application/pdf` (an attachment, veritext-ai-report-{id}.pdf). Fails with JSON ' +
          '`{success:false, message}`: 400 without type=3 (the similarity report is not built yet), 404 for a ' +
          'check that does not exist or is not yours, 409 while the check is not done (status 4).',
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
      const report = await aiCheckReportPdf(
        db,
        reportRenderer ?? sharedAiReportRenderer(),
        request.auth,
        { id: request.params.id, type: request.body?.type ?? request.query.type },
        request.log,
      );
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

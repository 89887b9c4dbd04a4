import {
  AiCheckCreatedResponseSchema,
  AiCheckDeletedResponseSchema,
  CheckDeleteFormSchema,
  AiCheckFormSchema,
  AiCheckIdParamsSchema,
  AiCheckListQuerySchema,
  AiCheckListResponseSchema,
  AiCheckMarkFormSchema,
  AiCheckMarkResponseSchema,
  AiCheckResultResponseSchema,
  AI_CHECK_CODE,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { callerKey, checkRateLimit, type CheckLimits } from '../../http/check-rate-limit.ts';
import { deleteAiCheck } from './ai-checks.delete.ts';
import { listAiChecks } from './ai-checks.list.ts';
import { getAiCheck, markAiCheck, submitAiCheck, type JobSender } from './ai-checks.service.ts';

export type AiChecksRoutesOptions = { db: Database; queue: JobSender; limits: CheckLimits };

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** The stand-alone AI detector (check-tool.md §7): submit, poll the result, list the caller's checks, send feedback. */
export const aiChecksRoutes: FastifyPluginAsyncZod<AiChecksRoutesOptions> = async (api, { db, queue, limits }) => {
  // per address and per account, before the body is read (issue 13 B4)
  const createLimit = checkRateLimit(api, 'ai-check', limits.rate.ai);

  api.post(
    '/api/v1/chat-gpt/',
    {
      onRequest: createLimit,
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
          extraction: { key: callerKey(request), maxPerCaller: limits.extractMaxPerCaller },
        },
        request.log,
      );
      return { success: true as const, code: AI_CHECK_CODE.ok, message: '', data: created };
    },
  );

  api.get(
    '/api/v1/chat-gpt/',
    {
      schema: {
        tags: ['ai-detector'],
        summary: "The caller's AI checks, newest first (with group_id: the organisation's; a student's own)",
        description:
          'The stand-alone checks of the AI detector (a document’s AI check is listed with the document): ' +
          'their first words, verdict and AI share, not their text; open one with GET /api/v1/chat-gpt/{id}/. ' +
          'Without group_id a user’s (a guest’s too) own checks made outside any organisation, a group token ' +
          'its group’s; with group_id its members: all for the owner and teachers, a student only their own.',
        querystring: AiCheckListQuerySchema,
        response: { 200: AiCheckListResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const query = request.query;
      const data = await listAiChecks(db, request.auth, {
        groupId: query.group_id ?? null,
        page: query.page,
        perPage: query.per_page,
      });
      return { success: true as const, data };
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
    '/api/v1/chat-gpt/:id/delete/',
    {
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['ai-detector'],
        summary: 'Delete a stand-alone AI check for good (its text and result); a document’s goes with the document',
        description:
          'The same rule as documents: the author of a personal check; in an organisation its author while a ' +
          'member, its owner and teachers, and its API token; anyone else 404. Queued or running: 409 ' +
          'check_delete_in_progress. The AI page it used is not returned.',
        consumes: FORM_TYPES,
        params: AiCheckIdParamsSchema,
        body: CheckDeleteFormSchema,
        response: { 200: AiCheckDeletedResponseSchema },
      },
    },
    async (request) => {
      const data = await deleteAiCheck(db, request.auth, request.params.id);
      return { success: true as const, message: 'The AI check was deleted.', data };
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
};

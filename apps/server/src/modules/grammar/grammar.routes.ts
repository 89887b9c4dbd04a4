import { GrammarResponseSchema, TextIdParamsSchema } from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { readGrammar, runGrammar } from './grammar.service.ts';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** The grammar checker of a document (issue 18; commerce-and-cabinet.md §4, §6, §8). */
export const grammarRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  const who =
    'Whoever may read the document (its author; in its organisation the owner and teachers; the organisation token); ' +
    'anyone else 404.';

  api.get(
    '/api/v1/grammar/:id/',
    {
      schema: {
        tags: ['check'],
        summary: "A document's grammar check: not_activated, not_checked, or checked with its findings",
        description:
          `${who} not_activated: a personal document, or its organisation has not activated the grammar checker. ` +
          'Findings: UTF-16 offsets into `text`, a kind, a rule id with its parameters, suggestions.',
        params: TextIdParamsSchema,
        response: { 200: GrammarResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: await readGrammar(db, request.auth, request.params.id) };
    },
  );

  api.post(
    '/api/v1/grammar/:id/',
    {
      config: { form: true },
      schema: {
        tags: ['check'],
        summary: "Check (or check again) a ready document's spelling, grammar and style; free",
        description:
          `${who} 403 grammar_not_activated where the checker is not activated; 409 report_not_ready before the ` +
          'report is ready. English and Spanish; a text in another language is stored with language null.',
        consumes: FORM_TYPES,
        params: TextIdParamsSchema,
        body: z.object({ _csrf_token: z.string().max(200).optional() }).optional(),
        response: { 200: GrammarResponseSchema },
      },
    },
    async (request) => {
      return { success: true as const, data: await runGrammar(db, request.auth, request.params.id) };
    },
  );
};

import { TextValidateFormSchema, TextValidateResponseSchema } from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { validateText } from './text-checks.service.ts';

export type TextChecksRoutesOptions = { db: Database };

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

function isSet(flag: string | undefined): boolean {
  return flag === 'true' || flag === '1';
}

/** The plagiarism check's text calls (check-tool.md §7): so far the verification before sending. */
export const textChecksRoutes: FastifyPluginAsyncZod<TextChecksRoutesOptions> = async (api, { db }) => {
  api.post(
    '/api/v1/text/validate',
    {
      // a pasted text of up to 1,048,500 characters, url-encoded, is larger than the default body limit
      bodyLimit: 12 * 1024 * 1024,
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['check'],
        summary: 'Verify a text or one file before the check: pages, hash and a verification code; stores nothing',
        description:
          'Codes: 0 bad file format (the extractor message), 1 fewer than 80 symbols (letters and digits), ' +
          '2 no words, 5 more symbols than the maximum (1,048,500) — all with success false and 0 pages; ' +
          '3 letters under 80 % of the symbols, 4 (language en) too many words that are not common in ' +
          'English — warnings with success true and the pages kept; a clean text has code null. ' +
          "The skip flags ('true' or '1') turn the warnings off. Pages = ceil(words / 275).",
        consumes: FORM_TYPES,
        body: TextValidateFormSchema,
        response: { 200: TextValidateResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      void reply.header('cache-control', 'no-store');
      return validateText(db, request.auth, {
        text: body.text,
        upload: request.uploads.find((file) => file.fieldName === 'file'),
        language: body.language === undefined || body.language === '' ? 'en' : body.language,
        skipEnglishWords: isSet(body.skip_english_words_validation),
        skipPercentLetters: isSet(body.skip_percentage_words_validation),
        groupId: body.group_id === undefined || body.group_id === '' ? null : Number(body.group_id),
      });
    },
  );
};

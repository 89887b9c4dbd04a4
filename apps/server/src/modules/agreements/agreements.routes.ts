import { AgreementResponseSchema } from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../http/auth-context.ts';
import { parseAgreement, recordAgreements } from './agreements.service.ts';

export const agreementsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.post(
    '/api/v1/agreement/create/:type/:version/',
    {
      config: { form: true },
      schema: {
        tags: ['session'],
        summary:
          'Record that the user accepted an agreement (terms, privacy, info; versions 2018-05-24, 2018-09-12; the Moodle ' +
          "plugin's moodle-plugin 2019-04-11, with an LMS token: G-TOKEN::hash names the member)",
        description: 'Idempotent: accepting again keeps the first acceptance. The form repeats type and version.',
        params: z.object({ type: z.string().max(20), version: z.string().max(20) }),
        body: z.object({
          type: z.string().max(20).optional(),
          version: z.string().max(20).optional(),
          _csrf_token: z.string().max(200).optional(),
        }),
        response: { 200: AgreementResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.is_guest) throw new AppError('unauthorized');
      const { body, params } = request;
      if (
        (body.type !== undefined && body.type !== params.type) ||
        (body.version !== undefined && body.version !== params.version)
      ) {
        throw new AppError('validation_failed', { fields: { type: 'must match the path' } });
      }
      const [record] = await recordAgreements(db, user.id, [parseAgreement(params.type, params.version)], request.ip);
      if (record === undefined) throw new Error('no agreement recorded');
      return {
        success: true as const,
        // an LMS client's call (issue 19: the Moodle plugin's agreement) gets no message: it reads any as an error
        ...(request.auth.lms === undefined ? { message: 'Agreement recorded' } : {}),
        data: { type: record.type, version: record.version, accepted_at: record.accepted_at.toISOString() },
      };
    },
  );
};

import {
  ERRORS,
  errorI18nKey,
  PortalRegistrationFormSchema,
  PortalRegistrationResponseSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { consumeBotSolution } from '../botcheck/botcheck.service.ts';
import { PORTAL_LOGIN_PATH, portalQuery, registerForPortal } from './portal.service.ts';

export type PortalRoutesOptions = { db: Database; appSecret: string; authRateLimitPerMinute: number };

/** The activity-report portal's sign-up (commerce-and-cabinet.md §7: activity-tool registration). */
export const portalRoutes: FastifyPluginAsyncZod<PortalRoutesOptions> = async (api, { db, appSecret, ...options }) => {
  api.post(
    '/integrito/registration/',
    {
      config: { form: true, rateLimit: { max: options.authRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['portal'],
        summary: 'Sign up for the activity-report tool (bot check required)',
        description:
          'A visitor gets an account without a password and should then ask POST /forgot_password (portal=integrito) ' +
          'for the password-setting e-mail (needs_password). A logged-in user leaves out email. An existing e-mail ' +
          'answers 409 with redirect true and url the portal login, query kept.',
        body: PortalRegistrationFormSchema,
        response: {
          200: PortalRegistrationResponseSchema,
          409: PortalRegistrationResponseSchema.extend({
            error: z.object({ code: z.string(), key: z.string() }),
          }),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await consumeBotSolution(db, appSecret, body['integrito-security-token']);
      try {
        const { user, isNew } = await registerForPortal(
          db,
          request.auth.user,
          {
            email: body.email,
            role: body.role,
            schoolName: body.school_name,
            howCanHelp: body.how_can_help,
            terms: body.terms,
            info: body.info,
            invite: body['integrito-invite'],
            query: body.query,
          },
          request.ip,
        );
        request.log.info({ userId: user.id, isNew }, 'portal registration');
        return {
          success: true,
          redirect: false,
          message: isNew
            ? 'Registration successful. Please check your e-mail to set your password.'
            : 'Registration successful',
          url: null,
          needs_password: isNew,
        };
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'email_taken') throw error;
        return reply.status(409).send({
          success: false,
          redirect: true,
          message: ERRORS.email_taken.message,
          url: PORTAL_LOGIN_PATH + portalQuery(body.query),
          error: { code: 'email_taken', key: errorI18nKey('email_taken') },
        });
      }
    },
  );
};

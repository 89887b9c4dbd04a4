import {
  AccountEmailResponseSchema,
  EMAIL_VERIFIED_QUERY,
  ForgotPasswordFormSchema,
  FORGOT_PASSWORD_SENT_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  ResendVerificationFormSchema,
  RESET_CODE_VALID_MESSAGE,
  ResetCodeFormSchema,
  ResetPasswordFormSchema,
  VERIFICATION_SENT_MESSAGE,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { requireUser, SESSION_COOKIE } from '../../http/auth-context.ts';
import {
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  validateResetCode,
  verifyEmailCode,
  type AccountEmailDeps,
} from './account-email.service.ts';

export type AccountEmailRoutesOptions = AccountEmailDeps & { authRateLimitPerMinute: number };

/**
 * E-mail verification and password reset (check-tool.md §3 hasToVerifyEmail; commerce-and-cabinet.md
 * §2, §4, §7). Paths are the spec's: the activity-report portal posts to the same ones.
 */
export const accountEmailRoutes: FastifyPluginAsyncZod<AccountEmailRoutesOptions> = async (api, options) => {
  const { authRateLimitPerMinute, ...deps } = options;
  const { db } = deps;
  // Per address (IP), as login and sign-up; per account the service counts the e-mails sent.
  const authRateLimit = { max: authRateLimitPerMinute, timeWindow: '1 minute' };

  api.get(
    '/verify_email/:code',
    {
      config: { rateLimit: authRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Confirm an e-mail address (the link in the verification e-mail); redirects home',
        params: z.object({ code: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const isVerified = await verifyEmailCode(db, request.params.code);
      request.log.info({ isVerified }, 'e-mail verification link followed');
      void reply.header('cache-control', 'no-store');
      return reply.redirect(`/?${EMAIL_VERIFIED_QUERY}=${isVerified ? '1' : '0'}`, 302);
    },
  );

  api.post(
    '/resend_verification_email',
    {
      config: { form: true, rateLimit: authRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Send a new verification e-mail (at most 3 an hour)',
        body: ResendVerificationFormSchema,
        response: { 200: AccountEmailResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.is_guest) throw new AppError('unauthorized');
      await resendVerificationEmail({ ...deps, logger: request.log }, user);
      return { success: true, message: VERIFICATION_SENT_MESSAGE };
    },
  );

  api.post(
    '/forgot_password',
    {
      config: { form: true, rateLimit: authRateLimit },
      schema: {
        tags: ['session'],
        summary: 'E-mail a password reset link (the same answer whether or not the address has an account)',
        body: ForgotPasswordFormSchema,
        response: { 200: AccountEmailResponseSchema },
      },
    },
    async (request) => {
      await requestPasswordReset({ ...deps, logger: request.log }, request.body.email, request.body.portal);
      return { success: true, message: FORGOT_PASSWORD_SENT_MESSAGE };
    },
  );

  api.post(
    '/validate_reset_password_code',
    {
      config: { form: true, rateLimit: authRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Check a password reset code without using it',
        body: ResetCodeFormSchema,
        response: { 200: AccountEmailResponseSchema },
      },
    },
    async (request) => {
      await validateResetCode(db, request.body.code);
      return { success: true, message: RESET_CODE_VALID_MESSAGE };
    },
  );

  api.post(
    '/reset_password',
    {
      config: { form: true, rateLimit: authRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Set a new password with a reset code; ends every session of the account',
        body: ResetPasswordFormSchema,
        response: { 200: AccountEmailResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = await resetPassword(db, {
        code: request.body.code,
        password: request.body.password,
        confirmPassword: request.body.confirm_password,
      });
      request.log.info({ userId }, 'password reset; every session ended');
      if (request.auth.sessionHash !== null) void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true, message: PASSWORD_RESET_DONE_MESSAGE };
    },
  );
};

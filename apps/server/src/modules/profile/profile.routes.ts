import {
  AccountDeletedResponseSchema,
  PasswordChangedResponseSchema,
  ProfileDeleteFormSchema,
  ProfileEmailFormSchema,
  ProfileFormSchema,
  ProfilePasswordFormSchema,
  ProfileResponseSchema,
} from '@veritext/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { SESSION_COOKIE } from '../../http/auth-context.ts';
import { AppError } from '../../errors.ts';
import { sha256 } from '../auth/secrets.ts';
import { issueSession } from '../auth/session-cookie.ts';
import { findLiveSession, type SessionRecord } from '../auth/sessions.repository.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import { SqlFingerprintStore } from '../reuse/fingerprint-store.ts';
import { deleteAccount } from './account-deletion.ts';
import { changeEmail, changePassword, getProfile, updateProfile, type EmailChangeHooks } from './profile.service.ts';

export type ProfileRoutesOptions = {
  db: Database;
  cookieSecure: boolean;
  authRateLimitPerMinute: number;
} & EmailChangeHooks;

/** A registered user, by session or by their own API token; guests and group tokens have no profile. */
function requireAccount(request: FastifyRequest): UserRecord {
  const user = request.auth.user;
  if (user === null || user.is_guest) throw new AppError('unauthorized');
  return user;
}

export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (api, options) => {
  const { db, cookieSecure } = options;
  const rateLimit = { max: options.authRateLimitPerMinute, timeWindow: '1 minute' };
  const hooks: EmailChangeHooks = { onEmailChanged: options.onEmailChanged };

  /** This browser's session, when its cookie names a live session of this user. */
  async function currentSession(request: FastifyRequest, user: UserRecord): Promise<SessionRecord | null> {
    const id = request.cookies[SESSION_COOKIE];
    if (id === undefined || id === '') return null;
    const session = await findLiveSession(db, sha256(id));
    return session?.user_id === user.id ? session : null;
  }

  /** A new session id for this browser, as persistent and as long-lived as the one it replaces. */
  function renewSession(request: FastifyRequest, reply: FastifyReply, user: UserRecord, old: SessionRecord) {
    return issueSession(db, request, reply, user.id, {
      persistent: old.is_persistent,
      ttlSeconds: old.ttl_seconds,
      cookieSecure,
      endCurrent: false,
    });
  }

  api.get(
    '/api/v1/profile/',
    {
      schema: {
        tags: ['profile'],
        summary: 'The profile: name, e-mail, time zone, language and whether the e-mail is verified',
        response: { 200: ProfileResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: { profile: await getProfile(db, requireAccount(request).id) } };
    },
  );

  api.post(
    '/api/v1/profile/',
    {
      config: { form: true },
      schema: {
        tags: ['profile'],
        summary: 'Change the name (at most 25), the time zone (IANA) and the language (en, es or no)',
        body: ProfileFormSchema,
        response: { 200: ProfileResponseSchema },
      },
    },
    async (request) => {
      const user = requireAccount(request);
      const profile = await updateProfile(db, user.id, request.body);
      return { success: true as const, message: 'Your profile has been updated.', data: { profile } };
    },
  );

  api.post(
    '/api/v1/profile/email/',
    {
      config: { form: true, rateLimit },
      schema: {
        tags: ['profile'],
        summary: 'Change the e-mail address (current password required); the new address needs verifying',
        body: ProfileEmailFormSchema,
        response: { 200: ProfileResponseSchema },
      },
    },
    async (request) => {
      const user = requireAccount(request);
      const profile = await changeEmail(
        db,
        user,
        { email: request.body.email, currentPassword: request.body.current_password },
        hooks,
      );
      return {
        success: true as const,
        message: 'Your e-mail address has been changed. Please confirm it with the link we sent to it.',
        data: { profile },
      };
    },
  );

  api.post(
    '/api/v1/profile/password/',
    {
      config: { form: true, rateLimit },
      schema: {
        tags: ['profile'],
        summary:
          'Change the password (current password required): every other session ends, this one is renewed, and the personal API token is replaced',
        body: ProfilePasswordFormSchema,
        response: { 200: PasswordChangedResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireAccount(request);
      const session = await currentSession(request, user);
      const { apiToken } = await changePassword(db, user, {
        currentPassword: request.body.current_password,
        password: request.body.password,
        confirmPassword: request.body.confirm_password,
      });
      if (session !== null) await renewSession(request, reply, user, session);
      request.log.info({ userId: user.id }, 'password changed; sessions ended, API token replaced');
      return {
        success: true as const,
        message: 'Done! Your password has been successfully updated.',
        data: { api_token: apiToken },
      };
    },
  );

  api.post(
    '/api/v1/profile/delete/',
    {
      config: { form: true, rateLimit },
      schema: {
        tags: ['profile'],
        summary:
          'Delete the account for good (current password required): personal data and checks go; checks made inside an organisation stay with it',
        body: ProfileDeleteFormSchema,
        response: { 200: AccountDeletedResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireAccount(request);
      const data = await deleteAccount(
        db,
        new SqlFingerprintStore(db),
        user,
        request.body.current_password,
        request.log,
      );
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      request.log.info({ userId: user.id, ...data }, 'account deleted');
      return {
        success: true as const,
        message:
          'Your account has been deleted: your personal data, your own checks and their documents are gone. ' +
          'Checks you made inside an organisation stay with that organisation, without your name.',
        data,
      };
    },
  );
};

import {
  AuthProvidersResponseSchema,
  LOGIN_ERROR_PARAM,
  SOCIAL_LOGIN_PARAM,
  type SocialLoginError,
} from '@veritext/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { clearGuestCookie, findRequestGuest } from '../../http/auth-context.ts';
import { handOverGuestChecks } from './guest-transfer.service.ts';
import { signInWithIdentity } from './identities.service.ts';
import { findUserById } from './users.repository.ts';
import { OIDC_FLOW_COOKIE, OIDC_FLOW_TTL_SECONDS, openFlow, returnPathFrom, sealFlow } from './oidc-flow.ts';
import { createOidcClient, SocialLoginFailure, type OidcSettings } from './oidc.service.ts';
import { issueSession } from './session-cookie.ts';
import type { UserRecord } from './users.repository.ts';

export type SocialLoginRoutesOptions = {
  db: Database;
  appSecret: string;
  cookieSecure: boolean;
  /** The site's public origin: the callback URL registered at the provider starts with it. */
  publicUrl: string;
  authRateLimitPerMinute: number;
  /** Google through OpenID Connect; null: not offered (the button is hidden, the routes say so). */
  google: Omit<OidcSettings, 'redirectUri'> | null;
};

const PROVIDER = 'google';
const CALLBACK_PATH = '/auth/google/callback';
const FLOW_COOKIE_PATH = '/auth/google';
// As a password login with "remember me": a social sign-in has no such box, and people expect to stay in.
const SESSION_SECONDS = 30 * 24 * 60 * 60;

/** GET /api/v1/auth/providers/, and Google sign-in: GET /auth/google/start and /auth/google/callback. */
export const socialLoginRoutes: FastifyPluginAsyncZod<SocialLoginRoutesOptions> = async (api, options) => {
  const { db, appSecret, cookieSecure } = options;
  const rateLimit = { max: options.authRateLimitPerMinute, timeWindow: '1 minute' };
  const redirectUri = options.publicUrl + CALLBACK_PATH;
  const google = options.google === null ? null : createOidcClient({ ...options.google, redirectUri });

  /** The same session a password login starts (POST /login_check): a new id, the old one ended. */
  function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRecord): Promise<void> {
    return issueSession(db, request, reply, user.id, { persistent: true, ttlSeconds: SESSION_SECONDS, cookieSecure });
  }

  function backTo(reply: FastifyReply, path: string, param: string, value: string) {
    void reply.header('cache-control', 'no-store');
    return reply.redirect(`${path}?${new URLSearchParams({ [param]: value }).toString()}`, 302);
  }

  function failed(request: FastifyRequest, reply: FastifyReply, path: string, error: unknown) {
    const reason: SocialLoginError = error instanceof SocialLoginFailure ? error.reason : 'failed';
    request.log.warn({ err: error, reason }, 'social sign-in failed');
    return backTo(reply, path, LOGIN_ERROR_PARAM, reason);
  }

  api.get(
    '/api/v1/auth/providers/',
    {
      schema: {
        tags: ['session'],
        summary: 'The outside sign-in providers offered',
        response: { 200: AuthProvidersResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { google: google !== null } }),
  );

  api.get(
    '/auth/google/start',
    {
      config: { rateLimit },
      schema: {
        tags: ['session'],
        summary: 'Starts Google sign-in (redirects to the provider)',
        querystring: z.object({
          return_to: z.string().max(200).optional(),
          lang: z.enum(['en', 'es']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const returnTo = returnPathFrom(request.query.return_to);
      if (google === null) return backTo(reply, returnTo, LOGIN_ERROR_PARAM, 'unavailable');
      try {
        const { url, flow } = await google.begin({ returnTo, language: request.query.lang ?? 'en' });
        const guest = await findRequestGuest(db, request);
        const sealed = guest === null ? flow : { ...flow, guestId: guest.id };
        void reply.setCookie(OIDC_FLOW_COOKIE, sealFlow(appSecret, sealed), {
          path: FLOW_COOKIE_PATH,
          httpOnly: true,
          // Lax: the cookie must come back on the provider's top-level redirect to the callback.
          sameSite: 'lax',
          secure: cookieSecure,
          maxAge: OIDC_FLOW_TTL_SECONDS,
        });
        void reply.header('cache-control', 'no-store');
        return await reply.redirect(url.href, 302);
      } catch (error) {
        return failed(request, reply, returnTo, error);
      }
    },
  );

  api.get(
    CALLBACK_PATH,
    {
      config: { rateLimit },
      schema: { tags: ['session'], summary: "Google's answer: signs the user in (redirects back to the site)" },
    },
    async (request, reply) => {
      const flow = openFlow(appSecret, request.cookies[OIDC_FLOW_COOKIE]);
      // One use: whatever happens now, the flow is over.
      void reply.clearCookie(OIDC_FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      if (flow === null) {
        return failed(request, reply, '/', new SocialLoginFailure('state', 'no valid flow cookie'));
      }
      if (google === null) return backTo(reply, flow.returnTo, LOGIN_ERROR_PARAM, 'unavailable');
      try {
        const query = new URL(request.url, 'http://placeholder').search;
        const identity = await google.complete(new URL(redirectUri + query), flow);
        const { user, outcome } = await signInWithIdentity(db, PROVIDER, identity, flow.language);
        // The sign-in ends the guest state of the browser that started it (as a password login does).
        const guest = flow.guestId === undefined ? null : await findUserById(db, flow.guestId);
        const moved = await handOverGuestChecks(db, guest, user);
        clearGuestCookie(reply, cookieSecure);
        await startSession(request, reply, user);
        request.log.info({ userId: user.id, outcome, ...moved }, 'social sign-in');
        return await backTo(reply, flow.returnTo, SOCIAL_LOGIN_PARAM, PROVIDER);
      } catch (error) {
        return failed(request, reply, flow.returnTo, error);
      }
    },
  );
};

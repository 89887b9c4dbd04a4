import {
  AuthSuccessSchema,
  CredentialsResponseSchema,
  CsrfTokensResponseSchema,
  GUEST_COOKIE_MAX_AGE_SECONDS,
  GUEST_COOKIE_NAME,
  GuestRegistrationFormSchema,
  GuestRegistrationResponseSchema,
  LoginFormSchema,
  LoginJsonResponseSchema,
  RegistrationFormSchema,
  SuccessMessageSchema,
  isTicked,
} from '@veritext/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { clearGuestCookie, findRequestGuest, requireUser, SESSION_COOKIE } from '../../http/auth-context.ts';
import { issueSession } from './session-cookie.ts';
import { ensureCsrfCookie, issueCsrfToken } from '../../http/csrf.ts';
import { SIGNUP_AGREEMENTS } from '../agreements/agreements.service.ts';
import {
  assertGuestLimitNotReached,
  consumeBotSolution,
  createBotChallenge,
  createGuestWithinLimits,
  currentGuestDifficulty,
  guestAddressKey,
} from '../botcheck/botcheck.service.ts';
import type { Metrics } from '../../http/metrics.ts';
import { AppError } from '../../errors.ts';
import { findInvite } from '../invites/invites.service.ts';
import { startEmailVerification, type AccountEmailDeps } from './account-email.service.ts';
import { authenticate, registerGuest, registerUser } from './auth.service.ts';
import { handOverGuestChecks } from './guest-transfer.service.ts';
import { buildCredentials, buildLoginJson, renderAvatarSvg } from './profile.service.ts';
import { deleteSession } from './sessions.repository.ts';
import type { UserRecord } from './users.repository.ts';

export type AuthRoutesOptions = {
  db: Database;
  appSecret: string;
  cookieSecure: boolean;
  authRateLimitPerMinute: number;
  /** GET /altcha/challenge per minute and address (an IPv6 /64 is one address). */
  botChallengeRateLimitPerMinute: number;
  botCheckDifficulty: number;
  /** Guest accounts one address may make in 24 hours (the bot check also grows harder with each). */
  guestDailyLimit: number;
  /** Counts guest sign-ups and refusals. */
  metrics: Pick<Metrics, 'guestAccountsCreated' | 'guestAccountsRefused'>;
  /** Mail for the verification e-mail a new account gets. */
  accountEmail: AccountEmailDeps;
};

const DAY_SECONDS = 24 * 60 * 60;
const PERSISTENT_SESSION_SECONDS = 30 * DAY_SECONDS;
const BROWSER_SESSION_SECONDS = DAY_SECONDS;
const AFTER_LOGIN = '/profile/new-check';

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (api, options) => {
  const { db, appSecret, cookieSecure } = options;
  const authRateLimit = { max: options.authRateLimitPerMinute, timeWindow: '1 minute' };
  const guestLimits = { baseDifficulty: options.botCheckDifficulty, dailyLimit: options.guestDailyLimit };
  // Every challenge counts the address's recent guests (an indexed query): bounded per address, keyed like the
  // guest count (an IPv6 /64 is one address, so rotating within it gains nothing).
  const challengeRateLimit = {
    max: options.botChallengeRateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => guestAddressKey(appSecret, request.ip),
  };

  /** A new session id on every login (no fixation); the previous session of this browser ends. */
  function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRecord, persistent: boolean) {
    const ttlSeconds = persistent ? PERSISTENT_SESSION_SECONDS : BROWSER_SESSION_SECONDS;
    return issueSession(db, request, reply, user.id, { persistent, ttlSeconds, cookieSecure });
  }

  /**
   * A sign-up or login ends this browser's guest state: the guest's checks become the user's, and the
   * guest_data cookie is cleared (the client stops sending its token).
   */
  async function endGuestState(request: FastifyRequest, reply: FastifyReply, user: UserRecord): Promise<void> {
    const moved = await handOverGuestChecks(db, await findRequestGuest(db, request), user);
    if (moved.textChecks + moved.aiChecks > 0)
      request.log.info({ userId: user.id, ...moved }, 'guest checks handed over');
    clearGuestCookie(reply, cookieSecure);
  }

  api.get(
    '/csrf_tokens',
    {
      schema: { tags: ['session'], summary: 'CSRF tokens for form posts', response: { 200: CsrfTokensResponseSchema } },
    },
    async (request, reply) => {
      const cookieValue = ensureCsrfCookie(request, reply, cookieSecure);
      void reply.header('cache-control', 'no-store');
      return {
        token: issueCsrfToken(appSecret, cookieValue, 'form'),
        guest_csrf: issueCsrfToken(appSecret, cookieValue, 'guest'),
      };
    },
  );

  api.get(
    '/altcha/challenge',
    {
      schema: {
        tags: ['session'],
        summary: "A proof-of-work challenge for the bot check (harder with the caller address's recent guests)",
      },
      config: { rateLimit: challengeRateLimit },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const difficulty = await currentGuestDifficulty(db, guestAddressKey(appSecret, request.ip), guestLimits);
      return createBotChallenge(appSecret, difficulty);
    },
  );

  api.get(
    '/login_json',
    { schema: { tags: ['session'], summary: 'Logged-in state', response: { 200: LoginJsonResponseSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return buildLoginJson(db, request.auth.user);
    },
  );

  api.get(
    '/profile/get_credentials',
    { schema: { tags: ['session'], summary: 'The current user', response: { 200: CredentialsResponseSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return buildCredentials(db, requireUser(request));
    },
  );

  api.post(
    '/registration/',
    {
      config: { form: true, rateLimit: authRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Sign up with e-mail and password',
        body: RegistrationFormSchema,
        response: { 200: AuthSuccessSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await consumeBotSolution(db, appSecret, body['security-token-registration']);
      const invite = body.invite === undefined || body.invite === '' ? null : await findInvite(db, body.invite);
      const { user } = await registerUser(db, {
        email: body.email,
        password: body.password,
        name: body.name,
        accountType: invite === null ? body.account_type : 'individual',
        organisationName: body.organisation_name,
        joinGroup: invite === null ? undefined : { groupId: invite.group_id, role: invite.role },
        agreements: isTicked(body.terms) ? SIGNUP_AGREEMENTS : [],
        ip: request.ip,
      });
      await endGuestState(request, reply, user);
      await startSession(request, reply, user, true);
      await startEmailVerification({ ...options.accountEmail, logger: request.log }, user);
      request.log.info({ userId: user.id }, 'user registered');
      return { success: true as const, message: 'Registration successful', data: { redirect: AFTER_LOGIN } };
    },
  );

  api.post(
    '/login_check',
    {
      config: { form: true, rateLimit: authRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Log in with e-mail and password',
        body: LoginFormSchema,
        response: { 200: AuthSuccessSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const user = await authenticate(db, body._username, body._password);
      const remember = body._remember_me === 'on' || body._remember_me === '1' || body._remember_me === 'true';
      await endGuestState(request, reply, user);
      await startSession(request, reply, user, remember);
      return { success: true as const, message: 'Logged in', data: { redirect: AFTER_LOGIN } };
    },
  );

  api.post(
    '/logout',
    {
      config: { form: true },
      schema: {
        tags: ['session'],
        summary: 'Log out',
        body: z.object({ _csrf_token: z.string().max(200).optional() }),
        response: { 200: SuccessMessageSchema },
      },
    },
    async (request, reply) => {
      if (request.auth.sessionHash !== null) await deleteSession(db, request.auth.sessionHash);
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true, message: 'Logged out' };
    },
  );

  api.post(
    '/guest/registration/',
    {
      config: { form: true, csrf: ['guest', 'form'], rateLimit: authRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Create a guest account (bot check required)',
        body: GuestRegistrationFormSchema,
        response: { 200: GuestRegistrationResponseSchema },
      },
    },
    async (request, reply) => {
      const addressHash = guestAddressKey(appSecret, request.ip);
      let guest: UserRecord;
      try {
        await assertGuestLimitNotReached(db, addressHash, guestLimits);
        const solved = await consumeBotSolution(db, appSecret, request.body['guest-security-token']);
        guest = await createGuestWithinLimits(db, {
          addressHash,
          issuedDifficulty: solved.difficulty,
          limits: guestLimits,
          createGuest: () => registerGuest(db),
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'guest_limit_reached') {
          options.metrics.guestAccountsRefused.inc({ reason: 'daily_limit' });
          request.log.warn({ addressHash }, 'guest sign-up refused: daily limit of the address');
        } else if (error instanceof AppError && error.code === 'bot_check_failed') {
          options.metrics.guestAccountsRefused.inc({ reason: 'bot_check' });
        }
        throw error;
      }
      options.metrics.guestAccountsCreated.inc();
      const credentials = await buildCredentials(db, guest);
      const cookie = { api: guest.api_token, balance: credentials.user.balance, signupGuest: true };
      void reply.setCookie(GUEST_COOKIE_NAME, JSON.stringify(cookie), {
        path: '/',
        sameSite: 'strict',
        secure: cookieSecure,
        maxAge: GUEST_COOKIE_MAX_AGE_SECONDS,
      });
      return { success: true as const, data: { user: credentials.user, api: guest.api_token, signupGuest: true } };
    },
  );

  api.get(
    '/avatar/:hash.svg',
    { schema: { hide: true, params: z.object({ hash: z.string().regex(/^[a-f0-9]{32}$/) }) } },
    async (request, reply) => {
      void reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400');
      return renderAvatarSvg(request.params.hash);
    },
  );
};

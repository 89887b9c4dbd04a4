import {
  LmsTokenCreatedResponseSchema,
  LmsTokenCreateFormSchema,
  LmsTokenListResponseSchema,
  LmsTokenResponseSchema,
  TextDocumentResponseSchema,
  TextIdParamsSchema,
  TextSubmitResponseSchema,
} from '@veritext/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { API_TOKEN_HEADER, SESSION_COOKIE, type AuthContext } from '../../http/auth-context.ts';
import { callerKey, checkRateLimit, type CheckLimits } from '../../http/check-rate-limit.ts';
import { sha256 } from '../auth/secrets.ts';
import { findGroupByApiTokenHash, findUserByApiTokenHash, findUserBySessionHash } from '../auth/users.repository.ts';
import type { Caller } from '../groups/group-access.ts';
import { uploadOf } from '../text-checks/text-checks.routes.ts';
import { submitTextCheck, type JobSender } from '../text-checks/text-checks.submit.ts';
import { registerLmsApiV2Routes } from './lms-api-v2.routes.ts';
import { findLmsTokenByText, findMemberByHash, resolveLmsHeader } from './lms-api.auth.ts';
import { pageLanguageOf, renderErrorPage, renderReportPage } from './lms-api.page.ts';
import { documentDetail, lmsSubmitOptions, publicReport, readerFor, submitKeys } from './lms-api.service.ts';
import { autoRegisterMember, createLmsToken, listTokensFor, revokeToken } from './lms-tokens.service.ts';

export type LmsApiRoutesOptions = { db: Database; queue: JobSender; limits: CheckLimits; publicUrl: string };

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const TEXT_BODY_LIMIT = 12 * 1024 * 1024;

const LmsId = z.string().max(100).optional();
const Flag = z.string().max(10).optional();

/** POST /lms/moodle/check-text/: the multipart form the plugin's group submission builds (file part `content`). */
const GroupCheckFormSchema = z.object({
  token: z.string().max(200).describe("The organisation's G- token (the same as X-API-TOKEN's first part)."),
  hash: z.string().max(128).describe("The author's sha256(token + lower(e-mail)): recorded as the check's LMS author."),
  course_id: LmsId,
  assignment_id: LmsId,
  assignment_name: z.string().max(300).optional(),
  course_name: z.string().max(300).optional().describe("The course's name (the newest plugin; optional)."),
  submission_id: LmsId,
  attachment_id: LmsId,
  filename: z.string().max(300).optional(),
  language: z.enum(['en', 'es', '']).optional(),
  skip_english_words_validation: Flag,
  skip_percentage_words_validation: Flag,
  lms: z.string().max(20).optional(),
  include_references: Flag,
  include_quotes: Flag,
  exclude_self_plagiarism: Flag,
  source_min_percent: z.string().max(20).optional(),
  assignment_key: z.string().max(200).optional(),
  ignore_templates_enabled: Flag,
  content: z.string().optional().meta({ format: 'binary' }).describe('The file (multipart only).'),
});

const GroupMemberFormSchema = z.object({ token: z.string().max(200), hash: z.string().max(128) });
const AutoRegistrationFormSchema = z.object({
  token: z.string().max(200),
  name: z.string().max(200),
  email: z.string().max(254),
  role: z.string().max(2).describe('2 Teacher, 3 Student (the plugin sends 2, or 3 on a course-scoped site).'),
  additional_email: z
    .string()
    .max(254)
    .optional()
    .describe('With a login in `email` (moodle-<site>-<username>): the address the account is found or created by.'),
});
const PublicReportFormSchema = z.object({
  'lms-type': z.string().max(20).optional(),
  token: z.string().max(300),
});

/** A live organisation token from a form field, or 401. */
async function groupTokenOf(db: Database, text: string) {
  const token = await findLmsTokenByText(db, text);
  if (token === null || token.group_id === null) throw new AppError('invalid_api_token');
  return token;
}

/** Who the public report form's token is: an LMS token (reads its own checks), or an account's or group's API token. */
async function reportReader(db: Database, token: string, id: number): Promise<Caller> {
  if (token === '' || token.length > 300) throw new AppError('invalid_api_token');
  const lms = await resolveLmsHeader(db, token);
  if (lms !== null) {
    const auth: AuthContext = { user: lms.user, group: lms.group, via: 'api_token', sessionHash: null, lms: lms.lms };
    return readerFor(db, auth, id);
  }
  const tokenHash = sha256(token);
  const user = await findUserByApiTokenHash(db, tokenHash);
  if (user !== null && !user.is_guest) return { user, group: null };
  const group = await findGroupByApiTokenHash(db, tokenHash);
  if (group !== null) return { user: null, group };
  throw new AppError('invalid_api_token');
}

function pageHeaders(reply: FastifyReply): void {
  void reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('x-robots-tag', 'noindex, nofollow')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
}

/**
 * A signed-in person: the session cookie's user. The web client sends the account's token as X-API-TOKEN along
 * with the session cookie (the header then names the caller): accepted when the cookie's session is the same
 * user's. An API token alone (a script, a plugin) is refused.
 */
async function requireSessionUser(db: Database, request: FastifyRequest) {
  const user = request.auth.user;
  if (user === null) throw new AppError('unauthorized');
  if (user.is_guest) throw new AppError('forbidden');
  if (request.auth.via === 'session') return user;
  const sessionId = request.cookies[SESSION_COOKIE];
  if (
    request.auth.via === 'api_token' &&
    request.auth.lms === undefined &&
    sessionId !== undefined &&
    sessionId !== ''
  ) {
    const sessionUser = await findUserBySessionHash(db, sha256(sessionId));
    if (sessionUser?.id === user.id) return user;
  }
  throw new AppError('forbidden');
}

/**
 * The PlagiarismCheck-compatible LMS API (issue 19 part 1): the calls the Moodle plugin (PlagiarismCheck/
 * moodle-plagiarism_pchkorg) makes besides /api/v1/text, and the integrations page's LMS tokens.
 */
export const lmsApiRoutes: FastifyPluginAsyncZod<LmsApiRoutesOptions> = async (
  api,
  { db, queue, limits, publicUrl },
) => {
  const checkLimit = checkRateLimit(api, 'text-check', limits.rate.check);
  registerLmsApiV2Routes(api, db);

  api.post(
    '/lms/moodle/is-group-member/',
    {
      config: { form: true, csrf: false },
      schema: {
        tags: ['lms'],
        summary: "Whether the e-mail behind hash is a member of the G- token's organisation, and auto-registration",
        description:
          'Form: token (G-…), hash = sha256(token + lower(e-mail)). 401 for a token that is not a live ' +
          "organisation LMS token. Cross-site by design (the plugin's server calls it): no CSRF.",
        consumes: FORM_TYPES,
        body: GroupMemberFormSchema,
        response: { 200: z.object({ is_member: z.boolean(), is_auto_registration_enabled: z.boolean() }) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const token = await groupTokenOf(db, request.body.token);
      const member = await findMemberByHash(db, token.group_id ?? 0, request.body.token, request.body.hash);
      return { is_member: member !== null, is_auto_registration_enabled: token.auto_registration };
    },
  );

  api.post(
    '/lms/moodle/auto-registration/',
    {
      config: { form: true, csrf: false },
      schema: {
        tags: ['lms'],
        summary: "Add a person to the G- token's organisation (Teacher 2 or Student 3) when auto-registration is on",
        description:
          'Form: token, name, email, role. Only where the token has auto-registration on (else 403). An unknown ' +
          'address gets an account (no password; it can set one by password reset) and joins; an existing account ' +
          'is invited with the role and joins only by accepting; a member stays as they are. Answers {success: true}.',
        consumes: FORM_TYPES,
        body: AutoRegistrationFormSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      const token = await groupTokenOf(db, request.body.token);
      await autoRegisterMember(db, token, request.body, request.ip);
      return { success: true as const };
    },
  );

  api.post(
    '/lms/moodle/check-text/',
    {
      onRequest: checkLimit,
      bodyLimit: TEXT_BODY_LIMIT,
      config: { form: true, csrf: false },
      schema: {
        tags: ['lms'],
        summary: "An organisation member's submission through the organisation's G- token (charges the organisation)",
        description:
          'multipart/form-data as the plugin builds it: token, hash (the author), course_id, assignment_id, ' +
          'assignment_name, submission_id, attachment_id, filename, language, the skip flags, lms, the filters and the ' +
          'file part `content`; X-API-TOKEN: G-TOKEN::sha256(G-TOKEN + lower(e-mail)) naming the member who sends it ' +
          '(a member now: checked on every call). Answers as POST /api/v1/text: data.text {id, state}; a resend ' +
          'within 24 hours answers the same check.',
        consumes: ['multipart/form-data'],
        body: GroupCheckFormSchema,
        response: { 200: TextSubmitResponseSchema },
      },
    },
    async (request) => {
      const lms = request.auth.lms;
      if (lms === undefined || lms.token.group_id === null || lms.memberUserId === null) {
        throw new AppError('invalid_api_token', {
          message: `Send ${API_TOKEN_HEADER.toUpperCase()}: G-TOKEN::sha256(G-TOKEN + lower(e-mail)) of a member.`,
        });
      }
      const sent = await findLmsTokenByText(db, request.body.token);
      if (sent?.id !== lms.token.id)
        throw new AppError('invalid_api_token', { message: 'token does not match X-API-TOKEN' });
      const body = request.body;
      const authorHash = body.hash.trim().toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(authorHash)) {
        throw new AppError('validation_failed', {
          message: 'hash must be a SHA-256',
          fields: { hash: 'not a SHA-256' },
        });
      }
      const options = lmsSubmitOptions(
        request.auth,
        { ...body, lms: body.lms ?? 'moodle' },
        {
          groupId: null,
          checkAi: false,
          authorHash,
        },
      );
      const upload = request.uploads.find((file) => file.fieldName === 'content') ?? uploadOf(request.uploads);
      const language = body.language === undefined || body.language === '' ? 'en' : body.language;
      const title =
        body.assignment_name === undefined ? undefined : `${body.assignment_name} — ${upload?.fileName ?? ''}`;
      return submitTextCheck(
        db,
        queue,
        request.auth,
        {
          upload,
          language,
          title: upload === undefined ? undefined : title?.slice(0, 200),
          excludeFromIndex: false,
          ...options,
          keys: submitKeys(request, options, { language, fileName: upload?.fileName ?? null }),
          extraction: { key: callerKey(request), maxPerCaller: limits.extractMaxPerCaller },
        },
        request.log,
      );
    },
  );

  api.get(
    '/lms/check-report/:id/',
    {
      schema: {
        tags: ['lms'],
        summary: "A check made with the organisation's G- token, as GET /api/v1/text/{id} answers it",
        description: '?token=G-… (the bare organisation token). Only checks made with that token; others 404.',
        params: TextIdParamsSchema,
        querystring: z.object({ token: z.string().max(300) }),
        response: { 200: TextDocumentResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const token = await groupTokenOf(db, request.query.token);
      const auth: AuthContext = {
        user: null,
        group: null,
        via: 'api_token',
        sessionHash: null,
        lms: { token, memberUserId: null },
      };
      const reader = await readerFor(db, auth, request.params.id);
      return { success: true as const, data: await documentDetail(db, reader, request.params.id, true) };
    },
  );

  api.post(
    '/lms/public-report/:id/',
    {
      config: { form: true, csrf: false },
      schema: {
        tags: ['lms'],
        summary: "The read-only report page the plugin's report button opens (a browser form: lms-type, token)",
        description:
          'HTML. token: an LMS token (its own checks), G-TOKEN::hash of a member, or an account or organisation API ' +
          "token (checks it may read). Another owner's check: 404. The token is never written into the page, its " +
          'headers or links. Cross-site by design: no CSRF; no-store, no-referrer, not framed.',
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        params: TextIdParamsSchema,
        body: PublicReportFormSchema,
      },
    },
    async (request, reply) => {
      pageHeaders(reply);
      const language = pageLanguageOf(request.headers['accept-language']);
      try {
        const reader = await reportReader(db, request.body.token, request.params.id);
        const { document, report } = await publicReport(db, reader, request.params.id);
        return await reply.send(renderReportPage(document, report, language));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const notFound = error.code === 'not_found';
        void reply.code(notFound ? 404 : error.status);
        return reply.send(renderErrorPage(notFound ? 'notFound' : 'badToken', language));
      }
    },
  );

  // the integrations page (/profile/integrations/): LMS tokens of the user and of the organisations they own
  api.get(
    '/api/v1/lms/tokens/',
    {
      schema: {
        tags: ['lms'],
        summary: "The caller's LMS tokens and those of the organisations they own (never the tokens themselves)",
        response: { 200: LmsTokenListResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const user = await requireSessionUser(db, request);
      return { success: true as const, data: { ...(await listTokensFor(db, user)), endpoint: publicUrl } };
    },
  );

  api.post(
    '/api/v1/lms/tokens/',
    {
      config: { form: true },
      schema: {
        tags: ['lms'],
        summary:
          'Create an LMS token (shown once): personal, or with group_id an organisation\'s "G-" token (its owner)',
        description:
          'Form: name, group_id (an organisation the caller owns), check_ai (run the AI check on every LMS ' +
          'submission), auto_registration (organisation tokens: the plugin may add members). A session with CSRF.',
        consumes: FORM_TYPES,
        body: LmsTokenCreateFormSchema,
        response: { 200: LmsTokenCreatedResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const user = await requireSessionUser(db, request);
      const created = await createLmsToken(db, user, request.body);
      return { success: true as const, data: { ...created, endpoint: publicUrl } };
    },
  );

  api.post(
    '/api/v1/lms/tokens/:id/revoke/',
    {
      config: { form: true },
      schema: {
        tags: ['lms'],
        summary: 'Revoke an LMS token: refused from then on (its checks stay)',
        consumes: FORM_TYPES,
        params: TextIdParamsSchema,
        body: z.object({ _csrf_token: z.string().max(200).optional() }).optional(),
        response: { 200: LmsTokenResponseSchema },
      },
    },
    async (request) => {
      const user = await requireSessionUser(db, request);
      return { success: true as const, data: { token: await revokeToken(db, user, request.params.id) } };
    },
  );
};

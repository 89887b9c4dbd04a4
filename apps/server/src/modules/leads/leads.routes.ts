import {
  ContactFormSchema,
  CustomQuoteFormSchema,
  EnquiryFormSchema,
  EnquiryResponseSchema,
  LEAD_ROLES_WITHOUT_LMS,
  LeadOkResponseSchema,
  QuickGuideFormSchema,
  QuickGuideResponseSchema,
  quickGuideUrl,
  type LeadType,
} from '@veritext/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { clearGuestCookie, findRequestGuest } from '../../http/auth-context.ts';
import { consumeBotSolution, guestAddressKey } from '../botcheck/botcheck.service.ts';
import { handOverGuestChecks } from '../auth/guest-transfer.service.ts';
import { issueSession } from '../auth/session-cookie.ts';
import { assertLeadRateLimit, createLeadAccount, recordLead, type LeadsDeps } from './leads.service.ts';

export type LeadsRoutesOptions = Omit<LeadsDeps, 'logger'> & {
  appSecret: string;
  cookieSecure: boolean;
};

const SESSION_SECONDS = 30 * 24 * 60 * 60;
/** Where an auto-registered visitor goes (commerce-and-cabinet.md §2). */
const AFTER_REGISTRATION = '/profile/new-check';
const REQUEST_SUCCESSFUL = '/request-successful/';

/** The public sales forms: a CSRF token (form or guest) and a solved bot check on each; no account needed. */
export const leadsRoutes: FastifyPluginAsyncZod<LeadsRoutesOptions> = async (api, options) => {
  const { db, appSecret, cookieSecure } = options;
  const config = { form: true, csrf: ['form', 'guest'] as ('form' | 'guest')[] };
  const depsOf = (request: FastifyRequest): LeadsDeps => ({
    db,
    mailer: options.mailer,
    salesEmail: options.salesEmail,
    publicUrl: options.publicUrl,
    logger: request.log,
  });

  /** The limits first (cheap, and a refused caller spends no bot solution), then the bot check. */
  async function admit(request: FastifyRequest, type: LeadType, email: string, botToken: string | undefined) {
    const addressHash = guestAddressKey(appSecret, request.ip);
    await assertLeadRateLimit(db, { type, addressHash, email });
    await consumeBotSolution(db, appSecret, botToken);
    return addressHash;
  }

  /** The caller's account when signed in (a guest is not); a group's API token counts as signed in. */
  function signedIn(request: FastifyRequest): { isSignedIn: boolean; userId: number | null } {
    const { user, group } = request.auth;
    if (user !== null && !user.is_guest) return { isSignedIn: true, userId: user.id };
    return { isSignedIn: group !== null, userId: null };
  }

  api.post(
    '/api/v1/forms/enquiry/',
    {
      config,
      schema: {
        tags: ['forms'],
        summary:
          'Institution enquiry ("Get in touch"): stored, mailed to sales; a visitor not signed in gets an account and a session',
        consumes: ['application/x-www-form-urlencoded'],
        body: EnquiryFormSchema,
        response: { 200: EnquiryResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.job === 'Student') throw new AppError('lead_student', { fields: { job: 'student' } });
      const addressHash = await admit(request, 'enquiry', body.email, body['security-token-contact']);
      const withoutLms = LEAD_ROLES_WITHOUT_LMS.includes(body.job);
      const caller = signedIn(request);
      const deps = depsOf(request);
      const account = caller.isSignedIn
        ? null
        : await createLeadAccount(deps, {
            name: body.name,
            email: body.email,
            language: body.language,
            ip: request.ip,
          });
      const lead = await recordLead(
        deps,
        {
          type: 'enquiry',
          name: body.name,
          email: body.email,
          phone: body.phone,
          role: body.job,
          lms: withoutLms ? '' : body.lms,
          numberOfStudents:
            withoutLms || body.number_of_students === undefined ? null : Number(body.number_of_students),
          message: body.message,
          cta: body.cta,
          previousUrl: body.previousURL,
          language: body.language,
        },
        { addressHash, userId: account?.id ?? caller.userId, accountCreated: account !== null },
      );
      if (account !== null) {
        // as a sign-up does (auth.routes.ts): a guest's checks become the account's, then a new session
        const moved = await handOverGuestChecks(db, await findRequestGuest(db, request), account);
        if (moved.textChecks + moved.aiChecks > 0)
          request.log.info({ userId: account.id, ...moved }, 'guest checks handed over');
        clearGuestCookie(reply, cookieSecure);
        await issueSession(db, request, reply, account.id, {
          persistent: true,
          ttlSeconds: SESSION_SECONDS,
          cookieSecure,
        });
        request.log.info({ userId: account.id, leadId: lead.id }, 'account created by an enquiry');
      }
      const prefix = body.language === 'es' ? '/es' : '';
      return {
        success: true as const,
        data: {
          lead_id: lead.id,
          registered: account !== null,
          redirect: account !== null ? AFTER_REGISTRATION : `${prefix}${REQUEST_SUCCESSFUL}`,
        },
      };
    },
  );

  api.post(
    '/api/v1/forms/contact/',
    {
      config,
      schema: {
        tags: ['forms'],
        summary: 'Contact form: stored and mailed to sales',
        consumes: ['application/x-www-form-urlencoded'],
        body: ContactFormSchema,
        response: { 200: LeadOkResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const addressHash = await admit(request, 'contact', body.email, body['security-token-contact']);
      const input = { type: 'contact' as const, name: body.name, email: body.email, message: body.message };
      await recordLead(
        depsOf(request),
        { ...input, language: body.language },
        {
          addressHash,
          userId: signedIn(request).userId,
        },
      );
      return { success: true as const };
    },
  );

  api.post(
    '/api/v1/forms/quick-guide/',
    {
      config,
      schema: {
        tags: ['forms'],
        summary: "Quick-guide form: stored and mailed to sales; answers the guide's address",
        consumes: ['application/x-www-form-urlencoded'],
        body: QuickGuideFormSchema,
        response: { 200: QuickGuideResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const addressHash = await admit(request, 'quick_guide', body.email, body['security-token-contact']);
      await recordLead(
        depsOf(request),
        {
          type: 'quick_guide',
          name: body.name,
          email: body.email,
          phone: body.phone,
          cta: body.cta,
          language: body.language,
        },
        { addressHash, userId: signedIn(request).userId },
      );
      return { success: true as const, data: { url: quickGuideUrl(body.language) } };
    },
  );

  api.post(
    '/send_feedback/request',
    {
      config,
      schema: {
        tags: ['forms'],
        summary: 'Custom quote request: stored and mailed to sales',
        consumes: ['application/x-www-form-urlencoded'],
        body: CustomQuoteFormSchema,
        response: { 200: LeadOkResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const addressHash = await admit(request, 'custom_quote', body.email, body.token);
      await recordLead(
        depsOf(request),
        { type: 'custom_quote', name: body.name, email: body.email, message: body.message, language: body.language },
        { addressHash, userId: signedIn(request).userId },
      );
      return { success: true as const };
    },
  );
};

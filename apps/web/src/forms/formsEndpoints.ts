import type { SiteLanguage } from '@veritext/contracts';
import { solveBotCheck } from '../api/altcha.ts';
import type { ApiClient } from '../api/client.ts';
import type { CsrfCache } from '../api/csrf.ts';
import type * as Schemas from './formsSchemas.ts';

type SchemaName = keyof typeof Schemas;

/** A loader of one schema of formsSchemas.ts (fetched with the first call that needs it). */
function schema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./formsSchemas.ts'))[name];
}

export type EnquiryInput = {
  name: string;
  email: string;
  job: string;
  /** The chosen LMS, or the typed name when Other; absent for roles without one. */
  lms?: string | undefined;
  numberOfStudents?: string | undefined;
  phone: string;
  message: string;
  cta: string;
  previousURL: string;
  language: SiteLanguage;
};
export type EnquiryResult = { leadId: number; registered: boolean; redirect: string };
export type ContactInput = { name: string; email: string; message: string; language: SiteLanguage };
export type QuickGuideInput = { name: string; email: string; phone: string; cta: string; language: SiteLanguage };
export type CustomQuoteInput = { name: string; email: string; message: string; language: SiteLanguage };

/**
 * The bot-check payload, or '' when it could not be obtained (commerce-and-cabinet.md §7: "if missing, an empty value
 * is sent"): the server decides what an empty one is worth.
 */
async function botToken(client: ApiClient): Promise<string> {
  try {
    return await solveBotCheck(client);
  } catch {
    return '';
  }
}

/**
 * The sales forms (commerce-and-cabinet.md §2, §3, §7; issue 18): the enquiry ("Get in touch"), the contact form,
 * the quick-guide request and the custom quote. Each solves the bot check and sends the CSRF token, form-encoded.
 */
export function createFormsEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    async sendEnquiry(input: EnquiryInput): Promise<EnquiryResult> {
      const [bot, { token }] = await Promise.all([botToken(client), csrf.get()]);
      const result = await client.postForm(
        '/api/v1/forms/enquiry/',
        {
          name: input.name.trim(),
          email: input.email.trim(),
          job: input.job,
          lms: input.lms,
          number_of_students: input.numberOfStudents,
          phone: input.phone.trim(),
          message: input.message.trim(),
          cta: input.cta,
          previousURL: input.previousURL,
          language: input.language,
          'security-token-contact': bot,
          _csrf_token: token,
        },
        schema('EnquiryResponseSchema'),
      );
      // An auto-registered visitor is signed in now: the session, and with it the CSRF token, changed.
      if (result.data.registered) csrf.reset();
      return { leadId: result.data.lead_id, registered: result.data.registered, redirect: result.data.redirect };
    },

    async sendContact(input: ContactInput): Promise<void> {
      const [bot, { token }] = await Promise.all([botToken(client), csrf.get()]);
      await client.postForm(
        '/api/v1/forms/contact/',
        {
          name: input.name.trim(),
          email: input.email.trim(),
          message: input.message.trim(),
          language: input.language,
          'security-token-contact': bot,
          _csrf_token: token,
        },
        schema('LeadOkResponseSchema'),
      );
    },

    /** Resolves to the PDF's address. */
    async requestQuickGuide(input: QuickGuideInput): Promise<string> {
      const [bot, { token }] = await Promise.all([botToken(client), csrf.get()]);
      const result = await client.postForm(
        '/api/v1/forms/quick-guide/',
        {
          name: input.name.trim(),
          email: input.email.trim(),
          phone: input.phone.trim(),
          cta: input.cta,
          language: input.language,
          'security-token-contact': bot,
          _csrf_token: token,
        },
        schema('QuickGuideResponseSchema'),
      );
      return result.data.url;
    },

    async sendCustomQuote(input: CustomQuoteInput): Promise<void> {
      const [bot, { token }] = await Promise.all([botToken(client), csrf.get()]);
      await client.postForm(
        '/send_feedback/request',
        {
          name: input.name.trim(),
          email: input.email.trim(),
          message: input.message.trim(),
          language: input.language,
          token: bot,
          _csrf_token: token,
        },
        schema('LeadOkResponseSchema'),
      );
    },
  };
}

import {
  CITATION_MESSAGES,
  CitationCsrfFormSchema,
  CitationEntryResponseSchema,
  CitationFormattedResponseSchema,
  CitationFormSchema,
  CitationHistoryResponseSchema,
  CitationIdParamsSchema,
  CitationLookupQuerySchema,
  CitationLookupResponseSchema,
  CitationRemovedResponseSchema,
  CitationSettingsResponseSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import type { LookupConfig } from './citations.lookup.ts';
import {
  addCitation,
  citationHistory,
  clearHistory,
  formatForm,
  lookupSource,
  removeCitation,
} from './citations.service.ts';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export type CitationsRoutesOptions = {
  db: Database;
  /** CITATION_LOOKUP=on: Open Library and Crossref base URLs; null: the look-up is off. */
  lookup: LookupConfig | null;
  publicUrl: string;
  /** Formatting and look-ups per minute and address (they are public). */
  rateLimitPerMinute: number;
};

/** The citation generator (issue 18): formatting, the signed-in history, the ISBN/DOI look-up. */
export const citationsRoutes: FastifyPluginAsyncZod<CitationsRoutesOptions> = async (api, options) => {
  const { db, lookup, publicUrl, rateLimitPerMinute } = options;
  const perMinute = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };
  const history =
    'A signed-in account (session or personal API token); a visitor 401, a guest or a group token 403 (a guest keeps its history in the browser).';
  const form =
    'style: apa | mla | chicago | harvard | apa-es; type: book | article | webpage | chapter | thesis; source: the source as JSON ' +
    '({title, authors: [{given, family}], editors, container_title, publisher, place, year, published, accessed, edition, ' +
    'volume, issue, pages, url, doi, isbn, university, degree}). Formatted by citeproc-js with the official CSL styles.';

  api.post(
    '/api/v1/citations/format/',
    {
      config: { form: true, csrf: ['form', 'guest'], ...perMinute },
      schema: {
        tags: ['citations'],
        summary: 'Format a reference (public; nothing is stored)',
        description: `Anyone, with a CSRF token. ${form}`,
        security: [],
        consumes: FORM_TYPES,
        body: CitationFormSchema,
        response: { 200: CitationFormattedResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: formatForm(request.body) }),
  );

  api.get(
    '/api/v1/citations/',
    {
      schema: {
        tags: ['citations'],
        summary: "The account's citation history, newest first (at most 100)",
        description: history,
        response: { 200: CitationHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: { citations: await citationHistory(db, request.auth) } };
    },
  );

  api.post(
    '/api/v1/citations/',
    {
      config: { form: true, ...perMinute },
      schema: {
        tags: ['citations'],
        summary: "Format a reference and add it to the account's history (the oldest beyond 100 go)",
        description: `${history} ${form}`,
        consumes: FORM_TYPES,
        body: CitationFormSchema,
        response: { 200: CitationEntryResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: { citation: await addCitation(db, request.auth, request.body) },
    }),
  );

  api.post(
    '/api/v1/citations/:id/delete/',
    {
      config: { form: true },
      schema: {
        tags: ['citations'],
        summary: 'Remove one entry of the history',
        description: `${history} An entry that is not the caller's: 404.`,
        consumes: FORM_TYPES,
        params: CitationIdParamsSchema,
        body: CitationCsrfFormSchema,
        response: { 200: CitationRemovedResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: CITATION_MESSAGES.deleted,
      data: { removed: await removeCitation(db, request.auth, request.params.id) },
    }),
  );

  api.post(
    '/api/v1/citations/clear/',
    {
      config: { form: true },
      schema: {
        tags: ['citations'],
        summary: 'Empty the history',
        description: history,
        consumes: FORM_TYPES,
        body: CitationCsrfFormSchema,
        response: { 200: CitationRemovedResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: CITATION_MESSAGES.cleared,
      data: { removed: await clearHistory(db, request.auth) },
    }),
  );

  api.get(
    '/api/v1/citations/settings/',
    {
      schema: {
        tags: ['citations'],
        summary: 'Whether the ISBN and DOI look-up is on (CITATION_LOOKUP)',
        security: [],
        response: { 200: CitationSettingsResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { lookup: lookup !== null } }),
  );

  api.get(
    '/api/v1/citations/lookup/',
    {
      config: perMinute,
      schema: {
        tags: ['citations'],
        summary: "A book by ISBN (Open Library) or a work by DOI (Crossref), as the form's fields",
        description:
          'Public. Exactly one of isbn and doi. 404 isbn_not_found / doi_not_found when the provider has nothing, ' +
          '404 citation_lookup_disabled unless CITATION_LOOKUP=on, 502 citation_lookup_failed when it does not answer.',
        security: [],
        querystring: CitationLookupQuerySchema,
        response: { 200: CitationLookupResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await lookupSource(lookup, publicUrl, request.query) }),
  );
};

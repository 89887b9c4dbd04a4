import { z } from 'zod';

/*
 * The citation generator (/citation-generator/, check-tool.md §2 and §7; commerce-and-cabinet.md §3 "Citation", §8;
 * issue 18). The server formats with citeproc-js and the official CSL styles and locales (apps/server/src/modules/
 * citations/csl/); the client sends the source's fields and shows the text and HTML it gets back.
 *
 *   POST /api/v1/citations/format/     anyone (rate-limited): the formatted reference, nothing stored
 *   GET  /api/v1/citations/            a signed-in account: its history, newest first
 *   POST /api/v1/citations/            a signed-in account: formats and adds to its history
 *   POST /api/v1/citations/{id}/delete/, POST /api/v1/citations/clear/
 *   GET  /api/v1/citations/settings/   whether the ISBN and DOI look-up is on
 *   GET  /api/v1/citations/lookup/?isbn= | ?doi=   the look-up (Open Library, Crossref) when enabled
 */

/** The styles offered, each an official CSL style (and the locale it is rendered in). */
export const CITATION_STYLES = ['apa', 'mla', 'chicago', 'harvard', 'apa-es'] as const;
export type CitationStyle = (typeof CITATION_STYLES)[number];

export const CITATION_SOURCE_TYPES = ['book', 'article', 'webpage', 'chapter', 'thesis'] as const;
export type CitationSourceType = (typeof CITATION_SOURCE_TYPES)[number];

/** The text fields of a source; which ones a type asks for is CITATION_TYPE_FIELDS. */
export const CITATION_TEXT_FIELDS = [
  'title',
  'container_title',
  'publisher',
  'place',
  'year',
  'published',
  'accessed',
  'edition',
  'volume',
  'issue',
  'pages',
  'url',
  'doi',
  'isbn',
  'university',
  'degree',
] as const;
export type CitationTextField = (typeof CITATION_TEXT_FIELDS)[number];

/** The fields each source type shows, in order (authors first, editors for a chapter). */
export const CITATION_TYPE_FIELDS: Record<CitationSourceType, readonly CitationTextField[]> = {
  book: ['title', 'edition', 'publisher', 'place', 'year', 'isbn', 'doi', 'url'],
  article: ['title', 'container_title', 'year', 'volume', 'issue', 'pages', 'doi', 'url'],
  webpage: ['title', 'container_title', 'published', 'accessed', 'url'],
  chapter: ['title', 'container_title', 'edition', 'publisher', 'place', 'year', 'pages', 'isbn', 'doi', 'url'],
  thesis: ['title', 'degree', 'university', 'place', 'year', 'url'],
};

/** The types that take editors (the book a chapter is in). */
export const CITATION_TYPES_WITH_EDITORS: readonly CitationSourceType[] = ['chapter'];

/** At most this many authors or editors, and this many entries in a signed-in history (the oldest go). */
export const CITATION_PEOPLE_MAX = 20;
export const CITATION_HISTORY_MAX = 100;
/** A guest's history, kept in this browser's local storage. */
export const CITATION_GUEST_HISTORY_MAX = 30;
export const CITATION_GUEST_STORAGE_KEY = 'citationHistory';

export const CITATION_MESSAGES = {
  copied: 'Text successfully copied to clipboard',
  deleted: 'The citation was removed from your history.',
  cleared: 'Your citation history is empty now.',
} as const;

const FIELD_MAX = 500;
/** YYYY, YYYY-MM or YYYY-MM-DD. */
export const CITATION_DATE = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;
export const CITATION_YEAR = /^\d{4}$/;

const PersonName = z.string().trim().max(100);
export const CitationPersonSchema = z
  .object({ given: PersonName.default(''), family: PersonName.default('') })
  .refine((person) => person.given !== '' || person.family !== '', { message: 'A name is empty.' });
export type CitationPerson = z.infer<typeof CitationPersonSchema>;

const Text = z.string().trim().max(FIELD_MAX).optional();
const DateText = z
  .string()
  .trim()
  .refine((value) => value === '' || CITATION_DATE.test(value), { message: 'Use YYYY, YYYY-MM or YYYY-MM-DD.' })
  .optional();

/** A source as the form fills it in (every text field optional but the title). */
export const CitationSourceSchema = z.object({
  title: z.string().trim().min(1).max(FIELD_MAX),
  authors: z.array(CitationPersonSchema).max(CITATION_PEOPLE_MAX).default([]),
  editors: z.array(CitationPersonSchema).max(CITATION_PEOPLE_MAX).default([]),
  container_title: Text,
  publisher: Text,
  place: Text,
  year: z
    .string()
    .trim()
    .refine((value) => value === '' || CITATION_YEAR.test(value), { message: 'Use a four-digit year.' })
    .optional(),
  published: DateText,
  accessed: DateText,
  edition: Text,
  volume: Text,
  issue: Text,
  pages: Text,
  url: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), { message: 'Use an http(s) address.' })
    .optional(),
  doi: Text,
  isbn: Text,
  university: Text,
  degree: Text,
});
export type CitationSource = z.infer<typeof CitationSourceSchema>;
/** What the client sends before defaults (authors and editors may be left out). */
export type CitationSourceInput = z.input<typeof CitationSourceSchema>;

/** The JSON of a source inside a form field. */
const SourceJson = z
  .string()
  .max(40_000)
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'source is not JSON.' });
      return z.NEVER;
    }
  })
  .pipe(CitationSourceSchema);

/** POST /api/v1/citations/format/ and POST /api/v1/citations/ (form-encoded: `source` is the source as JSON). */
export const CitationFormSchema = z.object({
  style: z.enum(CITATION_STYLES),
  type: z.enum(CITATION_SOURCE_TYPES),
  source: SourceJson,
  _csrf_token: z.string().max(200).optional(),
});
export type CitationForm = z.infer<typeof CitationFormSchema>;

export const FormattedCitationSchema = z.object({ text: z.string(), html: z.string() });
export type FormattedCitation = z.infer<typeof FormattedCitationSchema>;

export const CitationFormattedResponseSchema = z.object({
  success: z.literal(true),
  data: FormattedCitationSchema,
});

export const CitationEntrySchema = z.object({
  id: z.number().int(),
  style: z.enum(CITATION_STYLES),
  type: z.enum(CITATION_SOURCE_TYPES),
  source: CitationSourceSchema,
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type CitationEntry = z.infer<typeof CitationEntrySchema>;

export const CitationEntryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ citation: CitationEntrySchema }),
});

export const CitationHistoryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ citations: z.array(CitationEntrySchema) }),
});

export const CitationIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const CitationCsrfFormSchema = z.object({ _csrf_token: z.string().max(200).optional() }).optional();

export const CitationRemovedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ removed: z.number().int() }),
});

export const CitationSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ lookup: z.boolean() }),
});

/** GET /api/v1/citations/lookup/: exactly one of isbn and doi. */
export const CitationLookupQuerySchema = z
  .object({
    isbn: z.string().trim().max(40).optional(),
    doi: z.string().trim().max(300).optional(),
  })
  .refine((query) => (query.isbn === undefined) !== (query.doi === undefined), {
    message: 'Give either isbn or doi.',
  });

export const CitationLookupResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ type: z.enum(CITATION_SOURCE_TYPES), source: CitationSourceSchema }),
});
export type CitationLookupResponse = z.infer<typeof CitationLookupResponseSchema>;

/** An ISBN-10 or ISBN-13 with its check digit, hyphens and spaces removed; null when it is not one. */
export function normaliseIsbn(raw: string): string | null {
  const isbn = raw.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(isbn)) {
    let sum = 0;
    for (let i = 0; i < 10; i += 1) sum += (isbn[i] === 'X' ? 10 : Number(isbn[i])) * (10 - i);
    return sum % 11 === 0 ? isbn : null;
  }
  if (/^\d{13}$/.test(isbn)) {
    let sum = 0;
    for (let i = 0; i < 13; i += 1) sum += Number(isbn[i]) * (i % 2 === 0 ? 1 : 3);
    return sum % 10 === 0 ? isbn : null;
  }
  return null;
}

/** A DOI ("10.prefix/suffix"), without a resolver address or "doi:" before it; null when it is not one. */
export function normaliseDoi(raw: string): string | null {
  const doi = raw
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '');
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : null;
}

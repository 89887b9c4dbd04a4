import { z } from 'zod';
import { SITE_LANGUAGES } from './languages.ts';
import { TEXTAREA_MAX_LENGTH } from './constants.ts';
import { AiAssessmentSchema } from './ai-check.ts';
import { DOCUMENT_SORTS, DOCUMENT_STATUS_FILTERS } from './folders.ts';

/**
 * The plagiarism check of a text or a file (check-tool.md §3, §4, §7): POST /api/v1/text (and
 * /api/v1/text/create when negative balance is allowed), GET /api/v1/text/{id}, GET
 * /api/v1/text/report/{id}, the AI part of a document (GET /api/v1/fingerprint/text-status/{id}/?type=3,
 * POST /api/v1/fingerprint/send-text/{id}/), and the documents list of My Documents (GET /api/v1/text/).
 */

/**
 * A checked document's state (`data.state`, check-tool.md §4): the client polls while it is 3 and
 * fetches the report at 5. Anything else ends the polling: 4 means the check failed (its pages were
 * released).
 */
export const TEXT_STATE = { inProgress: 3, failed: 4, ready: 5 } as const;
export type TextState = (typeof TEXT_STATE)[keyof typeof TEXT_STATE];

export const TEXT_CHECK_MESSAGES = {
  duplicate: 'You submitted this text less than 10 seconds ago',
  inProgress: 'Text is already in progress',
  failed: 'The check failed. Your pages were returned to your balance. Please try again.',
} as const;

/** The same text again from the same account within this many seconds is refused. */
export const DUPLICATE_TEXT_WINDOW_SECONDS = 10;

const SkipFlag = z.string().max(10).optional();
const GroupId = z
  .string()
  .regex(/^\d{0,9}$/)
  .optional()
  .describe('Act inside this group (the caller must be a member): its balance pays.');

const LmsId = z.string().max(100).optional();
/**
 * What LMS clients written for the PlagiarismCheck API send with a check (issue 19; modules/lms-api): the client
 * (lms=moodle marks the check as an LMS submission: resends within 24 hours give the same check back), its opaque
 * ids, and its filters — source_min_percent (0-100, maps to exclude_below_percent), include_quotes,
 * include_references, exclude_self_plagiarism ('0' or '1'; the author is the LMS author), assignment_key and
 * ignore_templates_enabled (recorded with the check; templates are stored by /lms/moodle/assignment/ignore-templates/).
 */
export const LmsSubmitFields = {
  lms: z.string().max(20).optional().describe("The LMS client ('moodle'): an LMS submission."),
  course_id: LmsId,
  assignment_id: LmsId,
  assignment_name: z.string().max(300).optional(),
  course_name: z.string().max(300).optional().describe("The course's name (the newest Moodle plugin)."),
  submission_id: LmsId,
  attachment_id: LmsId,
  source_min_percent: z.string().max(20).optional(),
  assignment_key: z.string().max(200).optional(),
  ignore_templates_enabled: z.string().max(10).optional(),
};

/** POST /api/v1/text and POST /api/v1/text/create (form-encoded or multipart with one `file`, or a file part `text`). */
export const TextSubmitFormSchema = z.object({
  text: z.string().max(TEXTAREA_MAX_LENGTH).optional().describe('The text to check (or upload `file`).'),
  file: z
    .string()
    .optional()
    .meta({ format: 'binary' })
    .describe('multipart/form-data only: one file (doc, docx, pdf, txt, rtf, odt, odp, ppt, pptx; 25 MB at most).'),
  language: z
    .enum([...SITE_LANGUAGES, ''])
    .optional()
    .describe('The language of the site (en, es). Default en.'),
  hash: z
    .string()
    .max(128)
    .optional()
    .describe('The hash POST /api/v1/text/validate answered; a different text than the one verified is refused.'),
  skip_english_words_validation: SkipFlag,
  skip_percentage_words_validation: SkipFlag,
  exclude_from_index: SkipFlag.describe(
    "'true' or '1': the text is checked but never added to the index of checked documents.",
  ),
  title: z
    .string()
    .max(200)
    .optional()
    .describe('A title for My Documents (default: the file name or the first words).'),
  group_id: GroupId,
  check_ai: SkipFlag.describe(
    "'true' or '1': also check the text for AI, for one AI page of the account that pays (held now; refused " +
      'with insufficient_ai_balance when there is none). Otherwise no AI page is spent.',
  ),
  // the report's settings (issue 17, commerce-and-cabinet.md §2 "New check"); changeable later on the report
  exclude_below_percent: z
    .string()
    .max(20)
    .optional()
    .describe('Sources whose share of the text is below this percentage (0–100) leave the similarity list.'),
  exclude_self_plagiarism: SkipFlag.describe(
    "'true' or '1': the documents whose author is custom_author (case-insensitive) are left out.",
  ),
  custom_author: z
    .string()
    .max(200)
    .optional()
    .describe('The author of this document (at most 100 characters); required with exclude_self_plagiarism.'),
  include_quotes: SkipFlag.describe("'true' or '1': quoted passages count as similarity."),
  include_references: SkipFlag.describe("'true' or '1': passages in references count as similarity."),
  ...LmsSubmitFields,
  _csrf_token: z.string().max(200).optional(),
});
export type TextSubmitForm = z.infer<typeof TextSubmitFormSchema>;

export const TextRefSchema = z.object({ id: z.number().int(), state: z.number().int() });

export const TextSubmitResponseSchema = z.object({
  success: z.literal(true),
  /** Never sent on success (issue 19): LMS clients take any `message` as an error. */
  message: z.string().optional(),
  /** SHA-256 of the checked text (the create variant's answer). */
  hash: z.string(),
  data: z.object({ text: TextRefSchema }),
});
export type TextSubmitResponse = z.infer<typeof TextSubmitResponseSchema>;

/** One document of My Documents, and the answer of GET /api/v1/text/{id}. */
export const TextDocumentSchema = z.object({
  id: z.number().int(),
  state: z.number().int().describe('3 in progress, 4 failed, 5 ready.'),
  title: z.string(),
  file_name: z.string().nullable(),
  words: z.number().int(),
  pages: z.number().int(),
  /** Similarity total (identical + changed text), two decimals; null until ready. */
  percent: z.number().nullable(),
  /** The AI check of the document: its status (null when none was run) and AI share (likely + strong). */
  ai_status: z.number().int().nullable(),
  ai_percent: z.number().nullable(),
  group_id: z.number().int().nullable(),
  in_index: z.boolean(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Who submitted it (for teachers: which student); null for a check made by an organisation's token. */
  author: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }).nullable(),
  /** Its folder (issue 17), when the caller may open that folder; null otherwise. */
  folder_id: z.number().int().nullable(),
});
export type TextDocument = z.infer<typeof TextDocumentSchema>;

/**
 * GET /api/v1/text/{id} (and the LMS API's /lms/check-report/{id}/): the document with what LMS clients read —
 * report {id, percent} (percent set once state is 5) and ai_report {processed_percent}. processed_percent is the
 * AI share (0-100) for a check an LMS client submitted; for other checks it is the AI detector's coverage (the
 * share of the text it could assess). null where there is no figure (in progress, failed, no AI check).
 */
export const TextDocumentDetailSchema = TextDocumentSchema.extend({
  report: z.object({ id: z.number().int(), percent: z.number().nullable() }),
  ai_report: z.object({ processed_percent: z.number().nullable() }),
  lms: z.boolean().describe('Submitted by an LMS client (lms field, an LMS token or /lms/moodle/check-text/).'),
});
export type TextDocumentDetail = z.infer<typeof TextDocumentDetailSchema>;

export const TextDocumentResponseSchema = z.object({ success: z.literal(true), data: TextDocumentDetailSchema });

export const TextListQuerySchema = z.object({
  group_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  /** Issue 17: search in the title and the author's name and e-mail (without case). */
  q: z.string().max(200).optional(),
  /** A folder the caller may open (its documents, whoever's they are), or `root`: those in no folder. */
  folder_id: z.union([z.literal('root'), z.coerce.number().int().positive().max(2_147_483_647)]).optional(),
  status: z.enum(DOCUMENT_STATUS_FILTERS).optional(),
  similarity_min: z.coerce.number().min(0).max(100).optional(),
  similarity_max: z.coerce.number().min(0).max(100).optional(),
  ai_min: z.coerce.number().min(0).max(100).optional(),
  ai_max: z.coerce.number().min(0).max(100).optional(),
  /** Made on or after this day (YYYY-MM-DD, UTC). */
  date_from: z.iso.date().optional(),
  /** Made on or before this day (YYYY-MM-DD, UTC). */
  date_to: z.iso.date().optional(),
  sort: z.enum(DOCUMENT_SORTS).default('date_desc'),
});
export type TextListQuery = z.infer<typeof TextListQuerySchema>;

export const TextListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    texts: z.array(TextDocumentSchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});
export type TextListResponse = z.infer<typeof TextListResponseSchema>;

export const TextIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/* ---- the Similarity report (check-tool.md §3) ---- */

export const ReportIndexEntrySchema = z.object({
  type: z.enum(['checked', 'general']),
  db_id: z.string(),
});

/**
 * Whose document a source is, decided for the reader at read time (never stored, never an identity): the
 * reader's own earlier check (its title is shown to its author only), a document checked in the reader's
 * organisation, a document anyone else submitted to this instance, or a document of a reference collection.
 * An internet page is the exception: what it is (its title, its address, when it was fetched) is the same
 * for every reader, so it is stored in the report when the check runs, and the page can leave the cache of
 * fetched pages without the report losing it.
 */
export const ReportSourceOriginSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('own'), title: z.string(), checked_at: z.string() }),
    z.object({ kind: z.literal('organisation') }),
    z.object({ kind: z.literal('instance'), checked_at: z.string().nullable() }),
    z.object({ kind: z.literal('collection'), name: z.string(), title: z.string() }),
    z.object({ kind: z.literal('web'), title: z.string(), url: z.string(), fetched_at: z.string() }),
  ])
  .describe(
    "own: the reader's earlier check (title, checked_at); organisation: checked in the reader's organisation; " +
      'instance: submitted to this instance by someone else (checked_at); collection: a reference collection ' +
      '(name, title); web: a page of the internet (its title, its URL, fetched_at: when it was downloaded).',
  );
export type ReportSourceOrigin = z.infer<typeof ReportSourceOriginSchema>;

export const ReportSourceSchema = z.object({
  /** 1-based position in its list (sources, quSources or reSources). */
  id: z.number().int(),
  enabled: z.boolean(),
  /** The URL, else the title, else the start of the source's text. */
  source: z.string(),
  link: z.object({ name: z.string() }),
  sourceType: z.string(),
  index: z.array(ReportIndexEntrySchema),
  percent: z.number(),
  identical: z.number(),
  changedIndex: z.number(),
  /**
   * Whose document it is, for this reader (documents of this instance and reference collections), or the
   * internet page it is (stored with the report).
   */
  origin: ReportSourceOriginSchema.optional(),
});
export type ReportSource = z.infer<typeof ReportSourceSchema>;

export const ReportNodeSchema = z.object({
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
  /** 1-based ids into sources, quSources, reSources. */
  sources: z.array(z.number().int()),
  quotes: z.array(z.number().int()),
  references: z.array(z.number().int()),
  isIdentical: z.boolean(),
  isChangedIndex: z.boolean(),
  isQuote: z.boolean(),
  isReference: z.boolean(),
  isLikely: z.boolean(),
  isHlikely: z.boolean(),
  percent: z.number(),
  isPublished: z
    .boolean()
    .optional()
    .describe(
      'AI part only: the passage was found in published sources (a reference collection or the internet; not ' +
        "other users' checked documents). It is not marked AI (isLikely and isHlikely are false) and does not " +
        'count toward the AI share. Absent elsewhere.',
    ),
});
export type ReportNode = z.infer<typeof ReportNodeSchema>;

export const ReportPercentsSchema = z.object({
  total: z.number(),
  source: z.number(),
  identical: z.number(),
  'changed-index': z.number(),
  quote: z.number(),
  reference: z.number(),
});

export const PlagiarismReportSchema = z.object({
  nodes: z.array(ReportNodeSchema),
  sources: z.array(ReportSourceSchema),
  quSources: z.array(ReportSourceSchema),
  reSources: z.array(ReportSourceSchema),
  length: z.number().int(),
  percents: ReportPercentsSchema,
});
export type PlagiarismReport = z.infer<typeof PlagiarismReportSchema>;

/**
 * The verdict of a document's AI part when every word of it was found in published sources (a reference
 * collection or the internet): published text is not AI, and nothing is left to judge.
 */
export const AI_PUBLISHED_VERDICT = 'found in published sources';

/**
 * The AI part of the report: the text cut into nodes flagged isLikely / isHlikely (the AI detector's
 * chunks of reliability 1 and 2), the shares, and an error message when the AI check failed or did not
 * check the text. `status` is the AI check's status (null: not run yet). Passages the plagiarism check found
 * in published sources are nodes of their own, isPublished, and left out of the shares (percents.published).
 */
export const AiReportPartSchema = z.object({
  status: z.number().int().nullable(),
  nodes: z.array(ReportNodeSchema),
  percents: z.object({
    processed: z.number(),
    likely: z.number(),
    strong: z.number(),
    /** likely + strong. */
    total: z.number(),
    published: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe(
        'The share of the words found in published sources (nodes with isPublished). When it is above 0, ' +
          'processed, likely, strong and total are shares of the words outside those passages; when every word ' +
          `was found there, they are 0 and the verdict is '${AI_PUBLISHED_VERDICT}'.`,
      ),
  }),
  verdict: z.string().nullable(),
  error: z.string().nullable(),
  /** The verdict as people read it (contracts ai-check.ts AiAssessmentSchema); absent from older servers. */
  assessment: AiAssessmentSchema.nullable().optional(),
});
export type AiReportPart = z.infer<typeof AiReportPartSchema>;

/**
 * What a check was compared with, recorded when it ran (the counts of that moment): the documents checked
 * on this instance (and the organisation's private set when its group keeps its documents apart), each
 * reference collection with its size, and whether the internet was searched (how many searches were made
 * and pages compared, whether the time allowed ran out first) or why it was not.
 */
export const ComparedWithSchema = z
  .object({
    documents: z.array(
      z.object({
        scope: z
          .enum(['instance', 'organisation'])
          .describe("instance: everyone's checked documents; organisation: the organisation's private documents."),
        count: z.number().int(),
      }),
    ),
    collections: z.array(
      z.object({
        name: z.string().describe('The index collection (ref:NAME).'),
        title: z.string(),
        documents: z.number().int(),
      }),
    ),
    internet: z.object({
      searched: z.boolean(),
      reason: z
        .enum(['no_provider', 'provider_auth', 'provider_quota', 'provider_unavailable'])
        .nullable()
        .describe(
          'Why it was not searched (null when it was): no_provider: no search provider is configured on this ' +
            "service; provider_auth: the provider refused the key; provider_quota: the provider's quota is used " +
            'up; provider_unavailable: the provider did not answer.',
        ),
      partial: z
        .boolean()
        .optional()
        .describe(
          'Searched, but the time budget ran out before every planned search was made (absent from reports ' +
            'stored before the internet was searched).',
        ),
      queries: z.number().int().min(0).optional().describe('The searches made.'),
      pages: z.number().int().min(0).optional().describe('The pages the text was compared with.'),
    }),
  })
  .describe('What the text was compared with when it was checked.');
export type ComparedWith = z.infer<typeof ComparedWithSchema>;

/**
 * What a check on this service compares a text with, before it runs (GET /api/v1/check-scope/): whether the
 * internet is searched, so that the progress view names that stage only when it runs.
 */
export const CheckScopeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    internet: z.boolean().describe('A web search provider is configured: checks search the internet.'),
  }),
});
export type CheckScopeResponse = z.infer<typeof CheckScopeResponseSchema>;

/** The settings a report is built with (issue 17; commerce-and-cabinet.md §2 "New check", "Similarity report"). */
export const ReportSettingsSchema = z.object({
  exclude_below_percent: z.number().min(0).max(100),
  exclude_self_plagiarism: z.boolean(),
  custom_author: z.string().nullable(),
  include_quotes: z.boolean(),
  include_references: z.boolean(),
  /** The ignored sources, by their index entry's db_id. */
  ignored_sources: z.array(z.string()),
});
export type ReportSettings = z.infer<typeof ReportSettingsSchema>;

/** A source the settings left out: ignored by a reader, the author's own document, or below the percentage. */
export const ExcludedSourceSchema = ReportSourceSchema.extend({
  reason: z.enum(['ignored', 'self', 'below']),
});
export type ExcludedSource = z.infer<typeof ExcludedSourceSchema>;

export const SimilarityReportSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  plagiarism: PlagiarismReportSchema,
  ai: AiReportPartSchema,
  /** Null for reports made before it was recorded. */
  compared_with: ComparedWithSchema.nullable(),
  cut_at_words: z
    .number()
    .int()
    .optional()
    .describe(
      "Set when only the text's first N words were checked (a guest's check covers one free page, 275 words); " +
        'absent when the whole text was checked.',
    ),
  settings: ReportSettingsSchema.optional().describe('The settings the report is built with.'),
  settings_applicable: z
    .boolean()
    .optional()
    .describe('false: the report was stored before it could be rebuilt, so its settings cannot be applied.'),
  excluded_sources: z
    .array(ExcludedSourceSchema)
    .optional()
    .describe('The sources the settings left out (percent: the share of the text they matched).'),
  only_source: z
    .string()
    .nullable()
    .optional()
    .describe('The report of one source only (?only_source=<db_id>): a view, not stored.'),
  can_change_settings: z
    .boolean()
    .optional()
    .describe(
      "The reader may change the settings and ignore sources: its author, the organisation's owner and teachers.",
    ),
});
export type SimilarityReport = z.infer<typeof SimilarityReportSchema>;

export const SimilarityReportResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: SimilarityReportSchema,
});
export type SimilarityReportResponse = z.infer<typeof SimilarityReportResponseSchema>;

/* ---- the AI check of a document (`fingerprint` calls, type 3) ---- */

export const FingerprintTypeQuerySchema = z.object({
  type: z.string().max(10).optional().describe('3: the AI check; 1: the authorship check (issue 18).'),
});

export const FingerprintSendFormSchema = z
  .object({ type: z.string().max(10).optional(), _csrf_token: z.string().max(200).optional() })
  .optional();

export const TextAiStatusResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** Whether the document can have (or has) an AI check: it is ready and AI pages are available or were spent. */
    enabled: z.boolean(),
    /** The AI check's status (AI_CHECK_STATUS); null when none was sent yet. */
    status: z.number().int().nullable(),
  }),
});
export type TextAiStatusResponse = z.infer<typeof TextAiStatusResponseSchema>;

export const TextAiSendResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.number().int(), status: z.number().int() }),
});

/* ---- deleting a check (issue 13, A5): POST /api/v1/text/{id}/delete/ ---- */

export const CheckDeleteFormSchema = z.object({ _csrf_token: z.string().max(200).optional() }).optional();

export const TextDeletedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    id: z.number().int(),
    deleted: z.object({
      /** The document's AI check, when it had one. */
      ai_checks: z.number().int(),
      /** Its entry in the reuse index (0 when it was kept out or had not joined). */
      index_entries: z.number().int(),
    }),
  }),
});
export type TextDeletedResponse = z.infer<typeof TextDeletedResponseSchema>;

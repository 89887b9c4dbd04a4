import { z } from 'zod';
import { TEXTAREA_MAX_LENGTH } from './constants.ts';

/**
 * The stand-alone AI detector (check-tool.md §3, §4, §7): POST /api/v1/chat-gpt/, GET
 * /api/v1/chat-gpt/{id}/ and POST /api/v1/chat-gpt/mark/{id}/.
 */

/**
 * AI check statuses (check-tool.md §4): 1 and 2 in progress; 3 failed; 5/6/7 too short, 8 too long,
 * 9 language not supported (not checked); anything else is done (we use 4).
 */
export const AI_CHECK_STATUS = {
  queued: 1,
  processing: 2,
  failed: 3,
  done: 4,
  too_short: 5,
  too_long: 8,
  unsupported_language: 9,
} as const;
export type AiCheckStatus = (typeof AI_CHECK_STATUS)[keyof typeof AI_CHECK_STATUS];

export const AI_FORCE_LANGUAGES = ['en', 'es'] as const;

/** The spec's numeric `code` of the POST reply: 0 accepted, 1 no AI pages left (check-tool.md §8). */
/**
 * The AI detector's codes (check-tool.md §8): 1 no AI pages left; 2 the account's subscription has ended (the
 * server's message, with a Subscribe button).
 */
export const AI_CHECK_CODE = { ok: 0, noAiPages: 1, subscriptionEnded: 2 } as const;

export const AI_MARK_THANKS = 'Thank you so much! You help us get better.';

/**
 * The verdict people read at a glance: three bands, from the detector's level (one of the six verdicts) and the
 * evidence behind it. On the detector's validation texts (the test side of bench:ai; packages/ai/model/
 * calibration.json counts them by level, style and length; figures for model 1.0.0):
 * - "human-written" and "likely human" are the human band: with the two rules below, 75 % of English and 86 % of
 *   Spanish human texts get it, and 13 % and 5 % of AI texts;
 * - "potentially AI", below the headline's line, is given to 21 % of English and 11 % of Spanish human texts and to
 *   60 % and 52 % of AI texts: the two overlap too much for a call either way, so it is the uncertain band, and its
 *   level's name (which would call one human text in five "potentially AI") is not shown;
 * - "likely AI" and above (the headline, `flagged`) no validation human text reached: the AI band.
 * Two things make any text uncertain whatever its level: a style the model was not trained on (`unfamiliar`: the
 * detector caps its verdict, and a low level means as little as a high one), and fewer than AI_SHORT_WORDS words,
 * where the thresholds rest on a handful of calibration texts (12 English and 7 Spanish human ones).
 */
export const AI_VERDICT_BANDS = ['human', 'uncertain', 'ai'] as const;
export type AiVerdictBand = (typeof AI_VERDICT_BANDS)[number];

/** Why a text is in the uncertain band: its level is where human and AI texts overlap, its style is unfamiliar, or it is short. */
export const AI_UNCERTAIN_REASONS = ['overlap', 'unfamiliar', 'short'] as const;
export type AiUncertainReason = (typeof AI_UNCERTAIN_REASONS)[number];

/** A text with fewer words than this is too short for a confident call either way. */
export const AI_SHORT_WORDS = 50;

/** The detector's six verdicts, in order (packages/ai detect.ts VERDICTS), and the first the headline flags. */
export const AI_VERDICT_LEVELS = [
  'human-written',
  'likely human',
  'potentially AI',
  'likely AI',
  'highly likely AI',
  'most likely AI',
] as const;
export const AI_FLAG_LEVEL = 3;

/** What the detector said of a text: its verdict, and (where known) whether its style was unfamiliar and its words. */
export interface AiEvidence {
  readonly verdict: string | null;
  readonly unfamiliar?: boolean | null;
  readonly words?: number | null;
}

/** How a verdict is read: its band, why it is uncertain, and the detector's level where its name fits the evidence. */
export interface AiVerdictReading {
  readonly band: AiVerdictBand;
  readonly reason: AiUncertainReason | null;
  /** One of the six verdicts, shown beside the band; null in the uncertain band, where the level says more than the evidence. */
  readonly level: string | null;
}

/** The one mapping from the detector's evidence to what people read; null when there is no verdict (not checked). */
export function aiVerdictReading(evidence: AiEvidence): AiVerdictReading | null {
  const level = evidence.verdict === null ? -1 : (AI_VERDICT_LEVELS as readonly string[]).indexOf(evidence.verdict);
  if (level < 0) return null;
  const uncertain = (reason: AiUncertainReason): AiVerdictReading => ({ band: 'uncertain', reason, level: null });
  if (evidence.unfamiliar === true) return uncertain('unfamiliar');
  if (evidence.words != null && evidence.words < AI_SHORT_WORDS) return uncertain('short');
  if (level >= AI_FLAG_LEVEL) return { band: 'ai', reason: null, level: evidence.verdict };
  if (level === AI_FLAG_LEVEL - 1) return uncertain('overlap');
  return { band: 'human', reason: null, level: evidence.verdict };
}

/**
 * How many texts of measured evidence got each band: the detector's tests (packages/ai model/calibration.json
 * counts texts by level, style and words) summed through aiVerdictReading, the mapping the result shows.
 */
export function aiBandCounts(cells: Iterable<AiEvidence & { readonly count: number }>): Record<AiVerdictBand, number> {
  const counts: Record<AiVerdictBand, number> = { human: 0, uncertain: 0, ai: 0 };
  for (const cell of cells) {
    const reading = aiVerdictReading(cell);
    if (reading !== null) counts[reading.band] += cell.count;
  }
  return counts;
}

/** The band of a verdict alone (a list that has no more of the evidence), or null when there is none. */
export function aiVerdictBand(verdict: string | null): AiVerdictBand | null {
  return aiVerdictReading({ verdict })?.band ?? null;
}

/**
 * What the server says of a done AI check beside its verdict (optional: older servers send none): the reading of
 * aiVerdictReading, and how often human texts of its language got the same band on the detector's validation texts.
 */
export const AiAssessmentSchema = z.object({
  band: z.enum(AI_VERDICT_BANDS),
  reason: z
    .enum(AI_UNCERTAIN_REASONS)
    .nullable()
    .describe('Why the band is uncertain: overlap (human and AI texts get this level alike), unfamiliar, short.'),
  level: z
    .string()
    .nullable()
    .describe('The detector level to show beside the band; null where its name says more than the evidence.'),
  lang: z.enum(AI_FORCE_LANGUAGES).nullable(),
  human_share: z
    .number()
    .nullable()
    .describe(
      'Percent (two decimals) of the human-written validation texts of this language that got this band; null when not measured.',
    ),
  human_texts: z.number().int().nullable().describe('How many human-written validation texts human_share is of.'),
});
export type AiAssessment = z.infer<typeof AiAssessmentSchema>;

/**
 * POST /api/v1/chat-gpt/ (form-encoded or multipart). A multipart request may carry one file in the
 * field `file` instead of `text`.
 */
export const AiCheckFormSchema = z.object({
  text: z.string().max(TEXTAREA_MAX_LENGTH).optional().describe('The text to check (or upload `file`).'),
  file: z
    .string()
    .optional()
    .meta({ format: 'binary' })
    .describe('multipart/form-data only: one file (doc, docx, pdf, txt, rtf, odt, odp, ppt, pptx; 25 MB at most).'),
  force_language: z
    .enum([...AI_FORCE_LANGUAGES, ''])
    .optional()
    .describe('Check as this language whatever the detected one (after a "language is not supported" answer).'),
  group_id: z
    .string()
    .regex(/^\d{0,9}$/)
    .optional()
    .describe('Act inside this group (the caller must be a member): its AI pages are used.'),
  _csrf_token: z.string().max(200).optional(),
});
export type AiCheckForm = z.infer<typeof AiCheckFormSchema>;

export const AiCheckCreatedResponseSchema = z.object({
  success: z.literal(true),
  code: z.literal(AI_CHECK_CODE.ok),
  message: z.string(),
  data: z.object({ id: z.number().int(), status: z.number().int() }),
});
export type AiCheckCreatedResponse = z.infer<typeof AiCheckCreatedResponseSchema>;

export const AiChunkSchema = z.object({
  /** [start, end) character offsets in `content`; the chunks tile it. */
  position: z.tuple([z.number().int(), z.number().int()]),
  /** 0 not marked, 1 likely, 2 strong. */
  reliability: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});

/** The AI check result of check-tool.md §3, plus the detector's document score and verdict. */
export const AiCheckResultSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  enabled: z.boolean(),
  content: z.string(),
  chunks: z.array(AiChunkSchema),
  processed_percent: z.number(),
  likely_percent: z.number(),
  strong_percent: z.number(),
  mark: z.enum(['0', '1']).nullable(),
  comment: z.string().nullable(),
  /** 0..1, higher is more likely AI-written; null until checked or when not checked. */
  score: z.number().nullable(),
  /** One of six levels, from "human-written" to "most likely AI"; null when not checked. */
  verdict: z.string().nullable(),
  /** The headline: "likely AI" or higher. */
  flagged: z.boolean(),
  /** The language checked (en, es), null when not known or not supported. */
  lang: z.string().nullable(),
  /** The verdict as people read it (band, level shown, human texts with the same band); absent from older servers. */
  assessment: AiAssessmentSchema.nullable().optional(),
});
export type AiCheckResult = z.infer<typeof AiCheckResultSchema>;

export const AiCheckResultResponseSchema = z.object({ success: z.literal(true), data: AiCheckResultSchema });

/** POST /api/v1/chat-gpt/mark/{id}/ (form-encoded): thumbs up ('1') or down ('0'), once. */
export const AiCheckMarkFormSchema = z.object({
  mark: z.enum(['0', '1']),
  comment: z.string().trim().max(2000).optional(),
  _csrf_token: z.string().max(200).optional(),
});

export const AiCheckMarkResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const AiCheckIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The report type of the PDF download: none for a document's Similarity report, 3 for an AI check's report. */
const ReportType = z
  .string()
  .max(10)
  .optional()
  .describe("Leave out (or '') for the Similarity report of a document; 3 for the report of an AI check.");

/** The language of a report's PDF: en or es (default: the checked text's, else English). */
const ReportLanguage = z
  .enum(['en', 'es', ''])
  .optional()
  .describe("The report's language (en, es); default the checked text's language when Spanish, else en.");

/** POST /profile/fingerprint/download-pdf/{id}/ (form-encoded): `type` (and `language`) in the form or the query. */
export const AiReportFormSchema = z
  .object({ type: ReportType, language: ReportLanguage, _csrf_token: z.string().max(200).optional() })
  .optional();

export const AiReportQuerySchema = z.object({ type: ReportType, language: ReportLanguage });

/** POST /api/v1/chat-gpt/{id}/delete/ (issue 13, A5): the stand-alone AI check is gone, text and result. */
export const AiCheckDeletedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.number().int() }),
});
export type AiCheckDeletedResponse = z.infer<typeof AiCheckDeletedResponseSchema>;

/** GET /api/v1/chat-gpt/: the caller's AI checks, newest first (with group_id: the organisation's). */
export const AiCheckListQuerySchema = z.object({
  group_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** One AI check as the list shows it: no text, only its first words; the verdict and the AI share. */
export const AiCheckSummarySchema = z.object({
  id: z.number().int(),
  status: z.number().int().describe('1, 2 in progress; 4 done; 3 failed; 5 too short, 8 too long, 9 language.'),
  /** The first words of the checked text (at most 80 characters, "…" when cut). */
  title: z.string(),
  file_name: z.string().nullable(),
  words: z.number().int().nullable(),
  /** One of the six levels, from "human-written" to "most likely AI"; null until done. */
  verdict: z.string().nullable(),
  flagged: z.boolean(),
  /** The verdict's band (aiVerdictReading, with the evidence the verdict alone lacks); absent from older servers. */
  band: z.enum(AI_VERDICT_BANDS).nullable().optional(),
  /** The share of the text marked AI (likely + strong), two decimals; null until done. */
  ai_percent: z.number().nullable(),
  group_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type AiCheckSummary = z.infer<typeof AiCheckSummarySchema>;

export const AiCheckListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    checks: z.array(AiCheckSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});
export type AiCheckListResponse = z.infer<typeof AiCheckListResponseSchema>;

/** The parts of the probability bar: the text's characters unmarked, marked likely AI (mixed) and strongly likely AI. */
export type AiSharePart = 'human' | 'mixed' | 'ai';

/**
 * The text's shares as the probability bar shows them, in percent of its characters (0–100, summing to 100):
 * marked strongly likely AI (ai), marked likely AI (mixed), and the rest, unmarked (human).
 */
export function aiTextShares(result: { likely_percent: number; strong_percent: number }): Record<AiSharePart, number> {
  const ai = Math.min(100, Math.max(0, result.strong_percent));
  const mixed = Math.min(100 - ai, Math.max(0, result.likely_percent));
  return { human: Math.max(0, Math.round((100 - ai - mixed) * 100) / 100), mixed, ai };
}

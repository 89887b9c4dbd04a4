import { z } from 'zod';
import { ReportSourceOriginSchema } from './document-check.ts';

/*
 * The settings of a Similarity report and the reader's source tools (issue 17; commerce-and-cabinet.md §2 "New
 * check", "Similarity report"): exclude sources below a percentage, exclude self-plagiarism by author name, include
 * quotes and references, ignore a source, only this source, a passage beside its source.
 */

/** The longest custom author name. */
export const CUSTOM_AUTHOR_MAX_LENGTH = 100;

/** The field messages of the settings (the spec's "custom author cannot be empty"). */
export const REPORT_SETTINGS_MESSAGES = {
  customAuthorEmpty: 'Custom author cannot be empty',
  customAuthorTooLong: `Custom author must be at most ${String(CUSTOM_AUTHOR_MAX_LENGTH)} characters`,
  percentInvalid: 'Please enter a percentage from 0 to 100',
} as const;

const csrf = z.string().max(200).optional();
const flag = z.string().max(10).optional();

/** POST /api/v1/text/{id}/settings/ (form): the report's settings; a flag is on when '1' or 'true'. */
export const ReportSettingsFormSchema = z.object({
  exclude_below_percent: z.string().max(20).optional().describe('0–100; empty: 0.'),
  exclude_self_plagiarism: flag,
  custom_author: z.string().max(200).optional(),
  include_quotes: flag,
  include_references: flag,
  _csrf_token: csrf,
});
export type ReportSettingsForm = z.infer<typeof ReportSettingsFormSchema>;

/** POST /api/v1/text/{id}/sources/ignore/ (form): ignore a source ('1') or include it again ('0'). */
export const ReportSourceIgnoreFormSchema = z.object({
  source: z.string().min(1).max(300).describe("The source's db_id (its index entry)."),
  ignored: z.enum(['1', '0', 'true', 'false']).default('1'),
  _csrf_token: csrf,
});
export type ReportSourceIgnoreForm = z.input<typeof ReportSourceIgnoreFormSchema>;

/** GET /api/v1/text/report/{id}?only_source=<db_id>. */
export const ReportViewQuerySchema = z.object({
  only_source: z.string().min(1).max(300).optional(),
});

/** GET /api/v1/text/report/{id}/sources/passage?source=<db_id>&start=<offset>. */
export const SourcePassageQuerySchema = z.object({
  source: z.string().min(1).max(300),
  start: z.coerce
    .number()
    .int()
    .min(0)
    .max(2_147_483_647)
    .optional()
    .describe('A passage of the checked text (a node start): the matches of the source over it; absent: all.'),
});

/** A piece of text with a little of what comes before and after it. */
export const PassageTextSchema = z.object({
  before: z.string(),
  text: z.string(),
  after: z.string(),
});
export type PassageText = z.infer<typeof PassageTextSchema>;

export const SourcePassageSchema = z.object({
  kind: z.enum(['identical', 'changed']),
  /** Offsets into the checked text. */
  start: z.number().int(),
  end: z.number().int(),
  checked: PassageTextSchema,
  /** The source's passage; null where the reader may not see the source's text. */
  source: PassageTextSchema.nullable(),
});
export type SourcePassage = z.infer<typeof SourcePassageSchema>;

export const SourcePassageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    source: z.object({
      db_id: z.string(),
      name: z.string(),
      sourceType: z.string(),
      origin: ReportSourceOriginSchema.optional(),
    }),
    /**
     * Whether the reader may see the source's text: web pages, reference collections, the reader's own documents and
     * documents of an organisation where the reader is its owner or a teacher. `private`: another user's private
     * document; `gone`: the source's text is no longer kept.
     */
    visible: z.boolean(),
    reason: z.enum(['private', 'gone']).nullable(),
    passages: z.array(SourcePassageSchema),
  }),
});
export type SourcePassageResponse = z.infer<typeof SourcePassageResponseSchema>;

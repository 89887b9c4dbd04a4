import { z } from 'zod';
import { SITE_LANGUAGES } from './languages.ts';
import { CHECK_MIN_CHARACTERS, MIN_LETTERS_PERCENT, TEXTAREA_MAX_LENGTH } from './constants.ts';

/**
 * Verification of a text before the plagiarism check (check-tool.md §4, §5, §7): POST
 * /api/v1/text/validate answers the pages, a hash of the text and a verification code.
 */

/**
 * The spec's verification codes (check-tool.md §4): 0 bad format, 1 too few symbols, 2 too few words,
 * 3 warning percent letters, 4 warning percent English (both warnings keep pages and stay uploadable),
 * 5 maximum symbols. A clean text has no code (null); the spec gives it none.
 */
export const TEXT_VALIDATION_CODE = {
  badFormat: 0,
  tooFewSymbols: 1,
  tooFewWords: 2,
  warningPercentLetters: 3,
  warningPercentEnglish: 4,
  maximumSymbols: 5,
} as const;
export type TextValidationCode = (typeof TEXT_VALIDATION_CODE)[keyof typeof TEXT_VALIDATION_CODE];

/** The most symbols (letters and digits) one text may have: the text area's maximum length (check-tool.md §5, §9). */
export const CHECK_MAX_SYMBOLS = TEXTAREA_MAX_LENGTH;

/** The share of the words of an English text that must be common English words; below it, code 4 (a warning). */
export const MIN_COMMON_ENGLISH_PERCENT = 20;
/** Texts with fewer words than this are not judged for English (too few to tell). */
export const ENGLISH_CHECK_MIN_WORDS = 20;

export const TEXT_VALIDATION_MESSAGES = {
  tooFewSymbols: `Text is too short. Minimum number of symbols required for check (spaces and special characters excluding) - ${String(CHECK_MIN_CHARACTERS)}`,
  tooFewWords: 'Text is too short. It has no words to check.',
  warningPercentLetters: `Minimum percentage of letters: ${String(MIN_LETTERS_PERCENT)}%`,
  warningPercentEnglish: 'Your text contains too many words that are not common in English.',
  maximumSymbols: `Text is too long. Maximum number of symbols allowed for check (spaces and special characters excluding) - ${String(CHECK_MAX_SYMBOLS)}`,
} as const;

/** A skip flag: 'true' or '1' skips the rule; anything else (or nothing) applies it. */
const SkipFlag = z.string().max(10).optional();

/**
 * POST /api/v1/text/validate (form-encoded or multipart). A multipart request may carry one file in
 * the field `file` instead of `text`.
 */
export const TextValidateFormSchema = z.object({
  text: z.string().max(TEXTAREA_MAX_LENGTH).optional().describe('The text to verify (or upload `file`).'),
  file: z
    .string()
    .optional()
    .meta({ format: 'binary' })
    .describe('multipart/form-data only: one file (doc, docx, pdf, txt, rtf, odt, odp, ppt, pptx; 25 MB at most).'),
  language: z
    .enum([...SITE_LANGUAGES, ''])
    .optional()
    .describe('The language of the text (en, es); the English-words warning applies to en only. Default en.'),
  skip_english_words_validation: SkipFlag.describe("'true' or '1': no warning (code 4) for uncommon English words."),
  skip_percentage_words_validation: SkipFlag.describe("'true' or '1': no warning (code 3) for a low share of letters."),
  group_id: z
    .string()
    .regex(/^\d{0,9}$/)
    .optional()
    .describe('Verify for this group (the caller must be a member); nothing is charged.'),
  _csrf_token: z.string().max(200).optional(),
});
export type TextValidateForm = z.infer<typeof TextValidateFormSchema>;

export const TextValidateResponseSchema = z.object({
  success: z
    .boolean()
    .describe('true when the text may be sent for checking: a clean text, or a warning (code 3 or 4).'),
  pages: z.number().int().describe('Pages of the text: ceil(words / 275); 0 when it cannot be checked.'),
  hash: z
    .string()
    .nullable()
    .describe('SHA-256 (hex) of the normalised text; send it with POST /api/v1/text. null on code 0.'),
  message: z.string().describe("The user message of the code; '' for a clean text."),
  code: z
    .number()
    .int()
    .nullable()
    .describe(
      '0 bad format, 1 too few symbols, 2 too few words, 3 warning percent letters, 4 warning percent English, ' +
        '5 maximum symbols; null for a clean text.',
    ),
});
export type TextValidateResponse = z.infer<typeof TextValidateResponseSchema>;

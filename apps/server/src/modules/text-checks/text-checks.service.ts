import { createHash } from 'node:crypto';
import {
  CHECK_MAX_SYMBOLS,
  CHECK_MIN_CHARACTERS,
  ENGLISH_CHECK_MIN_WORDS,
  MIN_COMMON_ENGLISH_PERCENT,
  MIN_LETTERS_PERCENT,
  TEXT_VALIDATION_CODE,
  TEXT_VALIDATION_MESSAGES,
  type SiteLanguage,
  type TextValidateResponse,
} from '@veritext/contracts';
import { EXTRACT_MESSAGES, ExtractError, extractText } from '@veritext/extract';
import { countPages, countSymbols, countWords, normaliseText, STOPWORDS } from '@veritext/text';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { groupActingFor, type Caller } from '../groups/group-access.ts';

/** Who calls; both may be null (a new guest verifies before their account exists). */
export type TextCheckCaller = Caller;

export type TextValidateInput = {
  text?: string | undefined;
  upload?: UploadedFile | undefined;
  language: SiteLanguage;
  skipEnglishWords: boolean;
  skipPercentLetters: boolean;
  groupId: number | null;
};

/**
 * The text a check is about: Unicode NFC, unified line breaks, no-break spaces as spaces, trimmed (the
 * text area trims on blur). Its hash is what POST /api/v1/text compares.
 */
export function canonicalText(text: string): string {
  return normaliseText(text).trim();
}

/** SHA-256 (hex) of the canonical text: the same text with other line endings has the same hash. */
export function textHash(text: string): string {
  return createHash('sha256').update(canonicalText(text), 'utf8').digest('hex');
}

const WORD = /[\p{L}\p{M}'’`-]+/gu;

/**
 * The English-words heuristic: the share of the text's words (runs of letters) that are among the most
 * frequent English function words (STOPWORDS.en). Running English prose has 35-50 % of them; another
 * language, a word list or gibberish has almost none. A text with at least ENGLISH_CHECK_MIN_WORDS
 * words and fewer than MIN_COMMON_ENGLISH_PERCENT % common words gets the warning.
 */
export function commonEnglishPercent(text: string): { words: number; percent: number } {
  let words = 0;
  let common = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0]
      .toLowerCase()
      .replace(/^['’`-]+|['’`-]+$/g, '')
      .replace(/’/g, "'");
    if (word === '') continue;
    words++;
    if (STOPWORDS.en.has(word)) common++;
  }
  return { words, percent: words === 0 ? 100 : (common * 100) / words };
}

function rejected(code: number, message: string, hash: string | null): TextValidateResponse {
  return { success: false, pages: 0, hash, message, code };
}

/** The verification of a text (after extraction), and the canonical text and its word count. */
export type Verified = TextValidateResponse & { text: string; words: number };

/**
 * Verifies a text. Order: 1 fewer than 80 symbols, 2 no words, 5 more symbols than the maximum; then
 * the warnings (pages kept, success true): 3 letters under 80 % of the symbols, 4 too few common
 * English words.
 */
export function verifyText(
  raw: string,
  options: { language: SiteLanguage; skipEnglishWords: boolean; skipPercentLetters: boolean },
): Verified {
  const text = canonicalText(raw);
  const hash = textHash(text);
  const { symbols, letters } = countSymbols(text);
  const words = countWords(text);
  const verdict = ((): TextValidateResponse => {
    if (symbols < CHECK_MIN_CHARACTERS) {
      return rejected(TEXT_VALIDATION_CODE.tooFewSymbols, TEXT_VALIDATION_MESSAGES.tooFewSymbols, hash);
    }
    if (words === 0) return rejected(TEXT_VALIDATION_CODE.tooFewWords, TEXT_VALIDATION_MESSAGES.tooFewWords, hash);
    if (symbols > CHECK_MAX_SYMBOLS) {
      return rejected(TEXT_VALIDATION_CODE.maximumSymbols, TEXT_VALIDATION_MESSAGES.maximumSymbols, hash);
    }
    const pages = countPages(words);
    if (!options.skipPercentLetters && letters * 100 < MIN_LETTERS_PERCENT * symbols) {
      return {
        success: true,
        pages,
        hash,
        message: TEXT_VALIDATION_MESSAGES.warningPercentLetters,
        code: TEXT_VALIDATION_CODE.warningPercentLetters,
      };
    }
    if (!options.skipEnglishWords && options.language === 'en') {
      const english = commonEnglishPercent(text);
      if (english.words >= ENGLISH_CHECK_MIN_WORDS && english.percent < MIN_COMMON_ENGLISH_PERCENT) {
        return {
          success: true,
          pages,
          hash,
          message: TEXT_VALIDATION_MESSAGES.warningPercentEnglish,
          code: TEXT_VALIDATION_CODE.warningPercentEnglish,
        };
      }
    }
    return { success: true, pages, hash, message: '', code: null };
  })();
  return { ...verdict, text, words };
}

/**
 * The text of a request: pasted, or extracted from its one file. A file that cannot be read throws
 * ExtractError (the caller words it); a text and a file together are refused.
 */
export async function requestText(text: string | undefined, upload: UploadedFile | undefined): Promise<string> {
  const hasText = text !== undefined && text.trim() !== '';
  if (upload === undefined) return text ?? '';
  if (hasText) throw new AppError('validation_failed', { fields: { text: 'Send either a text or a file' } });
  return (await extractText(upload.bytes, upload.fileName)).text;
}

/**
 * POST /api/v1/text/validate: verifies a pasted text or one file without storing or charging anything
 * (0 when the file cannot be read, otherwise verifyText's codes).
 */
export async function validateText(
  db: Queryable,
  caller: TextCheckCaller,
  input: TextValidateInput,
): Promise<TextValidateResponse> {
  // with group_id the caller must act in that group (nothing is charged here)
  if (input.groupId !== null) await groupActingFor(db, caller, input.groupId);
  let raw: string;
  try {
    raw = await requestText(input.text, input.upload);
  } catch (error) {
    if (!(error instanceof ExtractError)) throw error;
    return rejected(TEXT_VALIDATION_CODE.badFormat, EXTRACT_MESSAGES[error.code], null);
  }
  const { text: _text, words: _words, ...verdict } = verifyText(raw, input);
  return verdict;
}

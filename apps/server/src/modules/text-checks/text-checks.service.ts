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
import { countPages, countWords, normaliseText, STOPWORDS } from '@veritext/text';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { findMembershipsOfUser, type GroupRecord, type UserRecord } from '../auth/users.repository.ts';

/** Who calls: a user (guest included), a group through its API token, or nobody yet (a new guest verifies first). */
export type TextCheckCaller = { user: UserRecord | null; group: GroupRecord | null };

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

/** Symbols are letters and digits (check-tool.md §5: spaces and special characters not counted). */
export function countSymbols(text: string): { symbols: number; letters: number } {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const digits = text.match(/\p{Nd}/gu)?.length ?? 0;
  return { symbols: letters + digits, letters };
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

/** With group_id the caller must be a member of the group (or be the group's own token); nothing is charged. */
async function checkGroup(db: Queryable, caller: TextCheckCaller, groupId: number | null): Promise<void> {
  if (groupId === null) return;
  if (caller.user === null) {
    if (caller.group === null) throw new AppError('unauthorized');
    if (groupId !== caller.group.id || caller.group.is_disabled) throw new AppError('forbidden');
    return;
  }
  const membership = (await findMembershipsOfUser(db, caller.user.id)).find((group) => group.id === groupId);
  if (membership === undefined) throw new AppError('forbidden', { fields: { group_id: 'not a member' } });
  if (membership.is_disabled) throw new AppError('forbidden');
}

function rejected(code: number, message: string, hash: string | null): TextValidateResponse {
  return { success: false, pages: 0, hash, message, code };
}

/**
 * POST /api/v1/text/validate: verifies a pasted text or one file without storing or charging anything.
 * Order: 0 unreadable file, 1 fewer than 80 symbols, 2 no words, 5 more symbols than the maximum; then the
 * warnings (pages kept, success true): 3 letters under 80 % of the symbols, 4 too few common English words.
 */
export async function validateText(
  db: Queryable,
  caller: TextCheckCaller,
  input: TextValidateInput,
): Promise<TextValidateResponse> {
  await checkGroup(db, caller, input.groupId);
  const hasText = input.text !== undefined && input.text.trim() !== '';
  let raw: string;
  if (input.upload !== undefined) {
    if (hasText) throw new AppError('validation_failed', { fields: { text: 'Send either a text or a file' } });
    try {
      raw = (await extractText(input.upload.bytes, input.upload.fileName)).text;
    } catch (error) {
      if (!(error instanceof ExtractError)) throw error;
      return rejected(TEXT_VALIDATION_CODE.badFormat, EXTRACT_MESSAGES[error.code], null);
    }
  } else {
    raw = input.text ?? '';
  }

  const text = canonicalText(raw);
  const hash = textHash(text);
  const { symbols, letters } = countSymbols(text);
  if (symbols < CHECK_MIN_CHARACTERS) {
    return rejected(TEXT_VALIDATION_CODE.tooFewSymbols, TEXT_VALIDATION_MESSAGES.tooFewSymbols, hash);
  }
  const words = countWords(text);
  if (words === 0) return rejected(TEXT_VALIDATION_CODE.tooFewWords, TEXT_VALIDATION_MESSAGES.tooFewWords, hash);
  if (symbols > CHECK_MAX_SYMBOLS) {
    return rejected(TEXT_VALIDATION_CODE.maximumSymbols, TEXT_VALIDATION_MESSAGES.maximumSymbols, hash);
  }
  const pages = countPages(words);

  if (!input.skipPercentLetters && letters * 100 < MIN_LETTERS_PERCENT * symbols) {
    return {
      success: true,
      pages,
      hash,
      message: TEXT_VALIDATION_MESSAGES.warningPercentLetters,
      code: TEXT_VALIDATION_CODE.warningPercentLetters,
    };
  }
  if (!input.skipEnglishWords && input.language === 'en') {
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
}

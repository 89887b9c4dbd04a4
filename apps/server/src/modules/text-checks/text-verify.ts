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
import { countPages, countSymbols, countWords, normaliseText, STOPWORDS } from '@veritext/text';

/*
 * The verification of a text (check-tool.md §5): pure, so that it runs in the text-work worker threads
 * (text-work.ts), never on the event loop; a text of a million symbols takes a few hundred milliseconds.
 */

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

export function rejected(code: number, message: string, hash: string | null): TextValidateResponse {
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
  const hash = createHash('sha256').update(text, 'utf8').digest('hex');
  const { symbols, letters } = countSymbols(text);
  // a text over the maximum has words (its symbols are letters or digits): it is refused before they are counted
  const words = symbols > CHECK_MAX_SYMBOLS ? 0 : countWords(text);
  const verdict = ((): TextValidateResponse => {
    if (symbols < CHECK_MIN_CHARACTERS) {
      return rejected(TEXT_VALIDATION_CODE.tooFewSymbols, TEXT_VALIDATION_MESSAGES.tooFewSymbols, hash);
    }
    if (symbols > CHECK_MAX_SYMBOLS) {
      return rejected(TEXT_VALIDATION_CODE.maximumSymbols, TEXT_VALIDATION_MESSAGES.maximumSymbols, hash);
    }
    if (words === 0) return rejected(TEXT_VALIDATION_CODE.tooFewWords, TEXT_VALIDATION_MESSAGES.tooFewWords, hash);
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

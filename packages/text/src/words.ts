/** One page is 275 words (check-tool.md §9). */
export const WORDS_PER_PAGE = 275;

/**
 * Word counting of the spec (check-tool.md §5): runs of letters, digits, apostrophes, backticks and
 * hyphens; a run made only of apostrophes, backticks and hyphens does not count.
 */
const WORD_RUN = /[\p{L}\p{M}\p{Nd}'’`-]+/gu;
const PUNCT_ONLY = /^['’`-]+$/u;

export function countWords(text: string): number {
  let count = 0;
  for (const match of text.matchAll(WORD_RUN)) {
    if (!PUNCT_ONLY.test(match[0])) count += 1;
  }
  return count;
}

export function countPages(words: number): number {
  return Math.ceil(words / WORDS_PER_PAGE);
}

const LETTER = /\p{L}/gu;
const DIGIT = /\p{Nd}/gu;

/**
 * Symbols of the spec (check-tool.md §5): letters and digits; spaces and special characters are not
 * counted. The text check's minimum (80) and the AI detector's (250) are in symbols.
 */
export function countSymbols(text: string): { symbols: number; letters: number } {
  let letters = 0;
  for (const _ of text.matchAll(LETTER)) letters++;
  let digits = 0;
  for (const _ of text.matchAll(DIGIT)) digits++;
  return { symbols: letters + digits, letters };
}

import { GUEST_FREE_PAGES, TEXTAREA_MAX_LENGTH, WORDS_PER_PAGE } from '@veritext/contracts';
import { countPages, countWords } from '@veritext/text';

export { TEXTAREA_MAX_LENGTH };

export type TextStats = { words: number; pages: number };

export function textStats(text: string): TextStats {
  const words = countWords(text);
  return { words, pages: countPages(words) };
}

export type CheckButtonLabelKey = 'check.button.freePage' | 'check.button.ai' | 'check.button.plagiarism';

/** The check button's label (check-tool.md §2). */
export function checkButtonLabelKey(options: {
  isGuest: boolean;
  aiMode: boolean;
  words: number;
}): CheckButtonLabelKey {
  if (options.isGuest && options.words > WORDS_PER_PAGE * GUEST_FREE_PAGES) return 'check.button.freePage';
  if (options.aiMode) return 'check.button.ai';
  return 'check.button.plagiarism';
}

/** A guest above the free page sees a warning on the counts. */
export function exceedsGuestFreePages(isGuest: boolean, words: number): boolean {
  return isGuest && words > WORDS_PER_PAGE * GUEST_FREE_PAGES;
}

export function isCheckDisabled(options: { text: string; locked: boolean }): boolean {
  return options.locked || options.text.trim() === '';
}

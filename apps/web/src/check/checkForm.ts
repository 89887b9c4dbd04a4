import { GUEST_FREE_PAGES, TEXTAREA_MAX_LENGTH, WORDS_PER_PAGE } from '@veritext/contracts';
import { countPages, countWords } from '@veritext/text';
import { addFiles, type FileItem } from './fileItems.ts';

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

/** Disabled without text or files, when the form is locked, and while a check is being sent (check-tool.md §2). */
export function isCheckDisabled(options: {
  text: string;
  locked: boolean;
  fileCount?: number;
  isSending?: boolean;
}): boolean {
  if (options.locked || options.isSending === true) return true;
  return options.text.trim() === '' && (options.fileCount ?? 0) === 0;
}

/** The word runs of the spec's counting (check-tool.md §5), the same rule as countWords. */
const WORD_RUN = /[\p{L}\p{M}\p{Nd}'’`-]+/gu;
const PUNCT_ONLY = /^['’`-]+$/u;

/**
 * The text up to the end of its `n`th word (a guest's check is cut to 275 words, an allowed-pages send to
 * 275 times the balance; check-tool.md §5). A text with fewer words is returned whole; countWords of the
 * result is min(n, countWords(text)).
 */
export function firstWords(text: string, n: number): string {
  if (n <= 0) return '';
  if (countWords(text) <= n) return text;
  let count = 0;
  for (const match of text.matchAll(WORD_RUN)) {
    if (PUNCT_ONLY.test(match[0])) continue;
    count += 1;
    if (count === n) return text.slice(0, match.index + match[0].length);
  }
  return text;
}

/**
 * The simulated progress of a sending button, in percent: it rises quickly, then ever slower toward
 * `ceiling` (never reaching it) until the answer completes it to 100.
 */
export function simulatedProgress(
  elapsedMs: number,
  options: { done?: boolean; tauMs?: number; ceiling?: number } = {},
): number {
  if (options.done === true) return 100;
  const tau = options.tauMs ?? 4000;
  const ceiling = options.ceiling ?? 90;
  if (elapsedMs <= 0) return 0;
  return ceiling * (1 - Math.exp(-elapsedMs / tau));
}

/** What the form holds: a text or files, never both (check-tool.md §5). */
export type FormContent = { text: string; files: FileItem[] };

/** Typing a text drops the files. */
export function enterText(content: FormContent, text: string): FormContent {
  return text.trim() === '' ? { text, files: content.files } : { text, files: [] };
}

/** Adding files clears the pasted text (only when a file was really added). */
export function addFilesToForm(
  content: FormContent,
  incoming: readonly File[],
  options: { aiMode: boolean },
): { content: FormContent; added: FileItem[] } {
  const { items, added } = addFiles(content.files, incoming, options);
  if (added.length === 0) return { content, added };
  return { content: { text: '', files: items }, added };
}

/** Removes one file row. */
export function removeFile(content: FormContent, id: string): FormContent {
  return { ...content, files: content.files.filter((item) => item.id !== id) };
}

/**
 * Text handling for `npm run ai:data` (cli/data.ts): normalising text the way ../shared/data/ai was
 * normalised (its README), turning plain text and rendered pages into paragraphs, telling running prose from
 * code, tables and headings, and cutting a document into passages of the size users submit.
 */
import { countWords, hashString, normaliseText } from '@veritext/text';

/**
 * The normalisation of ../shared/data/ai: Unicode NFC, LF line breaks, no BOM, no-break spaces as spaces,
 * runs of spaces and tabs collapsed, no spaces at either end of a line, three or more line breaks collapsed
 * to one blank line, nothing at either end. Zero-width characters are dropped too: the packages' text has them
 * only as typesetting hints (soft hyphens, zero-width spaces), never as content.
 */
export function normalise(text: string): string {
  return normaliseText(text)
    .replace(/\uFEFF|\u00AD|\u200B|\u200C|\u200D|\u2060/g, '')
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Lines of one paragraph, hard-wrapped in the source, joined into one line. */
export function unwrap(block: string): string {
  return normalise(
    block
      .split('\n')
      .map((line) => line.trim())
      .join(' '),
  );
}

/**
 * Paragraphs of a plain-text file: blocks between blank lines, unwrapped. With `dropVerse`, a block of two or
 * more lines most of whose lines are indented by four or more spaces (verse, quoted letters, tables) is left
 * out, since it would read as one run-on line once unwrapped.
 */
export function plainParagraphs(text: string, options: { dropVerse?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const block of normaliseText(text).split(/\n[ \t]*\n/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    if (options.dropVerse === true && lines.length >= 2) {
      const indented = lines.filter((line) => /^(?: {4}|\t)/.test(line)).length;
      if (indented / lines.length > 0.5) continue;
    }
    out.push(unwrap(lines.join('\n')));
  }
  return out;
}

/**
 * Characters that are rare in running prose and common in code, markup and formulas. The slash is not one:
 * a sentence naming a file path is prose.
 */
const CODE_CHARS = /[{}[\]<>=#$|\\_*~^@%&;`]/g;
const LETTERS = /\p{L}/gu;
/** Ends like a sentence: a full stop, question or exclamation mark (or an ellipsis), then closing quotes or brackets. */
const SENTENCE_END = /[.!?…]["'”’»)\]]*$/u;
/**
 * Starts like a sentence: a capital, a digit or opening punctuation, or an identifier such as `open()` or
 * `st_mode` (manual pages start sentences with them); not a lower-case word, as option descriptions do.
 */
const SENTENCE_START = /^(?:[\p{Lu}\p{N}"'“‘«(¿¡[]|[\p{L}\d]*[(_])/u;

/**
 * Whether a paragraph reads as running prose: at least six words, ending like a sentence, mostly letters, and
 * with few of the characters of code, paths and markup. Headings, option descriptions, table rows, command lines
 * and code fail; a sentence that mentions a file name or a function passes.
 */
export function isProse(paragraph: string): boolean {
  const text = paragraph.trim();
  if (countWords(text) < 6 || !SENTENCE_END.test(text) || !SENTENCE_START.test(text)) return false;
  const visible = text.replace(/\s/g, '').length;
  const letters = text.match(LETTERS)?.length ?? 0;
  const code = text.match(CODE_CHARS)?.length ?? 0;
  return letters / visible >= 0.72 && code / text.length <= 0.03;
}

/** Where a long paragraph may be cut: after a sentence end, before what looks like the start of a sentence. */
const SENTENCE_BREAK = /(?<=[.!?…]["'”’»)\]]*)\s+(?=["'“‘«(¿¡]?[\p{Lu}\p{N}])/u;

export interface CutOptions {
  /** Passages aim at a length drawn (deterministically) between these word counts. */
  readonly minWords: number;
  readonly maxWords: number;
  /** Passages shorter than this, in characters, are dropped (the detector's minimum is 250 letters). */
  readonly minChars: number;
  /** What joins two paragraphs in a passage: a blank line for prose, a space for verses of a chapter. */
  readonly joiner: string;
}

export const DEFAULT_CUT: CutOptions = { minWords: 150, maxWords: 600, minChars: 250, joiner: '\n\n' };

interface Unit {
  readonly text: string;
  readonly words: number;
  /** The unit continues the paragraph before it (a long paragraph cut at sentences). */
  readonly continues: boolean;
}

/**
 * Cuts a document's paragraphs into passages such as users submit: whole paragraphs, as many as make up a
 * length drawn per passage between `minWords` and `maxWords` (from the hash of `key` and the passage number,
 * so a rerun cuts the same way). A paragraph longer than `maxWords` is cut at sentence ends. A short tail joins
 * the passage before it when both fit in `maxWords`; passages under `minChars` characters and single sentences
 * over `maxWords` words are dropped.
 */
export function cutPassages(key: string, paragraphs: readonly string[], options: CutOptions = DEFAULT_CUT): string[] {
  const { minWords, maxWords, minChars, joiner } = options;
  const units: Unit[] = [];
  for (const paragraph of paragraphs) {
    const words = countWords(paragraph);
    if (words === 0) continue;
    if (words <= maxWords) {
      units.push({ text: paragraph, words, continues: false });
      continue;
    }
    paragraph.split(SENTENCE_BREAK).forEach((sentence, i) => {
      units.push({ text: sentence, words: countWords(sentence), continues: i > 0 });
    });
  }
  const target = (n: number): number => minWords + (hashString(`${key}:${n}`) % (maxWords - minWords + 1));
  const passages: { text: string; words: number }[] = [];
  let text = '';
  let words = 0;
  /** The passage being built starts inside a paragraph (a long paragraph cut at sentences). */
  let continues = false;
  const flush = (): void => {
    if (words > 0) passages.push({ text, words });
    text = '';
    words = 0;
  };
  for (const unit of units) {
    if (words > 0 && words >= minWords && words + unit.words > target(passages.length)) flush();
    if (words > 0 && words + unit.words > maxWords) flush();
    if (words === 0) continues = unit.continues;
    text = words === 0 ? unit.text : text + (unit.continues ? ' ' : joiner) + unit.text;
    words += unit.words;
  }
  const last = passages.at(-1);
  if (words > 0 && words < minWords && last !== undefined && last.words + words <= maxWords) {
    last.text += (continues ? ' ' : joiner) + text;
    last.words += words;
  } else {
    flush();
  }
  return passages.filter((p) => p.words <= maxWords && p.text.length >= minChars).map((p) => p.text);
}

/** The de-duplication key of ../shared/data/ai: the lower-cased text without its non-word characters. */
export function dedupKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}_]+/gu, '');
}

/**
 * A deterministic sample of at most `cap` items: those whose ids hash lowest under the seed, kept in their
 * original order. The same ids and seed always give the same sample, and adding items to a set changes it only
 * where the new items hash low enough to enter.
 */
export function sampleByHash<T extends { readonly id: string }>(items: readonly T[], cap: number, seed: number): T[] {
  if (items.length <= cap) return [...items];
  const ranked = items.map((item, i) => ({ i, h: hashString(`${seed}:${item.id}`) }));
  ranked.sort((a, b) => a.h - b.h || a.i - b.i);
  const keep = new Set(ranked.slice(0, cap).map((r) => r.i));
  return items.filter((_, i) => keep.has(i));
}

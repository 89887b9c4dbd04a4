/**
 * From a submitted text to what the detector reads: markup blanked out (same length, so offsets
 * hold), look-alike letters and invisible characters undone (with a map back to the original),
 * one scan into tokens and sentences, and the sentences grouped into chunks of about a paragraph.
 */
import { deobfuscate } from '@veritext/text';
import { scan, wordCount, type Scan } from './features.ts';

/** Chunks aim at this many words, never end before MIN unless the text does, and split past MAX. */
export const CHUNK_TARGET_WORDS = 90;
export const CHUNK_MIN_WORDS = 40;
export const CHUNK_MAX_WORDS = 160;

export interface Prepared {
  /** The text the features read: same content as the original, tricks undone. */
  readonly scan: Scan;
  /** Sentence ranges [from, to) of the chunks, in order, covering every sentence. */
  readonly chunks: readonly (readonly [number, number])[];
  toOriginalStart(offset: number): number;
  toOriginalEnd(offset: number): number;
}

const TAG =
  /<\/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]{0,400})?\/?>|<!--[\s\S]{0,4000}?-->|&(?:nbsp|amp|lt|gt|quot|#\d{1,6}|#x[\da-fA-F]{1,6});/g;

/** Markup, carriage returns and no-break spaces become spaces one for one (offsets do not move). */
export function blankMarkup(text: string): string {
  return text
    .replace(TAG, (m) => (m === '&amp;' ? '&' + ' '.repeat(4) : ' '.repeat(m.length)))
    .replace(/[\r\u00A0\u2007\u202F\t\f\v]/g, ' ');
}

export function prepare(original: string): Prepared {
  const cleaned = deobfuscate(blankMarkup(original));
  const s = scan(cleaned.text);
  return {
    scan: s,
    chunks: chunkSentences(s),
    toOriginalStart: (o) => cleaned.toOriginalStart(o),
    toOriginalEnd: (o) => cleaned.toOriginalEnd(o),
  };
}

/** Whether sentence k opens a paragraph (a line break before it). */
function opensParagraph(s: Scan, k: number): boolean {
  const first = s.sentenceStart[k]!;
  if (first === 0) return true;
  const gap = s.text.slice(s.end[first - 1], s.start[first]);
  return gap.includes('\n');
}

/**
 * Greedy grouping of whole sentences into chunks of about CHUNK_TARGET_WORDS. A chunk never runs
 * on into a new paragraph once it has CHUNK_MIN_WORDS, and the short tail of a paragraph joins the
 * chunk before it in that paragraph, so that a paragraph pasted from elsewhere gets chunks of its own.
 */
export function chunkSentences(s: Scan): [number, number][] {
  const sentences = s.sentenceStart.length;
  const chunks: [number, number][] = [];
  const words: number[] = [];
  /** Index of the sentence that opened the paragraph the last closed chunk ended in. */
  let lastChunkParagraph = -1;
  let paragraph = 0;
  let from = 0;
  let n = 0;
  const close = (to: number): void => {
    chunks.push([from, to]);
    words.push(n);
    lastChunkParagraph = paragraph;
    from = to;
    n = 0;
  };
  const tailJoinsPrevious = (): boolean =>
    chunks.length > 0 &&
    lastChunkParagraph === paragraph &&
    n < CHUNK_MIN_WORDS &&
    words[words.length - 1]! + n <= CHUNK_MAX_WORDS * 1.5;
  for (let k = 0; k < sentences; k++) {
    const w = wordCount(s, k, k + 1);
    if (k > 0 && opensParagraph(s, k)) {
      if (n >= CHUNK_MIN_WORDS) close(k);
      else if (n > 0 && tailJoinsPrevious()) {
        chunks[chunks.length - 1]![1] = k;
        words[words.length - 1]! += n;
        from = k;
        n = 0;
      }
      paragraph = k;
    }
    if (n > 0 && n + w > CHUNK_MAX_WORDS && n >= CHUNK_MIN_WORDS) close(k);
    n += w;
    if (n >= CHUNK_TARGET_WORDS) close(k + 1);
  }
  if (from < sentences) {
    const last = chunks[chunks.length - 1];
    if (last !== undefined && n < CHUNK_MIN_WORDS && words[words.length - 1]! + n <= CHUNK_MAX_WORDS * 1.5) {
      last[1] = sentences;
    } else {
      chunks.push([from, sentences]);
    }
  }
  return chunks;
}

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

/** Greedy grouping of whole sentences; a short tail joins the chunk before it. */
export function chunkSentences(s: Scan): [number, number][] {
  const sentences = s.sentenceStart.length;
  const chunks: [number, number][] = [];
  const words: number[] = [];
  let from = 0;
  let n = 0;
  for (let k = 0; k < sentences; k++) {
    const w = wordCount(s, k, k + 1);
    if (n > 0 && n + w > CHUNK_MAX_WORDS && n >= CHUNK_MIN_WORDS) {
      chunks.push([from, k]);
      words.push(n);
      from = k;
      n = 0;
    }
    n += w;
    if (n >= CHUNK_TARGET_WORDS) {
      chunks.push([from, k + 1]);
      words.push(n);
      from = k + 1;
      n = 0;
    }
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

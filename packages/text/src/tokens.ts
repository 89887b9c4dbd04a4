import { hashString } from './hash.ts';
import { stemmerFor } from './stem.ts';
import { STOPWORDS, type Language } from './stopwords.ts';

/** A word of a text with its place: `text.slice(start, end)` is the word as written. */
export interface Token {
  readonly start: number;
  readonly end: number;
  /** Lower-cased Snowball stem without diacritics. */
  readonly stem: string;
  /** One of the language's most frequent function words. */
  readonly isStop: boolean;
  /** A well-spread 32-bit hash of `stem`, computed once per word form (engines key on it). */
  readonly key: number;
}

/** A sentence as a range of tokens [first, last + 1) and of characters [start, end). */
export interface Sentence {
  readonly start: number;
  readonly end: number;
  readonly firstToken: number;
  readonly endToken: number;
}

interface WordInfo {
  readonly word: string;
  readonly stem: string;
  readonly isStop: boolean;
  readonly key: number;
}

/** Word forms seen before, by a hash of their characters taken while scanning (no substring needed on a hit). */
const wordInfo = new Map<Language, Map<number, WordInfo>>();
const MAX_WORDS = 300_000;

/** Words of a text with their stems. Word forms are memoised per language: prose repeats its words. */
export function tokenize(text: string, language: Language): Token[] {
  let memo = wordInfo.get(language);
  if (memo === undefined) {
    memo = new Map<number, WordInfo>();
    wordInfo.set(language, memo);
  }
  const stem = stemmerFor(language);
  const stopwords: ReadonlySet<string> = STOPWORDS[language];
  const tokens: Token[] = [];
  scanWords(text, text.length, (start, end, hash) => {
    const key = (hash ^ (end - start)) & 0x3fffffff;
    let info = memo.get(key);
    if (info === undefined || info.word.length !== end - start || !text.startsWith(info.word, start)) {
      const word = text.slice(start, end);
      const lower = word.toLowerCase();
      const stemmed = stem(lower);
      info = { word, stem: stemmed, isStop: stopwords.has(lower), key: hashString(stemmed) };
      if (memo.size >= MAX_WORDS) memo.clear();
      memo.set(key, info);
    }
    tokens.push({ start, end, stem: info.stem, isStop: info.isStop, key: info.key });
    return true;
  });
  return tokens;
}

/**
 * Calls `visit` for each word in text[0, limit): a run of letters, marks and digits, with apostrophes
 * joining two runs of letters ("don't", "l’eau"), and the FNV-1a hash of its code units. Stops when
 * `visit` returns false.
 */
function scanWords(text: string, limit: number, visit: (start: number, end: number, hash: number) => boolean): void {
  let i = 0;
  while (i < limit) {
    if (!isWordUnit(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let hash = 0x811c9dc5;
    for (;;) {
      for (let unit = text.charCodeAt(i); i < limit && isWordUnit(unit); unit = text.charCodeAt(++i)) {
        hash = Math.imul(hash ^ unit, 0x01000193);
      }
      const c = text.charCodeAt(i);
      if ((c === 39 || c === 0x2019) && i + 1 < limit && isLetterUnit(text.charCodeAt(i + 1))) {
        hash = Math.imul(hash ^ c, 0x01000193);
        i++;
      } else break;
    }
    if (!visit(start, i, hash)) return;
  }
}

// Per UTF-16 unit: 1 letter or digit, 2 letter, 0 neither (computed on first use). Surrogate halves count
// as letters, so astral letters (rare in prose) stay inside their word.
const unitClass = new Uint8Array(65536);
const unitKnown = new Uint8Array(65536);

function classify(unit: number): number {
  if (unitKnown[unit] === 0) {
    const ch = String.fromCharCode(unit);
    unitClass[unit] = unit >= 0xd800 && unit <= 0xdfff ? 3 : /\p{L}|\p{M}/u.test(ch) ? 3 : /\p{N}/u.test(ch) ? 1 : 0;
    unitKnown[unit] = 1;
  }
  return unitClass[unit]!;
}

function isWordUnit(unit: number): boolean {
  if (unit < 128) return (unit >= 97 && unit <= 122) || (unit >= 65 && unit <= 90) || (unit >= 48 && unit <= 57);
  return classify(unit) !== 0;
}

function isLetterUnit(unit: number): boolean {
  if (unit < 128) return (unit >= 97 && unit <= 122) || (unit >= 65 && unit <= 90);
  return (classify(unit) & 2) !== 0;
}

const ABBREVIATIONS = new Set(
  `mr mrs ms dr prof sr sra jr st vs etc e.g i.e fig no vol pp p ed eds inc ltd co corp dept univ approx
  ca cf al gen col lt sgt capt gov pres rev hon dña dra ud uds sres`.split(/\s+/),
);

/**
 * Splits a text into sentences: after ., ! or ? (with closing quotes or brackets) followed by white space
 * and a capital, digit or opening quote; and at blank lines. Common abbreviations and initials do not end a
 * sentence. Sentence ranges cover the words only (no trailing space).
 */
export function splitSentences(text: string, tokens: readonly Token[]): Sentence[] {
  const sentences: Sentence[] = [];
  let first = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (next === undefined || isBoundary(text, token, next.start)) {
      sentences.push({
        start: tokens[first]!.start,
        end: sentenceEnd(text, token.end, next?.start ?? text.length),
        firstToken: first,
        endToken: i + 1,
      });
      first = i + 1;
    }
  }
  return sentences;
}

function isBoundary(text: string, token: Token, nextStart: number): boolean {
  // Most gaps are a space or a comma: no full stop, no line break, so no boundary.
  let mayEnd = false;
  for (let k = token.end; k < nextStart && !mayEnd; k++) {
    const c = text.charCodeAt(k);
    mayEnd = c === 46 || c === 33 || c === 63 || c === 0x2026 || c === 10;
  }
  if (!mayEnd) return false;
  const gap = text.slice(token.end, nextStart);
  if (/\n[ \t]*\n/.test(gap)) return true;
  const stop = /^[)\]"'”’»]*([.!?…]+|[.!?][)\]"'”’»]*)[)\]"'”’»]*\s/u.exec(gap);
  if (stop === null) return false;
  const nextChar = text.charAt(nextStart);
  const afterGap = gap.slice(stop[0].length);
  if (!/^[\s"'“‘«¿¡([]*$/u.test(afterGap)) return false;
  if (!/[\p{Lu}\p{N}]/u.test(nextChar) && afterGap.trim() === '') return false;
  if (gap.startsWith('.')) {
    const word = text.slice(token.start, token.end).toLowerCase();
    if (ABBREVIATIONS.has(word)) return false;
    if (word.length === 1 && /\p{Lu}/u.test(text.charAt(token.start))) return false;
  }
  return true;
}

function sentenceEnd(text: string, wordEnd: number, nextStart: number): number {
  const tail = /^[^\s\p{L}\p{N}]*/u.exec(text.slice(wordEnd, nextStart));
  return wordEnd + (tail?.[0].length ?? 0);
}

/** English or Spanish, by which language's function words the text uses more. */
export function detectLanguage(text: string): Language {
  let en = 0;
  let es = 0;
  let seen = 0;
  scanWords(text, Math.min(text.length, 5000), (start, end) => {
    const lower = text.slice(start, end).toLowerCase();
    if (STOPWORDS.en.has(lower)) en++;
    if (STOPWORDS.es.has(lower)) es++;
    return ++seen < 500;
  });
  return es > en ? 'es' : 'en';
}

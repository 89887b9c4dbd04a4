/**
 * Features of the AI-text detector. One scan of a text into words, numbers and punctuation with
 * sentence marks; then, for any run of sentences,
 *   - a lexical view: hashed 1–3-grams over a "masked" token stream, in which the language's most
 *     frequent words stay themselves and every other word becomes its shape (capitalised, or its
 *     last two letters), so that the model learns how text is put together (connectives, function
 *     words, punctuation, suffixes) more than what it is about;
 *   - a style view: dense rates (sentence and word lengths and their spread, punctuation, pronouns,
 *     contractions, spelling slips, repetition) that travel across topics and sources.
 * Nothing here looks at line breaks or at the length of the text: in the training data both are
 * artefacts of how each corpus was stored, not of who wrote it.
 */
import { STOPWORDS, hashString, finaliseHash } from '@veritext/text';
import type { DetectorLanguage } from './language.ts';

export const LEXICAL_BITS = 18;
export const LEXICAL_DIM = 1 << LEXICAL_BITS;
const LEXICAL_MASK = LEXICAL_DIM - 1;

export const KIND_WORD = 0;
export const KIND_NUMBER = 1;
export const KIND_PUNCT = 2;

/** A text cut into tokens (parallel arrays) and sentences (token ranges). */
export interface Scan {
  readonly text: string;
  readonly count: number;
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly kind: Uint8Array;
  /** Lower-cased token text. */
  readonly lower: string[];
  /** Sentence k covers tokens [sentenceStart[k], sentenceStart[k + 1]). */
  readonly sentenceStart: number[];
}

const TOKEN = /\p{L}[\p{L}\p{M}]*(?:['’]\p{L}[\p{L}\p{M}]*)*|\p{N}+(?:[.,]\p{N}+)*|[^\s\p{L}\p{N}\p{M}]/gu;
const COMBINING = /\p{M}/u;
const ABBREVIATIONS = new Set(
  'mr mrs ms dr prof sr sra srta dra st jr vs etc e.g i.e fig no nos art arts núm pág pp p cap vol ed eds approx dept inc ltd co'.split(
    ' ',
  ),
);

function isUpper(c: string): boolean {
  return c !== c.toLowerCase() && c === c.toUpperCase();
}

export function scan(text: string): Scan {
  const start: number[] = [];
  const end: number[] = [];
  const kind: number[] = [];
  const lower: string[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const s = m.index;
    const word = m[0];
    start.push(s);
    end.push(s + word.length);
    const c = word.charCodeAt(0);
    const k = /\p{L}/u.test(word[0]!)
      ? KIND_WORD
      : c >= 48 && c <= 57
        ? KIND_NUMBER
        : /\p{N}/u.test(word[0]!)
          ? KIND_NUMBER
          : KIND_PUNCT;
    kind.push(k);
    // accents typed as combining marks read like precomposed letters
    lower.push(k === KIND_WORD ? (COMBINING.test(word) ? word.normalize('NFC') : word).toLowerCase() : word);
  }
  const count = start.length;
  const sentenceStart: number[] = count > 0 ? [0] : [];
  for (let i = 1; i < count; i++) {
    const gapStart = end[i - 1]!;
    const gapEnd = start[i]!;
    let newline = false;
    for (let k = gapStart; k < gapEnd; k++) {
      if (text.charCodeAt(k) === 10) {
        newline = true;
        break;
      }
    }
    if (newline) {
      if (i - sentenceStart[sentenceStart.length - 1]! > 0) sentenceStart.push(i);
      continue;
    }
    // A full stop, question or exclamation mark (maybe followed by closing quotes or brackets),
    // then a token that can open a sentence.
    let j = i - 1;
    while (j > 0 && kind[j] === KIND_PUNCT && /^[)\]"'”’»]$/u.test(lower[j]!)) j--;
    const mark = lower[j]!;
    if (kind[j] !== KIND_PUNCT || !(mark === '.' || mark === '!' || mark === '?' || mark === '…')) continue;
    // glued to the mark: "e.g" or "3.5", or a straight quote closing the sentence it ends
    if (gapEnd === gapStart && (kind[i] === KIND_WORD || kind[i] === KIND_PUNCT)) continue;
    if (mark === '.' && j > 0 && kind[j - 1] === KIND_WORD) {
      // abbreviations, initials, and the last letter of "e.g." or "i.e."
      const prev = lower[j - 1]!;
      if (ABBREVIATIONS.has(prev) || prev.length === 1) continue;
    }
    const first = text[start[i]!]!;
    if (kind[i] === KIND_WORD ? isUpper(first) : kind[i] === KIND_NUMBER || /^[("'“‘«¿¡[-]$/u.test(first)) {
      sentenceStart.push(i);
    }
  }
  return {
    text,
    count,
    start: Int32Array.from(start),
    end: Int32Array.from(end),
    kind: Uint8Array.from(kind),
    lower,
    sentenceStart,
  };
}

/** The language-specific tables the features need (stored in the model file). */
export interface FeatureTables {
  readonly language: DetectorLanguage;
  /** The most frequent words, kept as themselves in the lexical view. */
  readonly keep: ReadonlySet<string>;
  /** Words seen often enough in training text to count as spelled right. */
  readonly dictionary: ReadonlySet<string>;
}

// ---------------------------------------------------------------------------------------------
// Lexical view

const SENTENCE_MARK = hashString('<S>');
const CAPITALISED = hashString('<C>');
const SHORT_WORD = hashString('<w>');
const NUMBER = hashString('<N>');
const PUNCT_ALIASES: Record<string, string> = {
  '“': '"',
  '”': '"',
  '«': '"',
  '»': '"',
  '‘': "'",
  '’': "'",
  '–': '—',
  '―': '—',
};

const maskCache = new Map<string, number>();
function maskHash(key: string): number {
  let h = maskCache.get(key);
  if (h === undefined) {
    h = hashString(key);
    if (maskCache.size < 200_000) maskCache.set(key, h);
  }
  return h;
}

/** Token ids of sentences [fromSentence, toSentence), each sentence opened by `mark`. */
export function sentenceTokenIds(
  s: Scan,
  fromSentence: number,
  toSentence: number,
  mark: number,
  idOf: (token: number) => number,
): Int32Array {
  const first = s.sentenceStart[fromSentence] ?? s.count;
  const last = s.sentenceStart[toSentence] ?? s.count;
  const ids = new Int32Array(last - first + (toSentence - fromSentence));
  let n = 0;
  let sentence = fromSentence;
  for (let i = first; i < last; i++) {
    if (i === s.sentenceStart[sentence]) {
      ids[n++] = mark;
      sentence++;
    }
    ids[n++] = idOf(i);
  }
  return n === ids.length ? ids : ids.subarray(0, n);
}

/** The masked token ids of sentences [fromSentence, toSentence), each sentence opened by a mark. */
function maskedIds(s: Scan, tables: FeatureTables, fromSentence: number, toSentence: number): Int32Array {
  return sentenceTokenIds(s, fromSentence, toSentence, SENTENCE_MARK, (i) => {
    const k = s.kind[i]!;
    const w = s.lower[i]!;
    if (k === KIND_NUMBER) return NUMBER;
    if (k === KIND_PUNCT) return maskHash('p' + (PUNCT_ALIASES[w] ?? w));
    if (tables.keep.has(w)) return maskHash('w' + w);
    if (isUpper(s.text[s.start[i]!]!)) return CAPITALISED;
    if (w.length >= 4) return maskHash('~' + w.slice(-2));
    return SHORT_WORD;
  });
}

export interface SparseVector {
  readonly index: Int32Array;
  readonly value: Float32Array;
}

const scratch = new Float32Array(LEXICAL_DIM);

/** Hashed masked 1-, 2- and 3-grams, log-scaled counts, unit length. */
export function lexicalFeatures(
  s: Scan,
  tables: FeatureTables,
  fromSentence: number,
  toSentence: number,
): SparseVector {
  const ids = maskedIds(s, tables, fromSentence, toSentence);
  const touched: number[] = [];
  const add = (h: number): void => {
    const slot = h & LEXICAL_MASK;
    if (scratch[slot] === 0) touched.push(slot);
    scratch[slot]! += 1;
  };
  for (let i = 0; i < ids.length; i++) {
    const a = ids[i]!;
    add(finaliseHash(a ^ 0x1b873593));
    if (i + 1 < ids.length) {
      const ab = Math.imul(a, 0x9e3779b1) ^ ids[i + 1]!;
      add(finaliseHash(ab ^ 0x2545f491));
      if (i + 2 < ids.length) add(finaliseHash(Math.imul(ab, 0x85ebca6b) ^ ids[i + 2]! ^ 0x68e31da4));
    }
  }
  // plain words and word pairs
  {
    const first = s.sentenceStart[fromSentence] ?? s.count;
    const last = s.sentenceStart[toSentence] ?? s.count;
    let prev = 0;
    for (let i = first; i < last; i++) {
      const h = maskHash('r' + s.lower[i]!);
      add(finaliseHash(h ^ 0x3c6ef372));
      if (i > first) add(finaliseHash(Math.imul(prev, 0x9e3779b1) ^ h ^ 0x7f4a7c15));
      prev = h;
    }
  }
  // character 4-grams of the lower-cased tokens, one space apart (markup and odd spacing do not count)
  {
    const first = s.sentenceStart[fromSentence] ?? s.count;
    const last = s.sentenceStart[toSentence] ?? s.count;
    const t = s.lower.slice(first, last).join(' ');
    for (let i = 0; i + 4 <= t.length; i++) {
      let h = 0x811c9dc5;
      for (let k = 0; k < 4; k++) h = Math.imul(h ^ t.charCodeAt(i + k), 0x01000193);
      add(finaliseHash(h ^ 0x51ed270b));
    }
  }
  touched.sort((x, y) => x - y);
  const index = Int32Array.from(touched);
  const value = new Float32Array(index.length);
  let norm = 0;
  for (let i = 0; i < index.length; i++) {
    const v = Math.log1p(scratch[index[i]!]!);
    scratch[index[i]!] = 0;
    value[i] = v;
    norm += v * v;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < value.length; i++) value[i]! *= scale;
  return { index, value };
}

// ---------------------------------------------------------------------------------------------
// Style view

export const STYLE_NAMES = [
  'sentence length mean',
  'sentence length sd',
  'sentence length cv',
  'word length mean',
  'word length sd',
  'long word rate',
  'moving type-token ratio',
  'comma rate',
  'semicolon rate',
  'colon rate',
  'dash rate',
  'parenthesis rate',
  'quote rate',
  'question rate',
  'exclamation rate',
  'number rate',
  'capitalised word rate',
  'all-caps word rate',
  'contraction rate',
  'first person singular rate',
  'second person rate',
  'first person plural rate',
  'lower-case sentence start rate',
  'lone lower-case i rate',
  'unknown word rate',
  'repeated word rate',
  'function word rate',
  'same sentence opener rate',
  'space before punctuation rate',
  'missing space after punctuation rate',
  'connective opener rate',
  'ellipsis rate',
] as const;
export const STYLE_DIM = STYLE_NAMES.length;

const PRONOUNS = {
  en: {
    first: new Set(['i', 'me', 'my', 'mine', 'myself']),
    second: new Set(['you', 'your', 'yours', 'yourself', 'yourselves']),
    plural: new Set(['we', 'us', 'our', 'ours', 'ourselves']),
  },
  es: {
    first: new Set(['yo', 'me', 'mi', 'mis', 'mío', 'mía', 'míos', 'mías', 'conmigo']),
    second: new Set(['tú', 'tu', 'tus', 'te', 'ti', 'usted', 'ustedes', 'vos', 'contigo', 'vosotros']),
    plural: new Set(['nosotros', 'nosotras', 'nuestro', 'nuestra', 'nuestros', 'nuestras', 'nos']),
  },
} as const;

const CONNECTIVES = {
  en: new Set(
    'however moreover furthermore additionally overall therefore thus consequently ultimately firstly secondly thirdly finally lastly nevertheless hence importantly similarly likewise conversely notably instead meanwhile'.split(
      ' ',
    ),
  ),
  es: new Set(
    'además asimismo finalmente también primero segundo tercero luego igualmente consecuentemente posteriormente entonces así sin por en no'.split(
      ' ',
    ),
  ),
} as const;

/** The style rates of sentences [fromSentence, toSentence). */
export function styleFeatures(s: Scan, tables: FeatureTables, fromSentence: number, toSentence: number): Float64Array {
  const f = new Float64Array(STYLE_DIM);
  const lang = tables.language;
  const pron = PRONOUNS[lang];
  const stop = STOPWORDS[lang];
  const connectives = CONNECTIVES[lang];
  const text = s.text;
  const first = s.sentenceStart[fromSentence] ?? s.count;
  const last = s.sentenceStart[toSentence] ?? s.count;

  let words = 0;
  let letters = 0;
  let letters2 = 0;
  let long = 0;
  const counts = {
    comma: 0,
    semicolon: 0,
    colon: 0,
    dash: 0,
    paren: 0,
    quote: 0,
    question: 0,
    exclam: 0,
    number: 0,
    cap: 0,
    caps: 0,
    contraction: 0,
    first: 0,
    second: 0,
    plural: 0,
    lowerI: 0,
    oov: 0,
    oovBase: 0,
    repeat: 0,
    stop: 0,
    spaceBefore: 0,
    missingAfter: 0,
    ellipsis: 0,
  };
  let prevWord = '';
  let sentence = fromSentence;
  for (let i = first; i < last; i++) {
    const sentenceInitial = i === s.sentenceStart[sentence];
    if (sentenceInitial) sentence++;
    const k = s.kind[i]!;
    const w = s.lower[i]!;
    if (k === KIND_WORD) {
      words++;
      const len = w.length;
      letters += len;
      letters2 += len * len;
      if (len >= 8) long++;
      const c0 = text[s.start[i]!]!;
      const capital = isUpper(c0);
      if (capital && !sentenceInitial && len > 1) {
        if (isUpper(text.slice(s.start[i], s.end[i])[1] ?? '')) counts.caps++;
        else counts.cap++;
      }
      if (w.includes("'") || w.includes('’')) counts.contraction++;
      if (pron.first.has(w)) counts.first++;
      if (pron.second.has(w)) counts.second++;
      if (pron.plural.has(w)) counts.plural++;
      if (lang === 'en' && w === 'i' && c0 === 'i') counts.lowerI++;
      if (stop.has(w)) counts.stop++;
      if (len >= 3 && !capital) {
        counts.oovBase++;
        if (!tables.dictionary.has(w)) counts.oov++;
      }
      if (w === prevWord) counts.repeat++;
      prevWord = w;
    } else if (k === KIND_NUMBER) {
      counts.number++;
      prevWord = '';
    } else {
      switch (w) {
        case ',':
          counts.comma++;
          break;
        case ';':
          counts.semicolon++;
          break;
        case ':':
          counts.colon++;
          break;
        case '—':
        case '–':
        case '―':
          counts.dash++;
          break;
        case '-':
          if (i > 0 && s.start[i]! > s.end[i - 1]!) counts.dash++;
          break;
        case '(':
          counts.paren++;
          break;
        case '"':
        case '“':
        case '”':
        case '«':
        case '»':
          counts.quote++;
          break;
        case '?':
        case '¿':
          counts.question++;
          break;
        case '!':
        case '¡':
          counts.exclam++;
          break;
        case '…':
          counts.ellipsis++;
          break;
        default:
          break;
      }
      if (w === ',' || w === '.' || w === ';' || w === ':' || w === '?' || w === '!') {
        if (i > 0 && s.start[i]! > s.end[i - 1]! && s.kind[i - 1] !== KIND_PUNCT) counts.spaceBefore++;
        if (
          i + 1 < s.count &&
          s.start[i + 1] === s.end[i] &&
          s.kind[i + 1] === KIND_WORD &&
          i > 0 &&
          s.kind[i - 1] === KIND_WORD
        ) {
          counts.missingAfter++;
        }
      }
      if (w === '.' && i + 2 < last && s.lower[i + 1] === '.' && s.lower[i + 2] === '.') counts.ellipsis++;
    }
  }

  // sentences
  let nSentences = 0;
  let sum = 0;
  let sum2 = 0;
  let lowerStart = 0;
  let sameStart = 0;
  let connective = 0;
  let prevOpener = '';
  for (let k = fromSentence; k < toSentence; k++) {
    const a = s.sentenceStart[k]!;
    const b = s.sentenceStart[k + 1] ?? s.count;
    let n = 0;
    let opener = '';
    for (let i = a; i < b; i++) {
      if (s.kind[i] === KIND_WORD) {
        if (n === 0) {
          opener = s.lower[i]!;
          if (!isUpper(text[s.start[i]!]!)) lowerStart++;
        }
        n++;
      }
    }
    if (n === 0) continue;
    nSentences++;
    sum += n;
    sum2 += n * n;
    if (opener === prevOpener) sameStart++;
    if (connectives.has(opener)) connective++;
    prevOpener = opener;
  }

  const W = Math.max(words, 1);
  const S = Math.max(nSentences, 1);
  const meanLen = sum / S;
  const sdLen = Math.sqrt(Math.max(sum2 / S - meanLen * meanLen, 0));
  const meanWord = letters / W;
  f[0] = Math.log1p(meanLen);
  f[1] = Math.log1p(sdLen);
  f[2] = meanLen > 0 ? sdLen / meanLen : 0;
  f[3] = meanWord;
  f[4] = Math.sqrt(Math.max(letters2 / W - meanWord * meanWord, 0));
  f[5] = long / W;
  f[6] = movingTypeToken(s, first, last, 50);
  f[7] = counts.comma / W;
  f[8] = counts.semicolon / W;
  f[9] = counts.colon / W;
  f[10] = counts.dash / W;
  f[11] = counts.paren / W;
  f[12] = counts.quote / W;
  f[13] = counts.question / W;
  f[14] = counts.exclam / W;
  f[15] = counts.number / W;
  f[16] = counts.cap / W;
  f[17] = counts.caps / W;
  f[18] = counts.contraction / W;
  f[19] = counts.first / W;
  f[20] = counts.second / W;
  f[21] = counts.plural / W;
  f[22] = lowerStart / S;
  f[23] = counts.lowerI / W;
  f[24] = counts.oovBase > 0 ? counts.oov / counts.oovBase : 0;
  f[25] = counts.repeat / W;
  f[26] = counts.stop / W;
  f[27] = sameStart / S;
  f[28] = counts.spaceBefore / W;
  f[29] = counts.missingAfter / W;
  f[30] = connective / S;
  f[31] = counts.ellipsis / W;
  return f;
}

/** Mean type-token ratio over sliding windows of `window` words (the plain ratio when shorter). */
function movingTypeToken(s: Scan, first: number, last: number, window: number): number {
  const words: string[] = [];
  for (let i = first; i < last; i++) if (s.kind[i] === KIND_WORD) words.push(s.lower[i]!);
  if (words.length === 0) return 0;
  if (words.length <= window) return new Set(words).size / words.length;
  const counts = new Map<string, number>();
  let types = 0;
  for (let i = 0; i < window; i++) {
    const c = counts.get(words[i]!) ?? 0;
    if (c === 0) types++;
    counts.set(words[i]!, c + 1);
  }
  let total = types;
  let windows = 1;
  for (let i = window; i < words.length; i++) {
    const out = words[i - window]!;
    const c = counts.get(out)! - 1;
    counts.set(out, c);
    if (c === 0) types--;
    const inc = counts.get(words[i]!) ?? 0;
    if (inc === 0) types++;
    counts.set(words[i]!, inc + 1);
    total += types;
    windows++;
  }
  return total / windows / window;
}

/** Words of sentences [fromSentence, toSentence). */
export function wordCount(s: Scan, fromSentence: number, toSentence: number): number {
  const first = s.sentenceStart[fromSentence] ?? s.count;
  const last = s.sentenceStart[toSentence] ?? s.count;
  let n = 0;
  for (let i = first; i < last; i++) if (s.kind[i] === KIND_WORD) n++;
  return n;
}

/**
 * Undoes the tricks people use to slip doctored text past plagiarism checkers — invisible
 * characters, look-alike letters from other scripts, spaced-out letters, hidden text — and
 * reports each trick with its position in the ORIGINAL text.
 *
 * The work runs in stages, each rewriting the previous stage's text and keeping, for every code
 * unit it produces, the index it came from (composed into one map back to the original):
 *   1. exotic spaces become plain ones (one for one, offsets do not move) and invisible
 *      (format) characters are removed;
 *   2. runs of spaced-out single letters are joined into words;
 *   3. look-alike letters are replaced inside mixed-script words (after 2, so that a
 *      spaced-out word with a Cyrillic letter in it is seen whole).
 * Hidden ranges are only reported. Text that has none of this comes back as it was, with
 * identity offset maps; a single regular-expression test rules most such text out at once.
 */

export type TrickKind = 'homoglyph' | 'invisible' | 'spaced-letters' | 'hidden-text';

export interface Trick {
  readonly kind: TrickKind;
  readonly start: number;
  readonly end: number;
  /** e.g. the look-alike characters found, or 'white'/'tiny' */
  readonly detail: string;
}

/** Ranges of the original text that the file format showed invisibly (white text, tiny font); supplied by file extraction. */
export interface HiddenRange {
  readonly start: number;
  readonly end: number;
  readonly reason: 'white' | 'tiny';
}

export interface Deobfuscated {
  /** The cleaned text the engines should read. */
  readonly text: string;
  /** Tricks found, sorted by start; adjacent characters of one kind merge into one trick. */
  readonly tricks: readonly Trick[];
  /** Maps a start offset in `text` to the original text. */
  toOriginalStart(cleanOffset: number): number;
  /** Maps an end offset (exclusive) in `text` to the original text. */
  toOriginalEnd(cleanOffset: number): number;
}

// ---------------------------------------------------------------------------------------------
// Character tables

/** Cyrillic, Greek and Latin-extension letters that look like a basic Latin letter. */
const HOMOGLYPHS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // Cyrillic, lower case
    а: 'a',
    е: 'e',
    о: 'o',
    р: 'p',
    с: 'c',
    у: 'y',
    х: 'x',
    і: 'i',
    ј: 'j',
    ѕ: 's',
    ԁ: 'd',
    һ: 'h',
    ԛ: 'q',
    ԝ: 'w',
    ӏ: 'l',
    // Cyrillic, upper case
    А: 'A',
    В: 'B',
    Е: 'E',
    К: 'K',
    М: 'M',
    Н: 'H',
    О: 'O',
    Р: 'P',
    С: 'C',
    Т: 'T',
    Х: 'X',
    У: 'Y',
    Ү: 'Y',
    І: 'I',
    Ј: 'J',
    Ѕ: 'S',
    Һ: 'H',
    Ԛ: 'Q',
    Ԝ: 'W',
    // Greek, lower case
    ο: 'o',
    α: 'a',
    ε: 'e',
    ι: 'i',
    κ: 'k',
    ν: 'v',
    ρ: 'p',
    τ: 't',
    υ: 'u',
    χ: 'x',
    ϲ: 'c',
    ϳ: 'j',
    // Greek, upper case
    Α: 'A',
    Β: 'B',
    Ε: 'E',
    Ζ: 'Z',
    Η: 'H',
    Ι: 'I',
    Κ: 'K',
    Μ: 'M',
    Ν: 'N',
    Ο: 'O',
    Ρ: 'P',
    Τ: 'T',
    Υ: 'Y',
    Χ: 'X',
    Ϲ: 'C',
    // Latin letters from IPA that pass for basic ones
    ɡ: 'g',
    ɑ: 'a',
  }),
);

const HOMOGLYPH_CLASS = [...HOMOGLYPHS.keys()].join('');
/** Compatibility letters NFKC folds to a basic Latin letter: fullwidth, letterlike symbols, mathematical alphanumerics. */
const COMPAT_CLASS = '\\uFF21-\\uFF3A\\uFF41-\\uFF5A\\u2100-\\u214F\\u{1D400}-\\u{1D7FF}';
/** Spaces other than the plain one; they become a plain space. */
const EXOTIC_SPACE_CLASS = '\\u00A0\\u1680\\u2000-\\u200A\\u202F\\u205F\\u3000';
/** Horizontal whitespace that separates spaced-out letters. */
const HSPACE_CLASS = `\\t ${EXOTIC_SPACE_CLASS}`;

/** Any character one of the stages may change; absent from ordinary text in Latin script. */
const SUSPICIOUS = new RegExp(`[\\p{Cf}${EXOTIC_SPACE_CLASS}${HOMOGLYPH_CLASS}${COMPAT_CLASS}]`, 'u');
const FORMAT = /\p{Cf}/gu;
const EXOTIC_SPACE = new RegExp(`[${EXOTIC_SPACE_CLASS}]`, 'u');
const EXOTIC_SPACES = new RegExp(`[${EXOTIC_SPACE_CLASS}]`, 'gu');
const LOOKALIKE = new RegExp(`[${HOMOGLYPH_CLASS}${COMPAT_CLASS}]`, 'gu');
const COMPAT = new RegExp(`^[${COMPAT_CLASS}]$`, 'u');

/** A single letter (with its combining marks) standing alone, then more of them across horizontal whitespace. */
const NOT_WORD_AROUND = "[\\p{L}\\p{M}\\p{N}'\\u2019]";
const SPACED_CHAIN = new RegExp(
  `(?<!${NOT_WORD_AROUND})\\p{L}\\p{M}*(?!${NOT_WORD_AROUND})` +
    `(?:[${HSPACE_CLASS}]+\\p{L}\\p{M}*(?!${NOT_WORD_AROUND}))+`,
  'gu',
);

const WORD_CHAR = /^[\p{L}\p{M}'\u2019]$/u;
const LETTER = /^\p{L}$/u;
const LOWER = /^\p{Ll}$/u;
const LATIN = /^\p{Script=Latin}$/u;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
/** Scripts whose text never legitimately carries a zero-width joiner or non-joiner. */
const NO_JOINER_SCRIPT = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const EMOJI_MODIFIER = /^\p{Emoji_Modifier}$/u;

/** Format characters that belong to ordinary Arabic/Syriac/Kaithi text (number signs and the like). */
const LEGIT_FORMAT = new Set([
  0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06dd, 0x070f, 0x0890, 0x0891, 0x08e2, 0x110bd, 0x110cd,
]);
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BOM = 0xfeff;
const VS16 = 0xfe0f;
const TAG_FIRST = 0xe0020;
const TAG_LAST = 0xe007f;
const BLACK_FLAG = 0x1f3f4;

// ---------------------------------------------------------------------------------------------
// Character classes, cached per code point (the hot loops look each character up once)

const IS_WORD = 1;
/** A Latin letter (fullwidth and mathematical ones included), not one of the look-alikes. */
const IS_LATINISH = 2;
const IS_LETTER = 4;
const IS_LOWER = 8;
const IS_CJK = 16;
/** A look-alike letter or a compatibility letter standing for a basic Latin one. */
const IS_LOOKALIKE = 32;
const KNOWN = 64;
const bmpFlags = new Uint8Array(0x10000);
const astralFlags = new Map<number, number>();

function computeFlags(cp: number): number {
  const ch = String.fromCodePoint(cp);
  const homoglyph = HOMOGLYPHS.has(ch);
  const compat = compatLetter(ch) !== undefined;
  let flags = KNOWN;
  if (WORD_CHAR.test(ch)) flags |= IS_WORD;
  if (LETTER.test(ch)) flags |= IS_LETTER;
  if (LOWER.test(ch)) flags |= IS_LOWER;
  if (CJK.test(ch)) flags |= IS_CJK;
  if (homoglyph || compat) flags |= IS_LOOKALIKE;
  if (compat || (LATIN.test(ch) && !homoglyph)) flags |= IS_LATINISH;
  return flags;
}

function flagsOf(cp: number): number {
  if (cp < 0) return 0;
  if (cp < 0x10000) {
    let flags = bmpFlags[cp] ?? 0;
    if (flags === 0) bmpFlags[cp] = flags = computeFlags(cp);
    return flags;
  }
  let flags = astralFlags.get(cp);
  if (flags === undefined) astralFlags.set(cp, (flags = computeFlags(cp)));
  return flags;
}

// ---------------------------------------------------------------------------------------------
// Edits and offset maps

interface Stage {
  readonly text: string;
  /** Index in the stage's input of each code unit of `text`. */
  readonly map: Int32Array;
}

/**
 * Rewrites a text by replacing ranges, in increasing order, and keeps for each code unit of the
 * result the index it came from. No replacement is longer than what it replaces.
 */
class Rewriter {
  readonly #source: string;
  #map: Int32Array | undefined;
  readonly #parts: string[] = [];
  #length = 0;
  #pos = 0;

  constructor(source: string) {
    this.#source = source;
  }

  get edited(): boolean {
    return this.#map !== undefined;
  }

  replace(start: number, end: number, replacement: string): void {
    const map = (this.#map ??= new Int32Array(this.#source.length));
    let n = this.#length;
    if (start > this.#pos) {
      this.#parts.push(this.#source.slice(this.#pos, start));
      for (let i = this.#pos; i < start; i++) map[n++] = i;
    }
    if (replacement !== '') {
      this.#parts.push(replacement);
      for (let k = 0; k < replacement.length; k++) map[n++] = Math.min(start + k, end - 1);
    }
    this.#length = n;
    this.#pos = end;
  }

  finish(): Stage {
    this.replace(this.#source.length, this.#source.length, '');
    const map = this.#map ?? new Int32Array(0);
    return { text: this.#parts.join(''), map: map.subarray(0, this.#length) };
  }
}

function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** The code point that ends just before `index`, or -1 at the start. */
function codePointBefore(text: string, index: number): number {
  if (index <= 0) return -1;
  const low = text.charCodeAt(index - 1);
  if (isLowSurrogate(low) && index >= 2 && isHighSurrogate(text.charCodeAt(index - 2))) {
    return text.codePointAt(index - 2) ?? low;
  }
  return low;
}

function charOf(cp: number): string {
  return cp < 0 ? '' : String.fromCodePoint(cp);
}

// ---------------------------------------------------------------------------------------------
// Stage 1: invisible characters

/** A joiner inside an emoji sequence (👨‍👩‍👧): part of the picture, not a trick. */
function isEmojiJoiner(text: string, index: number): boolean {
  let before = codePointBefore(text, index);
  if (before === VS16 || EMOJI_MODIFIER.test(charOf(before))) {
    before = codePointBefore(text, index - (before > 0xffff ? 2 : 1));
  }
  const after = text.codePointAt(index + 1) ?? -1;
  return PICTOGRAPH.test(charOf(before)) && PICTOGRAPH.test(charOf(after));
}

/** A joiner or non-joiner between letters of a script that uses them (Persian, Indic). */
function isScriptJoiner(text: string, index: number): boolean {
  const before = charOf(codePointBefore(text, index));
  const after = charOf(text.codePointAt(index + 1) ?? -1);
  return (
    LETTER_OR_MARK.test(before) &&
    LETTER_OR_MARK.test(after) &&
    !NO_JOINER_SCRIPT.test(before) &&
    !NO_JOINER_SCRIPT.test(after)
  );
}

function isTag(cp: number): boolean {
  return cp >= TAG_FIRST && cp <= TAG_LAST;
}

function stageInvisible(text: string, out: Rewriter, tricks: Trick[]): void {
  FORMAT.lastIndex = 0;
  for (let m = FORMAT.exec(text); m !== null; m = FORMAT.exec(text)) {
    const cp = m[0].codePointAt(0) ?? 0;
    const start = m.index;
    let end = start + m[0].length;
    if (LEGIT_FORMAT.has(cp)) continue;
    if (cp === BOM && start === 0) {
      // A byte-order mark left at the start by file extraction: dropped, but no trick.
      out.replace(start, end, '');
      continue;
    }
    if (cp === ZWJ && isEmojiJoiner(text, start)) continue;
    if ((cp === ZWJ || cp === ZWNJ) && isScriptJoiner(text, start)) continue;
    const labels = [codePointLabel(cp)];
    if (isTag(cp)) {
      // Tag characters: legitimate only as an emoji tag sequence (🏴 + tags + cancel tag).
      let last = cp;
      for (let next = text.codePointAt(end) ?? -1; isTag(next); next = text.codePointAt(end) ?? -1) {
        labels.push(codePointLabel(next));
        last = next;
        end += 2;
      }
      FORMAT.lastIndex = end;
      if (codePointBefore(text, start) === BLACK_FLAG && last === TAG_LAST) continue;
    }
    out.replace(start, end, '');
    tricks.push({ kind: 'invisible', start, end, detail: labels.join(' ') });
  }
}

// ---------------------------------------------------------------------------------------------
// Stage 2: spaced-out letters

interface SpacedRun {
  readonly start: number;
  readonly end: number;
  /** The whitespace between the letters: start and end of each gap, flattened. */
  readonly gaps: readonly number[];
  readonly joined: string;
}

function isHorizontalSpace(unit: number): boolean {
  return (
    unit === 0x20 ||
    unit === 0x09 ||
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000
  );
}

/**
 * Runs of at least 4 single letters joined by single spaces; double spaces inside a run stand
 * for word gaps ("t h e  c a t"). Lone letters at either edge of a run (the English "a" before
 * a double space) are left out of it. Accepted: 3 or more single-space joins.
 */
function findSpacedRuns(text: string): SpacedRun[] {
  const runs: SpacedRun[] = [];
  SPACED_CHAIN.lastIndex = 0;
  for (let m = SPACED_CHAIN.exec(text); m !== null; m = SPACED_CHAIN.exec(text)) {
    // Start and end of each letter of the chain, flattened: the whitespace after letter k
    // runs from bounds[2k + 1] to bounds[2k + 2].
    const bounds: number[] = [];
    const stop = m.index + m[0].length;
    for (let i = m.index; i < stop;) {
      const letter = i;
      while (i < stop && !isHorizontalSpace(text.charCodeAt(i))) i++;
      bounds.push(letter, i);
      while (i < stop && isHorizontalSpace(text.charCodeAt(i))) i++;
    }
    const at = (k: number): number => bounds[k] ?? 0;
    const spaceAfter = (k: number): number => at(2 * k + 2) - at(2 * k + 1);
    // The run goes from the first letter joined to the next by a single space to the last
    // letter joined to the one before it.
    let first = 0;
    let last = bounds.length / 2 - 1;
    while (first < last && spaceAfter(first) > 1) first++;
    while (last > first && spaceAfter(last - 1) > 1) last--;
    let joins = 0;
    for (let k = first; k < last; k++) if (spaceAfter(k) === 1) joins++;
    if (joins < 3) continue;
    let joined = '';
    const gaps: number[] = [];
    for (let k = first; k <= last; k++) {
      joined += text.slice(at(2 * k), at(2 * k + 1));
      if (k === last) break;
      gaps.push(at(2 * k + 1), at(2 * k + 2));
      if (spaceAfter(k) > 1) joined += ' ';
    }
    runs.push({ start: at(2 * first), end: at(2 * last + 1), gaps, joined });
  }
  return runs;
}

function stageSpaced(runs: readonly SpacedRun[], out: Rewriter, tricks: Trick[]): void {
  for (const run of runs) {
    for (let k = 0; k + 1 < run.gaps.length; k += 2) {
      const start = run.gaps[k] ?? 0;
      const end = run.gaps[k + 1] ?? 0;
      out.replace(start, end, end - start > 1 ? ' ' : '');
    }
    tricks.push({ kind: 'spaced-letters', start: run.start, end: run.end, detail: run.joined });
  }
}

// ---------------------------------------------------------------------------------------------
// Stage 3: look-alike letters in mixed-script words

interface Replacement {
  readonly start: number;
  readonly end: number;
  readonly latin: string;
}

/** The basic Latin letter a compatibility letter (ｐ, 𝐩, ℓ) stands for, or undefined. */
function compatLetter(ch: string): string | undefined {
  if (!COMPAT.test(ch)) return undefined;
  const folded = ch.normalize('NFKC');
  return /^[A-Za-z]$/.test(folded) ? folded : undefined;
}

/**
 * Replaces the look-alikes of one word. Fullwidth and mathematical letters fold in any word of
 * two or more letters outside CJK text. A Cyrillic or Greek look-alike folds only when the word
 * also has real Latin letters; a lower-case one needs a lower-case Latin letter, so that
 * scientific names such as "TNFα" or "NF-κB" stay as written.
 */
function foldWord(
  text: string,
  start: number,
  end: number,
  out: Rewriter,
  tricks: Trick[],
  inLatinContext = false,
): void {
  const compat: Replacement[] = [];
  const glyphs: Replacement[] = [];
  let letters = 0;
  let hasLatin = inLatinContext;
  let hasLowerLatin = inLatinContext;
  let hasCjk = false;
  for (let i = start; i < end;) {
    const cp = text.codePointAt(i) ?? 0;
    const next = cp > 0xffff ? i + 2 : i + 1;
    const flags = flagsOf(cp);
    if ((flags & IS_LETTER) !== 0) letters++;
    if ((flags & IS_LOOKALIKE) !== 0) {
      const ch = text.slice(i, next);
      const homoglyph = HOMOGLYPHS.get(ch);
      const latin = compatLetter(ch);
      if (homoglyph !== undefined) glyphs.push({ start: i, end: next, latin: homoglyph });
      else if (latin !== undefined) compat.push({ start: i, end: next, latin });
    }
    if ((flags & IS_LATINISH) !== 0) {
      hasLatin = true;
      if ((flags & IS_LOWER) !== 0) hasLowerLatin = true;
    }
    if ((flags & IS_CJK) !== 0) hasCjk = true;
    i = next;
  }
  const found: Replacement[] = [];
  if (letters >= 2 && !hasCjk) found.push(...compat);
  if (hasLatin) {
    for (const glyph of glyphs) {
      const lower = glyph.latin >= 'a';
      if (!lower || hasLowerLatin) found.push(glyph);
    }
  }
  found.sort((a, b) => a.start - b.start);
  for (const { start: from, end: to, latin } of found) {
    out.replace(from, to, latin);
    tricks.push({ kind: 'homoglyph', start: from, end: to, detail: text.slice(from, to) });
  }
}

function isLookalikeWordInLatinText(text: string, start: number, end: number): boolean {
  if (end - start > 3) return false;
  for (let i = start; i < end; i++) if (!HOMOGLYPHS.has(text.charAt(i))) return false;
  const latinNear = (from: number, step: 1 | -1): boolean => {
    for (let i = from, seen = 0; i >= 0 && i < text.length && seen < 4; i += step, seen++) {
      const ch = text.charAt(i);
      if (/\p{L}/u.test(ch)) return LATIN.test(ch) || HOMOGLYPHS.has(ch);
    }
    return false;
  };
  return latinNear(start - 1, -1) && latinNear(end, 1);
}

function stageHomoglyphs(text: string, out: Rewriter, tricks: Trick[]): void {
  LOOKALIKE.lastIndex = 0;
  for (let m = LOOKALIKE.exec(text); m !== null; m = LOOKALIKE.exec(text)) {
    if ((flagsOf(m[0].codePointAt(0) ?? -1) & IS_WORD) === 0) continue;
    // Find the word around the look-alike, noting whether it has Latin letters at all.
    let latinish = 0;
    let start = m.index;
    for (let cp = codePointBefore(text, start), f = flagsOf(cp); (f & IS_WORD) !== 0;) {
      latinish |= f;
      start -= cp > 0xffff ? 2 : 1;
      cp = codePointBefore(text, start);
      f = flagsOf(cp);
    }
    let end = m.index;
    for (let cp = text.codePointAt(end) ?? -1, f = flagsOf(cp); (f & IS_WORD) !== 0;) {
      latinish |= f;
      end += cp > 0xffff ? 2 : 1;
      cp = text.codePointAt(end) ?? -1;
      f = flagsOf(cp);
    }
    // A word with no Latin letters (genuine Russian or Greek) is left alone, unless it is a short word made
    // only of look-alikes standing between Latin words ("а" for "a" in English prose).
    if ((latinish & IS_LATINISH) !== 0) foldWord(text, start, end, out, tricks);
    else if (isLookalikeWordInLatinText(text, start, end)) foldWord(text, start, end, out, tricks, true);
    LOOKALIKE.lastIndex = end;
  }
}

// ---------------------------------------------------------------------------------------------
// Tricks

function hiddenTricks(hidden: readonly HiddenRange[], length: number): Trick[] {
  const tricks: Trick[] = [];
  for (const range of hidden) {
    const start = Math.max(0, Math.min(length, Math.trunc(range.start)));
    const end = Math.max(0, Math.min(length, Math.trunc(range.end)));
    if (!(end > start)) continue;
    tricks.push({ kind: 'hidden-text', start, end, detail: range.reason });
  }
  return tricks;
}

const KIND_ORDER: Readonly<Record<TrickKind, number>> = {
  'hidden-text': 0,
  'spaced-letters': 1,
  invisible: 2,
  homoglyph: 3,
};

/** Sorts by start (the wider trick first) and merges touching tricks of one kind. */
function finishTricks(tricks: Trick[]): readonly Trick[] {
  tricks.sort((a, b) => a.start - b.start || b.end - a.end || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  const out: Trick[] = [];
  const lastOfKind = new Map<TrickKind, number>();
  for (const trick of tricks) {
    const index = lastOfKind.get(trick.kind);
    const prev = index === undefined ? undefined : out[index];
    const merged = prev === undefined ? undefined : mergeTricks(prev, trick);
    if (index !== undefined && merged !== undefined) {
      out[index] = merged;
      continue;
    }
    lastOfKind.set(trick.kind, out.length);
    out.push(trick);
  }
  return Object.freeze(out);
}

function mergeTricks(prev: Trick, next: Trick): Trick | undefined {
  switch (next.kind) {
    case 'invisible':
    case 'homoglyph':
      if (prev.end !== next.start) return undefined;
      return {
        kind: next.kind,
        start: prev.start,
        end: next.end,
        detail: prev.detail + (next.kind === 'invisible' ? ' ' : '') + next.detail,
      };
    case 'hidden-text':
      if (next.start > prev.end || next.detail !== prev.detail) return undefined;
      return { ...prev, end: Math.max(prev.end, next.end) };
    case 'spaced-letters':
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Entry point

function clampOffset(offset: number, length: number): number {
  if (Number.isNaN(offset)) return 0;
  return Math.max(0, Math.min(length, Math.trunc(offset)));
}

/** Offsets that do not move: the text came back as it was, or with characters swapped one for one. */
function identity(text: string, tricks: readonly Trick[]): Deobfuscated {
  const length = text.length;
  return {
    text,
    tricks,
    toOriginalStart: (offset) => clampOffset(offset, length),
    toOriginalEnd: (offset) => clampOffset(offset, length),
  };
}

/**
 * Cleans doctored text for the engines and reports each trick with its range in `original`.
 * `hidden` lists ranges the file showed invisibly; their text stays in the cleaned text.
 */
export function deobfuscate(original: string, hidden: readonly HiddenRange[] = []): Deobfuscated {
  const tricks = hiddenTricks(hidden, original.length);
  const suspicious = SUSPICIOUS.test(original);
  let text = original;
  /** Index in `original` of each code unit of `text`; undefined while offsets have not moved. */
  let toOriginal: Int32Array | undefined;

  /** Runs one stage on `text`; its tricks, in that stage's coordinates, are moved to the original's. */
  const stage = (run: (source: string, out: Rewriter, found: Trick[]) => void): void => {
    const out = new Rewriter(text);
    const found: Trick[] = [];
    run(text, out, found);
    if (!out.edited) return;
    const before = toOriginal;
    const at = (i: number): number => (before === undefined ? i : (before[i] ?? i));
    for (const trick of found) tricks.push({ ...trick, start: at(trick.start), end: at(trick.end - 1) + 1 });
    const result = out.finish();
    if (before !== undefined) {
      const map = result.map;
      for (let i = 0; i < map.length; i++) map[i] = before[map[i] ?? 0] ?? 0;
    }
    text = result.text;
    toOriginal = result.map;
  };

  if (suspicious) {
    // Exotic spaces become plain ones, one for one: offsets do not move.
    if (EXOTIC_SPACE.test(text)) text = text.replace(EXOTIC_SPACES, ' ');
    stage(stageInvisible);
  }
  const runs = findSpacedRuns(text);
  if (runs.length > 0) stage((_source, out, found) => stageSpaced(runs, out, found));
  if (suspicious) stage(stageHomoglyphs);

  const finished = finishTricks(tricks);
  if (toOriginal === undefined) return identity(text, finished);
  const map = toOriginal;
  const cleaned = text;
  return {
    text: cleaned,
    tricks: finished,
    toOriginalStart(offset) {
      const i = clampOffset(offset, cleaned.length);
      return i === cleaned.length ? original.length : (map[i] ?? original.length);
    },
    toOriginalEnd(offset) {
      const i = clampOffset(offset, cleaned.length);
      if (i === 0) return 0;
      const end = (map[i - 1] ?? -1) + 1;
      // A letter folded from a surrogate pair (𝐚 → a) maps to the pair's first half: take both.
      return isLowSurrogate(original.charCodeAt(end)) && isHighSurrogate(original.charCodeAt(end - 1)) ? end + 1 : end;
    },
  };
}

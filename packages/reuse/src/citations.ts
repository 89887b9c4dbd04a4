/**
 * Quotes and references of a checked text (check-tool.md §3: the report's quSources and reSources). Text
 * matched inside these spans is reported apart from the reused text and does not count against the writer.
 * Pure functions: offsets are JavaScript string indices into the text as given.
 */
import type { Span } from './types.ts';

/** A quotation longer than this (marks included) is taken for a stray mark and yields no span. */
export const MAX_QUOTE_LENGTH = 2000;

/** Sorts spans and merges those that overlap (spans that merely touch stay apart); empty spans are dropped. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && span.start < last.end) {
      if (span.end > last.end) merged[merged.length - 1] = { start: last.start, end: span.end };
    } else {
      merged.push({ start: span.start, end: span.end });
    }
  }
  return merged;
}

// ---------------------------------------------------------------------------------------------------------
// Quotes

const LETTER_OR_DIGIT = /[\p{L}\p{M}\p{N}]/u;
const WHITESPACE = /\s/u;
/** What may stand right before an opening straight single quote. */
const BEFORE_OPENING = /[\s([{<«“‘"—–/-]/u;
/** What may stand right after a closing straight single quote. */
const AFTER_CLOSING = /[\s.,;:!?)\]}>»”’"—–…-]/u;

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && LETTER_OR_DIGIT.test(ch);
}

function isSpace(ch: string | undefined): boolean {
  return ch === undefined || WHITESPACE.test(ch);
}

/** Whether the mark at `i` may open or close a quotation, given its neighbours. */
type MarkContext = (text: string, i: number) => { readonly canOpen: boolean; readonly canClose: boolean };

interface MarkFamily {
  /** Each opening mark and the marks that close it. */
  readonly opens: ReadonlyMap<string, string>;
  readonly closers: string;
  readonly context?: MarkContext;
}

function family(opens: Record<string, string>, context?: MarkContext): MarkFamily {
  const map = new Map(Object.entries(opens));
  return { opens: map, closers: [...new Set([...map.values()].join(''))].join(''), ...(context ? { context } : {}) };
}

/** Curly single marks double as apostrophes: inside a word (don’t, children’s) they are neither. */
const curlySingleContext: MarkContext = (text, i) => {
  const before = text[i - 1];
  const after = text[i + 1];
  if (isWordChar(before) && isWordChar(after)) return { canOpen: false, canClose: false };
  return { canOpen: !isSpace(after), canClose: !isSpace(before) };
};

/**
 * A straight single quote opens after a space or opening punctuation and before a non-space, and closes
 * after a non-space and before a space or closing punctuation; inside a word it is an apostrophe.
 */
const straightSingleContext: MarkContext = (text, i) => {
  const before = text[i - 1];
  const after = text[i + 1];
  if (isWordChar(before) && isWordChar(after)) return { canOpen: false, canClose: false };
  const canOpen = (before === undefined || BEFORE_OPENING.test(before)) && !isSpace(after) && after !== "'";
  const canClose = !isSpace(before) && (after === undefined || AFTER_CLOSING.test(after));
  return { canOpen, canClose };
};

/**
 * Families of marks paired independently of one another (nested quotations of different families, such as
 * the Spanish «…“…”…», give nested spans that merge into the outer one).
 */
const FAMILIES: readonly MarkFamily[] = [
  family({ '"': '"' }), // straight double quotes pair up in order
  family({ '“': '”', '„': '“”' }), // English “…”, German „…“, Polish „…”
  family({ '«': '»', '‹': '›', '「': '」', '『': '』' }),
  family({ '‘': '’', '‚': '‘’' }, curlySingleContext),
  family({ "'": "'" }, straightSingleContext),
];

/** Open marks kept while scanning; deeper nesting is not language but noise (and would slow the scan). */
const MAX_OPEN_MARKS = 16;

function quotesOfFamily(text: string, from: number, to: number, fam: MarkFamily, out: Span[]): void {
  const stack: { readonly mark: string; readonly at: number }[] = [];
  for (let i = from; i < to; i += 1) {
    const ch = text.charAt(i);
    const closes = fam.closers.includes(ch);
    const opens = fam.opens.has(ch);
    if (!closes && !opens) continue;
    const ctx = fam.context?.(text, i) ?? { canOpen: true, canClose: true };
    if (closes && ctx.canClose) {
      let k = stack.length - 1;
      while (k >= 0 && !(fam.opens.get(stack[k]?.mark ?? '') ?? '').includes(ch)) k -= 1;
      const opener = stack[k];
      if (opener !== undefined) {
        stack.length = k; // marks opened inside and never closed are unbalanced: dropped
        if (i + 1 - opener.at <= MAX_QUOTE_LENGTH) {
          out.push({ start: opener.at, end: i + 1 });
          continue;
        }
        // Too long: the opener was a stray mark; this mark may start a quotation of its own.
      }
    }
    if (opens && ctx.canOpen) {
      stack.push({ mark: ch, at: i });
      if (stack.length > MAX_OPEN_MARKS) stack.shift();
    }
  }
}

/** Paragraphs: runs of text between blank lines (a line holding only spaces is blank). */
function paragraphs(text: string): Span[] {
  const result: Span[] = [];
  let start = 0;
  for (const blank of text.matchAll(/\n[ \t\r\f\v]*(?=\n)/g)) {
    if (blank.index > start) result.push({ start, end: blank.index });
    start = blank.index + blank[0].length;
  }
  if (text.length > start) result.push({ start, end: text.length });
  return result;
}

interface Line {
  readonly start: number;
  /** End of the line's content, before any `\r\n` or `\n`. */
  readonly end: number;
  readonly text: string;
}

function lines(text: string): Line[] {
  const result: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    let next = text.indexOf('\n', start);
    if (next === -1) next = text.length;
    const end = next > start && text[next - 1] === '\r' ? next - 1 : next;
    result.push({ start, end, text: text.slice(start, end) });
    start = next + 1;
  }
  return result;
}

/** Span of a line's content without its surrounding white space, or null when the line is blank. */
function trimmedSpan(text: string, start: number, end: number): Span | null {
  let s = start;
  let e = end;
  while (s < e && isSpace(text[s])) s += 1;
  while (e > s && isSpace(text[e - 1])) e -= 1;
  return e > s ? { start: s, end: e } : null;
}

/** Block quotes: consecutive lines starting with `>` (up to three spaces of indent), from the mark on. */
function blockQuotes(text: string, out: Span[]): void {
  let current: Span | null = null;
  for (const line of lines(text)) {
    const mark = /^[ \t]{0,3}>/.exec(line.text);
    if (mark === null) {
      if (current) out.push(current);
      current = null;
      continue;
    }
    const start = line.start + mark[0].length - 1;
    const content = trimmedSpan(text, start, line.end) ?? { start, end: start + 1 };
    current = current ? { start: current.start, end: content.end } : content;
  }
  if (current) out.push(current);
}

/**
 * Spans of quoted text, quotation marks included, sorted and merged. Marks: "…", “…”, „…“, «…», ‹…›, ‘…’,
 * ‚…‘, 「…」 and straight single quotes that clearly open and close (not apostrophes); lines starting with
 * `>` are block quotes. A quotation may span lines but not paragraphs, is at most MAX_QUOTE_LENGTH long,
 * and an unbalanced mark yields nothing.
 */
export function findQuotes(text: string): Span[] {
  const spans: Span[] = [];
  for (const paragraph of paragraphs(text)) {
    for (const fam of FAMILIES) quotesOfFamily(text, paragraph.start, paragraph.end, fam, spans);
  }
  blockQuotes(text, spans);
  return mergeSpans(spans);
}

// ---------------------------------------------------------------------------------------------------------
// References

const BIB_HEADING =
  /^(?:#{1,6}\s*)?(?:(?:\d+(?:\.\d+)*|[ivxlc]+)[.)]?\s+)?(?:references?|reference list|bibliography|works cited|works consulted|literature cited|sources(?: cited| consulted)?|referencias(?: bibliográficas)?|bibliografía(?: consultada)?|obras citadas|obras consultadas|fuentes(?: consultadas)?)\s*:?$/iu;

/** Section names other than the bibliography, which end it. */
const OTHER_HEADING =
  /^(?:#{1,6}\s*)?(?:(?:\d+(?:\.\d+)*|[ivxlc]+)[.)]?\s+)?(?:appendix|appendices|annex|acknowledge?ments?|notes|endnotes|footnotes|about the authors?|glossary|tables|figures|apéndices?|anexos?|agradecimientos|notas|glosario|tablas|figuras)\b/iu;

const YEAR = String.raw`(?:1[5-9]\d\d|20\d\d)[a-z]?`;
const NO_DATE = String.raw`n\.\s?d\.|s\.\s?f\.|in press|en prensa|forthcoming`;
/** Marks of a bibliography entry: a year, "no date", a link, a DOI or an ISBN. */
const ENTRY_MARK = new RegExp(String.raw`\b${YEAR}\b|\b(?:${NO_DATE})|https?://|www\.|\bdoi\b|\bisbn\b`, 'iu');

function stripEmphasis(line: string): string {
  return line
    .trim()
    .replace(/^[*_]+|[*_]+$/g, '')
    .trim();
}

function isBibHeading(line: string): boolean {
  const bare = stripEmphasis(line);
  return bare.length <= 60 && BIB_HEADING.test(bare);
}

function hasEntryMark(line: string): boolean {
  return ENTRY_MARK.test(line);
}

/**
 * A line that opens another part of the text (and so ends the bibliography): a Markdown heading, a known
 * section name, another bibliography heading, or a short title-like line after a blank line that the
 * next non-blank line does not continue as an entry.
 */
function isHeadingLike(all: readonly Line[], i: number): boolean {
  const line = all[i];
  if (line === undefined) return false;
  const bare = stripEmphasis(line.text);
  if (bare === '' || hasEntryMark(bare) || bare.endsWith('.')) return false;
  if (/^#{1,6}\s/.test(bare) || isBibHeading(bare)) return true;
  if (bare.length <= 60 && OTHER_HEADING.test(bare)) return true;
  const afterBlank = i === 0 || (all[i - 1]?.text.trim() ?? '') === '';
  const titleLike =
    bare.length <= 60 && bare.split(/\s+/).length <= 8 && !bare.includes(',') && /^[\p{Lu}\p{N}]/u.test(bare);
  if (!afterBlank || !titleLike) return false;
  let j = i + 1;
  while (j < all.length && (all[j]?.text.trim() ?? '') === '') j += 1;
  const next = all[j];
  return next === undefined || !hasEntryMark(next.text);
}

/** A line that carries on the previous entry: indented (hanging indent) or starting in lower case or "(". */
function isContinuation(line: string): boolean {
  return /^[ \t]/.test(line) || /^[\p{Ll}(]/u.test(line);
}

/** Bibliography sections: the heading line and each entry (a line, with its continuation lines) as spans. */
function bibliographies(text: string, out: Span[]): void {
  const all = lines(text);
  let i = 0;
  while (i < all.length) {
    const heading = all[i];
    if (heading === undefined || !isBibHeading(heading.text)) {
      i += 1;
      continue;
    }
    const headingSpan = trimmedSpan(text, heading.start, heading.end);
    if (headingSpan) out.push(headingSpan);
    let entry: Span | null = null;
    i += 1;
    for (; i < all.length && !isHeadingLike(all, i); i += 1) {
      const line = all[i];
      if (line === undefined) break;
      const content = trimmedSpan(text, line.start, line.end);
      if (content === null) {
        if (entry) out.push(entry);
        entry = null;
      } else if (entry && isContinuation(line.text)) {
        entry = { start: entry.start, end: content.end };
      } else {
        if (entry) out.push(entry);
        entry = content;
      }
    }
    if (entry) out.push(entry);
  }
}

/*
 * The name patterns are bounded (a few particles, words and co-authors) and have one reading only, so that a
 * failing attempt costs little whatever the text: regular expressions with nested, ambiguous repetitions
 * backtrack exponentially on long runs of capitalised words.
 */
const PARTICLE = String.raw`(?:van|von|de|del|della|der|den|da|das|di|do|dos|du|la|le|ter|ten)\s+`;
const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}'’-]*\.?`;
/** An author in parentheses: may be several capitalised words (García Márquez, World Health Organization). */
const NAME_LONG = String.raw`(?:${PARTICLE}){0,3}${NAME_WORD}(?:\s+(?:${PARTICLE}){0,3}${NAME_WORD}){0,5}`;
/** An author in running text: one capitalised word, maybe with particles (de la Cruz). */
const NAME_SHORT = String.raw`(?:${PARTICLE}){0,3}${NAME_WORD}`;
const JOIN = String.raw`(?:\s*,\s*(?:&|and|y|e|und)\s+|\s+(?:&|and|y|e|und)\s+|\s*,\s*)`;
const ET_AL = String.raw`(?:\s+et\s+al\.?)?`;
const DATE = String.raw`(?:${YEAR}|${NO_DATE})`;
const LOCATOR = String.raw`(?:pp?\.|págs?\.|cap\.|chap\.|ch\.|para\.|párr\.|sec\.|fig\.|vol\.)\s*[\dIVXivx]+(?:\s*[-–—]\s*[\dIVXivx]+)?`;
const DATES = String.raw`${DATE}(?:\s*,\s*${DATE}){0,5}(?:\s*[,:]\s*${LOCATOR})?`;
const PREFIX = String.raw`(?:(?:see also|see|cf\.|e\.\s?g\.,?|i\.\s?e\.,?|véase también|véase|ver|vid\.)\s+)?`;
const CITE_PART = String.raw`${PREFIX}${NAME_LONG}(?:${JOIN}${NAME_LONG}){0,8}${ET_AL}\s*,?\s+${DATES}`;

/** Text in parentheses (no nested ones, at most 300 characters): a candidate for a parenthetical citation. */
const IN_PARENTHESES = /\(([^()]{1,300})\)/g;
/** (Author, 2020), (Author et al., 2020, p. 4), (Author & Other, 2019; Third, 2001): the inside, whole. */
const PARENTHETICAL = new RegExp(String.raw`^\s*${CITE_PART}(?:\s*;\s*${CITE_PART})*\s*$`, 'u');
/** Pérez (2019), Smith and Jones (2020, p. 4), Smith et al. (2021). */
const NARRATIVE = new RegExp(
  String.raw`(?<![\p{L}\p{M}])${NAME_SHORT}(?:${JOIN}${NAME_SHORT}){0,5}${ET_AL}\s+\(\s*${DATES}\s*\)`,
  'gu',
);
/** [12], [3, 4–6]. */
const NUMERIC = /\[\s*\d{1,4}(?:\s*[-–—]\s*\d{1,4})?(?:\s*[,;]\s*\d{1,4}(?:\s*[-–—]\s*\d{1,4})?)*\s*\]/gu;
/** ^12, ^3,4 and superscript digits after punctuation (end of a sentence.¹²). */
const SUPERSCRIPT = /\^\d{1,3}(?:[,–-]\d{1,3})*|(?<=[.,;:!?"”’)])[¹²³⁰⁴-⁹]+(?:[,⁻][¹²³⁰⁴-⁹]+)*/gu;

function citations(text: string, out: Span[]): void {
  for (const m of text.matchAll(IN_PARENTHESES)) {
    const inside = m[1] ?? '';
    if (!/\n[ \t\r]*\n/.test(inside) && PARENTHETICAL.test(inside)) {
      out.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  for (const pattern of [NARRATIVE, NUMERIC, SUPERSCRIPT]) {
    for (const m of text.matchAll(pattern)) out.push({ start: m.index, end: m.index + m[0].length });
  }
}

/**
 * Spans of references, sorted and merged: the bibliography (a heading line such as References, Works Cited,
 * Referencias or Bibliografía, alone on its line, and each entry after it up to the end of the text or the
 * next heading) and in-text citations: author–date in parentheses, a name before a parenthesised year,
 * bracketed numbers and ^n marks.
 */
export function findReferences(text: string): Span[] {
  const spans: Span[] = [];
  bibliographies(text, spans);
  citations(text, spans);
  return mergeSpans(spans);
}

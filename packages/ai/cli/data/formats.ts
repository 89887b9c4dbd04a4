/**
 * Readers of the file formats and tool outputs the sets come in, apart from HTML (html.ts) and manual pages
 * (man.ts): dictd databases, the `bible` tool's King James text, diatheke's plain SWORD output, and the
 * Project Gutenberg transcriptions of old books. Each turns its input into documents of paragraphs.
 */
import { normalise, plainParagraphs } from './text.ts';

/** A document: the paragraphs of one file, chapter or dictionary, with a key unique within its set. */
export interface Doc {
  readonly key: string;
  readonly paragraphs: readonly string[];
  /** What joins two paragraphs of a passage (text.ts CutOptions.joiner); a blank line when absent. */
  readonly joiner?: string;
}

const DICT_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function dictNumber(text: string): number {
  let value = 0;
  for (const c of text) {
    const digit = DICT_DIGITS.indexOf(c);
    if (digit < 0) return Number.NaN;
    value = value * 64 + digit;
  }
  return value;
}

/**
 * The entries of a dictd database (the uncompressed `.dict` bytes and the `.index` text: headword, offset and
 * length in dictd's base-64 digits), once each (several headwords may share an entry), in file order, without
 * the `00-database-*` entries that describe the database itself.
 */
export function dictEntries(dict: Buffer, index: string): { headword: string; text: string }[] {
  const byOffset = new Map<number, { headword: string; text: string }>();
  for (const line of index.split('\n')) {
    const [headword, offsetText, lengthText] = line.split('\t');
    if (headword === undefined || offsetText === undefined || lengthText === undefined) continue;
    if (headword.startsWith('00database') || headword.startsWith('00-database')) continue;
    const offset = dictNumber(offsetText);
    const length = dictNumber(lengthText);
    if (!Number.isFinite(offset) || !Number.isFinite(length) || byOffset.has(offset)) continue;
    byOffset.set(offset, { headword, text: dict.subarray(offset, offset + length).toString('utf8') });
  }
  return [...byOffset.entries()].sort((a, b) => a[0] - b[0]).map(([, entry]) => entry);
}

/** The last date `(yyyy-mm-dd)` a FOLDOC entry was edited, or null. */
export function foldocDate(entry: string): string | null {
  const dates = [...entry.matchAll(/^\s*\((\d{4}-\d{2}-\d{2})\)\s*$/gm)];
  return dates.at(-1)?.[1] ?? null;
}

/**
 * The body of a FOLDOC entry as paragraphs: without the headword lines before the first blank line, the
 * `<subject>` tags, the bracketed citations and the edit date; `{cross reference}` braces dropped, a
 * `{label (URL)}` link kept as its label.
 */
export function foldocParagraphs(entry: string): string[] {
  const body = entry.replace(/^[\s\S]*?\n[ \t]*\n/, '');
  return plainParagraphs(body)
    .map((p) =>
      p
        .replace(/^(\d+\.\s+)?<[^>]*>\s*/, '$1')
        .replace(/\{([^{}]*?)\s*\((?:https?|ftp|mailto|news):[^{}]*\)\}/g, '$1')
        .replace(/\{([^{}]*)\}/g, '$1'),
    )
    .filter((p) => !/^\[[\s\S]*\]\.?$/.test(p) && !/^\(\d{4}-\d{2}-\d{2}\)$/.test(p));
}

/**
 * The chapters of the `bible` tool's output (`bible -l 100000 Gen1:1-Rev22:21`): a line `Book N` before
 * each chapter, then one line per verse, `  N text`. A chapter is a document of verses joined by spaces.
 */
export function kjvChapters(output: string): Doc[] {
  const docs: Doc[] = [];
  let key = '';
  let verses: string[] = [];
  const flush = (): void => {
    if (verses.length > 0) docs.push({ key, paragraphs: verses, joiner: ' ' });
    verses = [];
  };
  for (const line of output.split('\n')) {
    const heading = /^(\S.*?) (\d+)\s*$/.exec(line);
    const verse = /^\s+\d+ (.*)$/.exec(line);
    if (heading) {
      flush();
      key = `kjv/${heading[1]!.replace(/\s+/g, '_')}.${heading[2]!}`;
    } else if (verse) {
      verses.push(normalise(verse[1]!));
    } else if (line.trim() !== '' && verses.length > 0) {
      verses.push(`${verses.pop()!} ${normalise(line)}`);
    }
  }
  flush();
  return docs;
}

/**
 * The chapters of diatheke's plain output of a whole Bible module (`Book C:V: text` per verse, the module's
 * name in brackets at the end). Strong's numbers (`<G5547>`) are removed, and the word printed in capitals at
 * the start of a chapter (a drop capital in print: `EN el principio`) is written as an ordinary word.
 */
export function swordChapters(output: string, prefix: string): Doc[] {
  const docs: Doc[] = [];
  let key = '';
  let verses: string[] = [];
  for (const line of output.split('\n')) {
    const m = /^(\S.*?) (\d+):(\d+):\s?(.*)$/.exec(line);
    if (!m) continue;
    const chapterKey = `${prefix}/${m[1]!.replace(/\s+/g, '_')}.${m[2]!}`;
    if (chapterKey !== key) {
      if (verses.length > 0) docs.push({ key, paragraphs: verses, joiner: ' ' });
      key = chapterKey;
      verses = [];
    }
    let text = normalise(m[4]!.replace(/\s*<[GH]\d+>/g, ''));
    if (verses.length === 0) {
      text = text.replace(
        /^(\p{Lu})(\p{Lu}+)(?= \p{Ll})/u,
        (_, first: string, rest: string) => first + rest.toLowerCase(),
      );
    }
    if (text !== '') verses.push(text);
  }
  if (verses.length > 0) docs.push({ key, paragraphs: verses, joiner: ' ' });
  return docs;
}

/**
 * Paragraphs of a Project Gutenberg style transcription: `_italics_` marks removed, `--` written as the dash
 * it stands for, headings (no lower-case letter, or `CHAPTER X` and the like) left out.
 */
export function bookParagraphs(text: string, options: { dropVerse?: boolean } = {}): string[] {
  return plainParagraphs(text, options)
    .map((p) => p.replace(/(^|[\s(["'“‘])_(?=\S)([^_]+?)_(?=$|[\s.,;:!?)\]"'”’])/g, '$1$2').replace(/ ?-- ?/g, '—'))
    .filter((p) => /\p{Ll}/u.test(p) && !/^(chapter|volume|book|part|letter)\b[^.!?]{0,40}$/i.test(p));
}

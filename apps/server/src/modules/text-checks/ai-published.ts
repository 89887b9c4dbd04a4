import type { PlagiarismReport } from '@veritext/contracts';
import { countWords } from '@veritext/text';
import { WEB_COLLECTION } from '../web-sources/web-stage.ts';

/*
 * Published text is not AI (issue 15, point 2). A passage the plagiarism check found in a reference collection
 * (`ref:NAME`) or on the internet (`web`) was published by someone, most of it long before language models: the AI
 * part of the report shows it as "found in sources" and leaves it out of the AI share. Other users' checked
 * documents (`checked`, `checked:g<id>`) are not published, so a passage found only there still counts.
 *
 * The rule: the AI share is the AI-marked words outside published passages over the words outside published
 * passages (likewise the processed, likely and strong shares); when every word was found in published sources the
 * shares are 0 and the verdict says so. A report with no published passage keeps the detector's own figures.
 *
 * It is applied when the AI part is read, from the stored plagiarism report and the stored AI check, so it does not
 * matter which of the two jobs finished first.
 */

export type Span = { readonly start: number; readonly end: number };

/** The index collections whose documents are published: every reference collection and the internet. */
export function isPublishedCollection(collection: string): boolean {
  return collection === WEB_COLLECTION || collection.startsWith('ref:');
}

/** A character that makes a word (packages/text counts a run of them, or with apostrophes and hyphens, as one). */
const WORD_CHARACTER = /[\p{L}\p{M}\p{Nd}]/gu;

/**
 * The character spans of the report's nodes matched to a published source (as identical or changed text, a
 * quotation or a reference), merged and in order. A span takes what follows it up to the next word (punctuation,
 * spaces, the end of the text) and the spaces before it, and a span with no word before it starts the text: a
 * published paragraph is one passage, without AI-marked full stops and spaces around it or between its sentences.
 */
export function publishedSpans(
  report: Pick<PlagiarismReport, 'nodes' | 'sources' | 'quSources' | 'reSources'>,
  text: string,
): Span[] {
  const published = (list: PlagiarismReport['sources']): Set<number> =>
    new Set(list.filter((source) => isPublishedCollection(source.sourceType)).map((source) => source.id));
  const sources = published(report.sources);
  const quotes = published(report.quSources);
  const references = published(report.reSources);
  const spans = report.nodes
    .filter(
      (node) =>
        node.end > node.start &&
        (node.sources.some((id) => sources.has(id)) ||
          node.quotes.some((id) => quotes.has(id)) ||
          node.references.some((id) => references.has(id))),
    )
    .map(({ start, end }) => {
      let from = start;
      while (from > 0 && /\s/u.test(text.charAt(from - 1))) from--;
      const next = new RegExp(WORD_CHARACTER);
      next.lastIndex = end;
      return { start: from, end: next.exec(text)?.index ?? text.length };
    })
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  const first = merged[0];
  if (first !== undefined && countWords(text.slice(0, first.start)) === 0) first.start = 0;
  return merged;
}

/** A stretch of the text as the AI check marked it: 0 unmarked, 1 likely, 2 strongly likely AI. */
export type AiPiece = {
  readonly start: number;
  readonly end: number;
  readonly reliability: 0 | 1 | 2;
  /** The detector scored it (a chunk too short to score is not processed). */
  readonly scored: boolean;
};

/**
 * The AI check's chunks cut at the edges of the published spans (both in order, the chunks tiling the text): each
 * piece lies wholly inside a published span or wholly outside every one.
 */
export function cutAtPublished(
  chunks: readonly AiPiece[],
  spans: readonly Span[],
): (AiPiece & { readonly published: boolean })[] {
  const pieces: (AiPiece & { published: boolean })[] = [];
  let next = 0;
  for (const chunk of chunks) {
    let at = chunk.start;
    while ((spans[next]?.end ?? Infinity) <= at) next++;
    let i = next;
    while (at < chunk.end) {
      const span = spans[i];
      if (span === undefined || span.start >= chunk.end) {
        pieces.push({ ...chunk, start: at, end: chunk.end, published: false });
        break;
      }
      if (span.start > at) {
        pieces.push({ ...chunk, start: at, end: span.start, published: false });
        at = span.start;
      }
      const end = Math.min(span.end, chunk.end);
      pieces.push({ ...chunk, start: at, end, published: true });
      at = end;
      if (span.end <= chunk.end) i++;
    }
  }
  return pieces;
}

export type AiShares = { processed: number; likely: number; strong: number; total: number; published: number };

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The shares of the AI part when some of it was found in published sources, in percent of words: published over
 * the whole text; processed, likely and strong over the words outside published passages (0 when there are none),
 * total their likely + strong; and how many words lie outside published passages.
 */
export function publishedShares(pieces: readonly (AiPiece & { published: boolean; text: string })[]): {
  percents: AiShares;
  wordsOutside: number;
} {
  let all = 0;
  let published = 0;
  let processed = 0;
  let likely = 0;
  let strong = 0;
  for (const piece of pieces) {
    const words = countWords(piece.text);
    all += words;
    if (piece.published) {
      published += words;
      continue;
    }
    if (piece.scored) processed += words;
    if (piece.reliability === 1) likely += words;
    if (piece.reliability === 2) strong += words;
  }
  const rest = all - published;
  const ofRest = (n: number): number => (rest === 0 ? 0 : round2((n * 100) / rest));
  const shares = { processed: ofRest(processed), likely: ofRest(likely), strong: ofRest(strong) };
  return {
    percents: {
      ...shares,
      total: round2(shares.likely + shares.strong),
      published: all === 0 ? 0 : round2((published * 100) / all),
    },
    wordsOutside: rest,
  };
}

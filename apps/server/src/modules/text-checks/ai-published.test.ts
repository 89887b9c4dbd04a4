import { describe, expect, it } from 'vitest';
import { AI_PUBLISHED_VERDICT, type PlagiarismReport, type ReportNode, type ReportSource } from '@veritext/contracts';
import type { AiCheckRecord, StoredChunk } from '../ai-checks/ai-checks.repository.ts';
import {
  cutAtPublished,
  isPublishedCollection,
  publishedShares,
  publishedSpans,
  type AiPiece,
} from './ai-published.ts';
import { aiPart } from './text-checks.read.ts';

function source(id: number, sourceType: string): ReportSource {
  return {
    id,
    enabled: true,
    source: `source ${String(id)}`,
    link: { name: `source ${String(id)}` },
    sourceType,
    index: [{ type: sourceType.startsWith('checked') ? 'checked' : 'general', db_id: `${sourceType}#${String(id)}` }],
    percent: 0,
    identical: 0,
    changedIndex: 0,
  };
}

function node(start: number, end: number, lists: Partial<Pick<ReportNode, 'sources' | 'quotes' | 'references'>>) {
  return {
    start,
    end,
    text: '',
    sources: [],
    quotes: [],
    references: [],
    isIdentical: (lists.sources ?? []).length > 0,
    isChangedIndex: false,
    isQuote: (lists.quotes ?? []).length > 0,
    isReference: (lists.references ?? []).length > 0,
    isLikely: false,
    isHlikely: false,
    percent: 0,
    ...lists,
  } satisfies ReportNode;
}

/** Ten words of five characters and a space each: word n (from 0) is characters [6n, 6n + 5). */
const TEN_WORDS = Array.from({ length: 10 }, (_, i) => `word${String(i)}`).join(' ');

describe('published passages in the AI part (issue 15, point 2)', () => {
  it('reference collections and the internet are published; checked documents are not', () => {
    expect(isPublishedCollection('ref:maritime')).toBe(true);
    expect(isPublishedCollection('web')).toBe(true);
    expect(isPublishedCollection('checked')).toBe(false);
    expect(isPublishedCollection('checked:g12')).toBe(false);

    const report: Pick<PlagiarismReport, 'nodes' | 'sources' | 'quSources' | 'reSources'> = {
      sources: [source(1, 'checked'), source(2, 'ref:maritime'), source(3, 'web'), source(4, 'checked:g7')],
      quSources: [source(1, 'ref:law')],
      reSources: [source(1, 'checked')],
      nodes: [
        node(0, 10, {}),
        node(10, 20, { sources: [1] }), // someone's checked document only
        node(20, 30, { sources: [1, 2] }), // also in a reference collection
        node(30, 40, { sources: [3] }), // a web page, right after: one span
        node(40, 50, { sources: [4] }), // an organisation's document
        node(50, 60, { quotes: [1] }), // a quotation of a reference collection's document
        node(60, 70, { references: [1] }),
        node(70, 80, {}),
      ],
    };
    // "words 000 words 111 …": a word in every node; a passage takes the space before it
    const text = Array.from({ length: 8 }, (_, i) => `words ${String(i).repeat(3)} `).join('');
    expect(publishedSpans(report, text)).toEqual([
      { start: 19, end: 40 },
      { start: 49, end: 60 },
    ]);
  });

  it('widens published passages to the next word and over the spaces before them, to the ends of the text', () => {
    const text = '"Word0 word1." — Word2 word3; word4 (word5)!';
    const at = (word: string): [number, number] => [text.indexOf(word), text.indexOf(word) + word.length];
    const [a] = at('Word0');
    const [, b] = at('word1');
    const [c] = at('Word2');
    const [, d] = at('word3');
    const [e, f] = at('word5');
    const report = {
      sources: [source(1, 'ref:quotes'), source(2, 'web')],
      quSources: [],
      reSources: [],
      nodes: [node(a, b, { sources: [1] }), node(c, d, { sources: [2] }), node(e, f, { sources: [2] })],
    };
    // '." — ' has no word: one passage from the opening quotation mark to word4, which stays outside with the
    // bracket before word5
    expect(publishedSpans(report, text)).toEqual([
      { start: 0, end: text.indexOf('word4') },
      { start: e, end: text.length },
    ]);
  });

  it('cuts the chunks at the edges of published passages, the pieces still tiling the text', () => {
    const chunks: AiPiece[] = [
      { start: 0, end: 30, reliability: 2, scored: true },
      { start: 30, end: 60, reliability: 0, scored: false },
    ];
    const pieces = cutAtPublished(chunks, [
      { start: 12, end: 42 }, // across the two chunks
      { start: 54, end: 60 }, // the last word
    ]);
    expect(pieces).toEqual([
      { start: 0, end: 12, reliability: 2, scored: true, published: false },
      { start: 12, end: 30, reliability: 2, scored: true, published: true },
      { start: 30, end: 42, reliability: 0, scored: false, published: true },
      { start: 42, end: 54, reliability: 0, scored: false, published: false },
      { start: 54, end: 60, reliability: 0, scored: false, published: true },
    ]);
    // no published passage: the chunks as they were
    expect(cutAtPublished(chunks, [])).toEqual(chunks.map((chunk) => ({ ...chunk, published: false })));
  });

  it('counts the AI share over the words outside published passages only', () => {
    const text = (start: number, end: number): string => TEN_WORDS.slice(start, end);
    // words 0-3 strongly likely AI, 4-5 published (marked strong by the detector), 6-7 likely, 8-9 not marked
    const pieces = [
      { start: 0, end: 24, reliability: 2 as const, scored: true, published: false },
      { start: 24, end: 36, reliability: 2 as const, scored: true, published: true },
      { start: 36, end: 48, reliability: 1 as const, scored: true, published: false },
      { start: 48, end: 59, reliability: 0 as const, scored: false, published: false },
    ].map((piece) => ({ ...piece, text: text(piece.start, piece.end) }));
    // 8 words outside: 4 strong, 2 likely, 6 processed; 2 of the 10 words published
    expect(publishedShares(pieces)).toEqual({
      percents: { processed: 75, likely: 25, strong: 50, total: 75, published: 20 },
      wordsOutside: 8,
    });

    // every word published: nothing is left to count
    const all = [{ start: 0, end: 59, reliability: 2 as const, scored: true, published: true, text: TEN_WORDS }];
    expect(publishedShares(all)).toEqual({
      percents: { processed: 0, likely: 0, strong: 0, total: 0, published: 100 },
      wordsOutside: 0,
    });
  });

  describe('the AI part of the report', () => {
    function check(chunks: StoredChunk[]): AiCheckRecord {
      return {
        id: 1,
        user_id: 1,
        group_id: null,
        account_id: 1,
        hold_entry_id: null,
        status: 4,
        content: TEN_WORDS,
        file_name: null,
        force_language: null,
        lang: 'en',
        detected_language: 'en',
        words: 10,
        score: 0.9,
        level: 4,
        verdict: 'highly likely AI',
        flagged: true,
        chunks,
        processed_percent: 100,
        likely_percent: 0,
        strong_percent: 60.17,
        model_version: 'test',
        error: null,
        mark: null,
        comment: null,
        text_check_id: 1,
        created_at: new Date(0),
      };
    }
    const chunks: StoredChunk[] = [
      { position: [0, 36], reliability: 2, score: 0.97 },
      { position: [36, 59], reliability: 0, score: 0.2 },
    ];

    it('keeps the detector figures when nothing was found in published sources', () => {
      const part = aiPart(TEN_WORDS, check(chunks));
      expect(part.percents).toEqual({ processed: 100, likely: 0, strong: 60.17, total: 60.17 });
      expect(part.verdict).toBe('highly likely AI');
      expect(part.nodes.map((n) => [n.start, n.end, n.isHlikely, n.isPublished])).toEqual([
        [0, 36, true, undefined],
        [36, 59, false, undefined],
      ]);
    });

    it('marks published passages, unmarked, and leaves them out of the share', () => {
      // words 0-2 published: what is left of the strong chunk is words 3-5, of 7 words outside
      const part = aiPart(TEN_WORDS, check(chunks), [{ start: 0, end: 17 }]);
      expect(part.nodes.map((n) => [n.text, n.isHlikely, n.isPublished === true])).toEqual([
        ['word0 word1 word2', false, true],
        [' word3 word4 word5 ', true, false],
        ['word6 word7 word8 word9', false, false],
      ]);
      expect(part.nodes.map((n) => n.percent)).toEqual([28.81, 32.2, 38.98]);
      expect(part.percents).toEqual({ processed: 100, likely: 0, strong: 42.86, total: 42.86, published: 30 });
      expect(part.verdict).toBe('highly likely AI');
    });

    it('says the text was found in published sources when every word was', () => {
      // two passages, of a reference collection and of a web page, with a space between them
      const report = {
        sources: [source(1, 'ref:maritime'), source(2, 'web')],
        quSources: [],
        reSources: [],
        nodes: [node(0, 29, { sources: [1] }), node(29, 30, {}), node(30, 59, { sources: [2] })],
      };
      const part = aiPart(TEN_WORDS, check(chunks), publishedSpans(report, TEN_WORDS));
      expect(part.percents).toEqual({ processed: 0, likely: 0, strong: 0, total: 0, published: 100 });
      expect(part.verdict).toBe(AI_PUBLISHED_VERDICT);
      expect(part.nodes.map((n) => [n.start, n.end, n.isPublished, n.isLikely || n.isHlikely])).toEqual([
        [0, 36, true, false],
        [36, 59, true, false],
      ]);
    });
  });
});

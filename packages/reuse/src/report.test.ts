import { describe, expect, test } from 'vitest';
import { findQuotes, findReferences } from './citations.ts';
import { buildReport, type ReportInput, type ReportNode } from './report.ts';
import type { IndexedSource } from './store.ts';
import type { Match, MatchKind, Span } from './types.ts';

function match(sourceId: string, suspStart: number, suspEnd: number, kind: MatchKind = 'identical'): Match {
  return { sourceId, kind, suspStart, suspEnd, srcStart: 0, srcEnd: suspEnd - suspStart, similarity: 1 };
}

function source(id: string, fields: Partial<IndexedSource> = {}): IndexedSource {
  return { id, text: `text of ${id}`, collection: 'web', title: `Title ${id}`, url: null, ...fields };
}

function input(text: string, matches: Match[], fields: Partial<ReportInput> = {}): ReportInput {
  const sources = new Map<string, IndexedSource>();
  for (const m of matches) sources.set(m.sourceId, source(m.sourceId));
  return { text, matches, sources, quotes: [], references: [], options: { minWords: 0 }, ...fields };
}

/** 200 characters of words: "w000 w001 … " (5 characters a word with its space). */
const TEXT_200 = Array.from({ length: 40 }, (_, i) => `w${String(i).padStart(3, '0')} `).join('');

function bounds(nodes: readonly ReportNode[]): number[] {
  return [...nodes.map((n) => n.start), nodes.at(-1)?.end ?? 0];
}

describe('buildReport', () => {
  test('identical [0,50) from A and changed [40,100) from B in 200 characters', () => {
    expect(TEXT_200).toHaveLength(200);
    const report = buildReport(input(TEXT_200, [match('A', 0, 50), match('B', 40, 100, 'changed')]));
    expect(report.length).toBe(200);
    expect(report.percents).toEqual({
      total: 50,
      source: 50,
      identical: 25,
      'changed-index': 30,
      quote: 0,
      reference: 0,
    });
    expect(bounds(report.nodes)).toEqual([0, 40, 50, 100, 200]);
    // B covers 30 %, A 25 %: B comes first.
    expect(report.sources).toEqual([
      {
        id: 1,
        enabled: true,
        source: 'Title B',
        link: { name: 'Title B' },
        sourceType: 'web',
        index: [{ type: 'general', db_id: 'B' }],
        percent: 30,
        identical: 0,
        changedIndex: 30,
      },
      {
        id: 2,
        enabled: true,
        source: 'Title A',
        link: { name: 'Title A' },
        sourceType: 'web',
        index: [{ type: 'general', db_id: 'A' }],
        percent: 25,
        identical: 25,
        changedIndex: 0,
      },
    ]);
    expect(report.quSources).toEqual([]);
    expect(report.reSources).toEqual([]);
    const summary = report.nodes.map((n) => [n.sources, n.isIdentical, n.isChangedIndex, n.percent]);
    expect(summary).toEqual([
      [[2], true, false, 20],
      [[1, 2], true, true, 5],
      [[1], false, true, 25],
      [[], false, false, 50],
    ]);
    const first = report.nodes[0]!;
    expect(first).toEqual({
      start: 0,
      end: 40,
      text: TEXT_200.slice(0, 40),
      sources: [2],
      quotes: [],
      references: [],
      isIdentical: true,
      isChangedIndex: false,
      isQuote: false,
      isReference: false,
      isLikely: false,
      isHlikely: false,
      percent: 20,
    });
  });

  test('a quotation match is reported under quSources and does not count in total', () => {
    const text = 'He said “to be or not to be is the question” in the play, which many people quote.';
    const quotes = findQuotes(text);
    const start = text.indexOf('“');
    const end = text.indexOf('”') + 1; // 36 characters, the whole quotation
    const report = buildReport(
      input(text, [match('Q', start, end), match('W', 48, 56, 'changed')], {
        quotes,
        references: findReferences(text),
      }),
    );
    // text length 82: quote 36 / 82 = 43.902… %, changed "the play" 8 / 82 = 9.756… %, both 44 / 82 = 53.658… %
    expect(text).toHaveLength(82);
    expect(end - start).toBe(36);
    expect(text.slice(48, 56)).toBe('the play');
    expect(report.percents).toEqual({
      total: 9.76,
      source: 53.66,
      identical: 0,
      'changed-index': 9.76,
      quote: 43.9,
      reference: 0,
    });
    expect(report.quSources.map((s) => [s.id, s.index[0]?.db_id, s.percent, s.identical, s.changedIndex])).toEqual([
      [1, 'Q', 43.9, 43.9, 0],
    ]);
    expect(report.sources.map((s) => s.index[0]?.db_id)).toEqual(['W']);
    const quoted = report.nodes.find((n) => n.start === start)!;
    expect(quoted).toMatchObject({ end, isQuote: true, quotes: [1], sources: [], isIdentical: false });
  });

  test('a match mostly (≥ 50 %) inside a quotation is a quotation; less is reuse', () => {
    const text = 'a'.repeat(100);
    const quotes: Span[] = [{ start: 0, end: 10 }];
    const half = buildReport(input(text, [match('A', 0, 20)], { quotes }));
    expect(half.percents).toMatchObject({ quote: 20, total: 0 });
    const less = buildReport(input(text, [match('A', 0, 21)], { quotes }));
    expect(less.percents).toMatchObject({ quote: 0, total: 21, identical: 21 });
  });

  test('a reference match is reported under reSources', () => {
    const text = 'Reuse is common (Smith, 2020).\n\nReferences\nSmith, J. (2020). A book about reuse. Academic Press.';
    const references = findReferences(text);
    const start = text.indexOf('Smith, J.');
    const report = buildReport(
      input(text, [match('R', start, text.length, 'changed')], { references, quotes: findQuotes(text) }),
    );
    // 53 of 96 characters: 55.208… %
    expect(text.length - start).toBe(53);
    expect(text).toHaveLength(96);
    expect(report.percents).toEqual({
      total: 0,
      source: 55.21,
      identical: 0,
      'changed-index': 0,
      quote: 0,
      reference: 55.21,
    });
    expect(report.reSources).toHaveLength(1);
    expect(report.reSources[0]).toMatchObject({ id: 1, percent: 55.21, identical: 0, changedIndex: 55.21 });
    expect(report.nodes.at(-1)).toMatchObject({ isReference: true, references: [1], isChangedIndex: false });
  });

  test('quote and reference spans without a match are not flagged', () => {
    const text = '“Quoted words here” (Doe, 2001).';
    const report = buildReport(input(text, [], { quotes: findQuotes(text), references: findReferences(text) }));
    expect(report.nodes).toHaveLength(1);
    expect(report.nodes[0]).toMatchObject({ start: 0, end: text.length, isQuote: false, isReference: false });
    expect(report.percents.source).toBe(0);
  });

  test('minWords drops matches with fewer words', () => {
    const text = 'one two three four five six seven eight nine ten';
    const three = match('A', 0, 'one two three'.length); // 3 words
    const four = match('B', 14, 32); // "four five six seve": 4 words
    const kept = buildReport(input(text, [three, four], { options: { minWords: 4 } }));
    expect(kept.sources.map((s) => s.index[0]?.db_id)).toEqual(['B']);
    expect(kept.percents.total).toBe(37.5); // 18 / 48
    const all = buildReport(input(text, [three, four], { options: { minWords: 0 } }));
    expect(all.sources).toHaveLength(2);
  });

  test('a source percent is the union of its matches, not their sum', () => {
    const text = 'x'.repeat(200);
    const report = buildReport(input(text, [match('A', 0, 60), match('A', 40, 100), match('A', 150, 160, 'changed')]));
    expect(report.sources).toHaveLength(1);
    expect(report.sources[0]).toMatchObject({ id: 1, percent: 55, identical: 50, changedIndex: 5 });
    expect(report.percents).toMatchObject({ total: 55, identical: 50, 'changed-index': 5 });
    expect(bounds(report.nodes)).toEqual([0, 40, 60, 100, 150, 160, 200]);
    expect(report.nodes.map((n) => n.sources)).toEqual([[1], [1], [1], [], [1], []]);
  });

  test('sources are sorted by percent, ties by id, and described from the index', () => {
    const text = 'y'.repeat(1000);
    const matches = [match('b', 0, 100), match('a', 200, 300), match('c', 400, 700)];
    const sources = new Map<string, IndexedSource>([
      ['a', source('a', { url: 'https://example.org/a', title: '' })],
      ['b', source('b', { collection: 'checked', title: '', text: 'z'.repeat(300) })],
      ['c', source('c', { collection: 'checked:group-7', url: 'https://example.org/c', title: 'C paper' })],
    ]);
    const report = buildReport(input(text, matches, { sources }));
    expect(report.sources.map((s) => [s.id, s.index, s.source, s.link.name, s.sourceType, s.percent])).toEqual([
      [1, [{ type: 'checked', db_id: 'c' }], 'https://example.org/c', 'C paper', 'checked:group-7', 30],
      [2, [{ type: 'general', db_id: 'a' }], 'https://example.org/a', 'https://example.org/a', 'web', 10],
      [3, [{ type: 'checked', db_id: 'b' }], 'z'.repeat(200), '#b', 'checked', 10],
    ]);
  });

  test('a match whose source is unknown is still reported, described by its id', () => {
    const report = buildReport({ ...input('abcdef', []), matches: [match('gone', 0, 3)] });
    expect(report.sources[0]).toMatchObject({ source: 'gone', link: { name: '#gone' }, sourceType: '' });
    expect(report.percents.total).toBe(50);
  });

  test('matches are clamped to the text and empty ones dropped', () => {
    const report = buildReport(input('abcdefghij', [match('A', -5, 4), match('B', 8, 50), match('C', 5, 5)]));
    expect(bounds(report.nodes)).toEqual([0, 4, 8, 10]);
    expect(report.percents.total).toBe(60);
    expect(report.sources).toHaveLength(2);
  });

  test('an empty text gives an empty report', () => {
    expect(buildReport(input('', [match('A', 0, 10)]))).toEqual({
      nodes: [],
      sources: [],
      quSources: [],
      reSources: [],
      length: 0,
      percents: { total: 0, source: 0, identical: 0, 'changed-index': 0, quote: 0, reference: 0 },
    });
  });

  test('a text without matches is one plain node of 100 %', () => {
    const report = buildReport(input('hello', []));
    expect(report.nodes).toEqual([
      {
        start: 0,
        end: 5,
        text: 'hello',
        sources: [],
        quotes: [],
        references: [],
        isIdentical: false,
        isChangedIndex: false,
        isQuote: false,
        isReference: false,
        isLikely: false,
        isHlikely: false,
        percent: 100,
      },
    ]);
    expect(report.percents.total).toBe(0);
  });

  test('percentages round half up without float noise', () => {
    // 1 / 8 = 12.5 %; 1 / 3 = 33.333… %; 2 / 3 = 66.666… %; 1.005 % = 201 of 20000
    expect(buildReport(input('abcdefgh', [match('A', 0, 1)])).percents.total).toBe(12.5);
    expect(buildReport(input('abc', [match('A', 0, 1)])).percents.total).toBe(33.33);
    expect(buildReport(input('abc', [match('A', 0, 2)])).percents.total).toBe(66.67);
    expect(buildReport(input('a'.repeat(20000), [match('A', 0, 201)])).percents.total).toBe(1.01);
  });
});

describe('nodes partition the text', () => {
  /** A small deterministic generator (mulberry32), so failures reproduce. */
  function random(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  test('over random matches, quotes and references', () => {
    const next = random(42);
    const int = (n: number) => Math.floor(next() * n);
    for (let round = 0; round < 200; round += 1) {
      const length = 1 + int(400);
      const text = Array.from({ length }, () => 'ab cd“”\n'.charAt(int(8))).join('');
      const spans = (count: number): Span[] =>
        Array.from({ length: count }, () => {
          const a = int(length + 1);
          const b = int(length + 1);
          return { start: Math.min(a, b), end: Math.max(a, b) };
        });
      const matches = spans(int(12)).map((s, i) =>
        match(`s${int(4)}`, s.start, s.end, i % 2 === 0 ? 'identical' : 'changed'),
      );
      const report = buildReport(
        input(text, matches, { quotes: spans(int(3)), references: spans(int(3)), options: { minWords: int(3) } }),
      );
      expect(report.nodes.map((n) => n.text).join('')).toBe(text);
      expect(report.nodes[0]?.start).toBe(0);
      expect(report.nodes.at(-1)?.end).toBe(length);
      for (const [i, node] of report.nodes.entries()) {
        expect(node.end).toBeGreaterThan(node.start);
        if (i > 0) expect(node.start).toBe(report.nodes[i - 1]?.end);
        expect(node.text).toBe(text.slice(node.start, node.end));
        for (const id of node.sources) expect(report.sources[id - 1]?.id).toBe(id);
        for (const id of node.quotes) expect(report.quSources[id - 1]?.id).toBe(id);
        for (const id of node.references) expect(report.reSources[id - 1]?.id).toBe(id);
        expect(node.isIdentical || node.isChangedIndex).toBe(node.sources.length > 0);
        expect(node.isQuote).toBe(node.quotes.length > 0);
        expect(node.isReference).toBe(node.references.length > 0);
      }
      const sum = report.nodes.reduce((acc, n) => acc + n.percent, 0);
      expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.005 * report.nodes.length + 1e-9);
      // The flagged nodes add up to the percents (up to rounding).
      const flagged = (pick: (n: ReportNode) => boolean) =>
        report.nodes.filter(pick).reduce((acc, n) => acc + n.end - n.start, 0);
      const pct = (chars: number) => Math.round((chars * 10000) / length) / 100;
      expect(report.percents.total).toBe(pct(flagged((n) => n.isIdentical || n.isChangedIndex)));
      expect(report.percents.identical).toBe(pct(flagged((n) => n.isIdentical)));
      expect(report.percents['changed-index']).toBe(pct(flagged((n) => n.isChangedIndex)));
      expect(report.percents.quote).toBe(pct(flagged((n) => n.isQuote)));
      expect(report.percents.reference).toBe(pct(flagged((n) => n.isReference)));
      expect(report.percents.source).toBe(
        pct(flagged((n) => n.isIdentical || n.isChangedIndex || n.isQuote || n.isReference)),
      );
    }
  });
});

import { describe, expect, test } from 'vitest';
import { buildReport, describeBasisSource, rebuildReport, reportBasis, type ReportInput } from './report.ts';
import type { IndexedSource } from './store.ts';
import type { Match, MatchKind, Span } from './types.ts';

function match(sourceId: string, suspStart: number, suspEnd: number, kind: MatchKind = 'identical'): Match {
  return { sourceId, kind, suspStart, suspEnd, srcStart: 10, srcEnd: 10 + suspEnd - suspStart, similarity: 1 };
}

/** 200 characters of words: "w000 w001 … " (5 characters a word with its space). */
const TEXT = Array.from({ length: 40 }, (_, i) => `w${String(i).padStart(3, '0')} `).join('');

function input(matches: Match[], fields: Partial<ReportInput> = {}): ReportInput {
  const sources = new Map<string, IndexedSource>();
  for (const m of matches) {
    sources.set(m.sourceId, {
      id: m.sourceId,
      text: `${m.sourceId} `.repeat(100),
      collection: m.sourceId.startsWith('check:') ? 'checked' : 'ref:books',
      title: `Title ${m.sourceId}`,
      url: m.sourceId === 'W' ? 'https://example.org/w' : null,
    });
  }
  return { text: TEXT, matches, sources, quotes: [], references: [], options: { minWords: 0 }, ...fields };
}

// A 25 % [0,50), B 5 % [100,110), C 10 % [150,170) quoted, D 10 % [180,200) in references
const QUOTES: Span[] = [{ start: 150, end: 170 }];
const REFERENCES: Span[] = [{ start: 180, end: 200 }];
const MATCHES = [match('A', 0, 50), match('B', 100, 110, 'changed'), match('C', 150, 170), match('D', 180, 200)];
const FULL = input(MATCHES, { quotes: QUOTES, references: REFERENCES });

describe('reportBasis', () => {
  test('keeps the raw matches, the spans and what the report says of each source (the text cut to 200)', () => {
    const basis = reportBasis(FULL);
    expect(basis.matches[1]).toEqual({
      sourceId: 'B',
      kind: 'changed',
      suspStart: 100,
      suspEnd: 110,
      srcStart: 10,
      srcEnd: 20,
    });
    expect(basis.quotes).toEqual(QUOTES);
    expect(basis.references).toEqual(REFERENCES);
    expect(Object.keys(basis.sources).sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(basis.sources['A']).toEqual({
      title: 'Title A',
      url: null,
      collection: 'ref:books',
      text: 'A '.repeat(100),
    });
    // JSON-safe: it is stored in the report's jsonb as it is
    expect(JSON.parse(JSON.stringify(basis))).toEqual(basis);
  });
});

describe('rebuildReport', () => {
  test('with no settings gives what buildReport gave', () => {
    const basis = reportBasis(FULL);
    const rebuilt = rebuildReport(JSON.parse(JSON.stringify(basis)) as typeof basis, TEXT);
    expect(rebuilt.plagiarism).toEqual(buildReport(FULL));
    expect(rebuilt.excluded).toEqual([]);
    expect(rebuilt.plagiarism.percents.total).toBe(30);
    expect(rebuilt.plagiarism.percents.quote).toBe(10);
    expect(rebuilt.plagiarism.percents.reference).toBe(10);
  });

  test('an ignored source leaves the report and the total drops', () => {
    const { plagiarism, excluded } = rebuildReport(reportBasis(FULL), TEXT, { ignored: new Set(['A']) });
    expect(plagiarism.sources.map((s) => s.index[0]?.db_id)).toEqual(['B']);
    expect(plagiarism.percents.total).toBe(5);
    expect(plagiarism.nodes.every((node) => !(node.start < 50 && node.isIdentical))).toBe(true);
    expect(excluded).toEqual([{ sourceId: 'A', reason: 'ignored' }]);
  });

  test('self-plagiarism sources are left out with their own reason', () => {
    const basis = reportBasis(input([match('check:7', 0, 50), match('B', 100, 110)]));
    const { plagiarism, excluded } = rebuildReport(basis, TEXT, { selfSources: new Set(['check:7']) });
    expect(plagiarism.percents.total).toBe(5);
    expect(excluded).toEqual([{ sourceId: 'check:7', reason: 'self' }]);
  });

  test('sources below the percentage leave the similarity list; at the threshold they stay', () => {
    const basis = reportBasis(FULL);
    const at5 = rebuildReport(basis, TEXT, { excludeBelowPercent: 5 });
    expect(at5.plagiarism.sources.map((s) => s.index[0]?.db_id)).toEqual(['A', 'B']);
    const at6 = rebuildReport(basis, TEXT, { excludeBelowPercent: 6 });
    expect(at6.plagiarism.sources.map((s) => s.index[0]?.db_id)).toEqual(['A']);
    expect(at6.plagiarism.percents.total).toBe(25);
    expect(at6.excluded).toEqual([{ sourceId: 'B', reason: 'below' }]);
    // quotations and references are not similarity: the threshold leaves them alone
    expect(at6.plagiarism.quSources.map((s) => s.index[0]?.db_id)).toEqual(['C']);
    const all = rebuildReport(basis, TEXT, { excludeBelowPercent: 100 });
    expect(all.plagiarism.percents.total).toBe(0);
    expect(all.plagiarism.sources).toEqual([]);
  });

  test('included quotes and references count as similarity and raise the total', () => {
    const basis = reportBasis(FULL);
    const quotes = rebuildReport(basis, TEXT, { includeQuotes: true }).plagiarism;
    expect(quotes.percents.total).toBe(40);
    expect(quotes.quSources).toEqual([]);
    expect(quotes.sources.map((s) => s.index[0]?.db_id)).toEqual(['A', 'C', 'B']);
    expect(quotes.reSources.map((s) => s.index[0]?.db_id)).toEqual(['D']);
    const both = rebuildReport(basis, TEXT, { includeQuotes: true, includeReferences: true }).plagiarism;
    expect(both.percents.total).toBe(50);
    expect(both.percents.quote).toBe(0);
    expect(both.percents.reference).toBe(0);
    expect(both.nodes.find((node) => node.start === 180)?.isIdentical).toBe(true);
  });

  test('only this source: that source alone, whatever the other settings say', () => {
    const basis = reportBasis(FULL);
    const { plagiarism } = rebuildReport(basis, TEXT, {
      onlySource: 'B',
      ignored: new Set(['B']),
      excludeBelowPercent: 50,
    });
    expect(plagiarism.sources.map((s) => s.index[0]?.db_id)).toEqual(['B']);
    expect(plagiarism.sources[0]?.id).toBe(1);
    expect(plagiarism.percents.total).toBe(5);
    expect(plagiarism.quSources).toEqual([]);
    expect(plagiarism.reSources).toEqual([]);
  });

  test('names a source as the report does', () => {
    const basis = reportBasis(input([match('W', 0, 50)]));
    expect(describeBasisSource(basis, 'W')).toEqual({
      enabled: true,
      source: 'https://example.org/w',
      link: { name: 'Title W' },
      sourceType: 'ref:books',
      index: [{ type: 'general', db_id: 'W' }],
    });
  });
});

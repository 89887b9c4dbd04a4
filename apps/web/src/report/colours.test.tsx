import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportNode, SimilarityReport } from '@veritext/contracts';
import { i18next, initI18n } from '../i18n/index.ts';
import { nodeColourSource, similarityGauge, sourceColourVar } from './colours.ts';
import { itemKey } from './highlight.ts';
import { ReportScreen } from './ReportModal.tsx';
import { ReportView } from './ReportView.tsx';
import { reportName } from './title.ts';

function node(text: string, sources: number[] = []): ReportNode {
  return {
    start: 0,
    end: text.length,
    text,
    sources,
    quotes: [],
    references: [],
    isIdentical: sources.length > 0,
    isChangedIndex: false,
    isQuote: false,
    isReference: false,
    isLikely: false,
    isHlikely: false,
    percent: 0,
  };
}

function report(total: number, extra: Partial<SimilarityReport> = {}): SimilarityReport {
  return {
    id: 7,
    title: 'Water and stone',
    plagiarism: {
      nodes: [node('Water carves the rock. ', [1]), node('The end.')],
      sources: [],
      quSources: [],
      reSources: [],
      length: 31,
      percents: { total, source: total, identical: total, 'changed-index': 0, quote: 0, reference: 0 },
    },
    ai: {
      status: null,
      nodes: [],
      percents: { processed: 0, likely: 0, strong: 0, total: 0 },
      verdict: null,
      error: null,
    },
    compared_with: null,
    ...extra,
  };
}

describe('source colours', () => {
  it('gives source N the token --color-source-((N-1) mod 8 + 1)', () => {
    expect(sourceColourVar(1)).toBe('var(--color-source-1)');
    expect(sourceColourVar(8)).toBe('var(--color-source-8)');
    expect(sourceColourVar(9)).toBe('var(--color-source-1)');
    expect(sourceColourVar(18)).toBe('var(--color-source-2)');
  });

  it("colours a passage by its first source still in the highlights, none when they're all left out", () => {
    expect(nodeColourSource({ sources: [3, 5] }, new Set())).toBe(3);
    expect(nodeColourSource({ sources: [3, 5] }, new Set([itemKey('source', 3)]))).toBe(5);
    expect(nodeColourSource({ sources: [3] }, new Set([itemKey('source', 3)]))).toBeNull();
    expect(nodeColourSource({ sources: [] }, new Set())).toBeNull();
  });
});

describe('the similarity gauge', () => {
  it('reads the total in bands, cut at 10, 25 and 50 %, and fills the ring as far as the total', () => {
    expect(similarityGauge(0)).toEqual({
      band: 'none',
      labelKey: 'report.gauge.none.label',
      meaningKey: 'report.gauge.none.meaning',
      fraction: 0,
    });
    expect(similarityGauge(4.2).band).toBe('low');
    expect(similarityGauge(9.99).band).toBe('low');
    expect(similarityGauge(10).band).toBe('moderate');
    expect(similarityGauge(25).band).toBe('high');
    expect(similarityGauge(62.5)).toMatchObject({ band: 'veryHigh', fraction: 0.625 });
    expect(similarityGauge(140).fraction).toBe(1);
    expect(similarityGauge(Number.NaN)).toMatchObject({ band: 'none', fraction: 0 });
  });

  it('says what each band means, in both languages', async () => {
    await initI18n('en');
    const cases: [number, string, string][] = [
      [0, 'No matching text', 'Nothing matched the sources it was compared with'],
      [4.2, 'Low similarity', 'Mostly original'],
      [18, 'Some similarity', 'Review the matched passages'],
      [30, 'High similarity', 'Much of the text matches other sources'],
      [75, 'Very high similarity', 'Most of the text matches other sources'],
    ];
    for (const [total, label, meaning] of cases) {
      const html = renderToStaticMarkup(<ReportView report={report(total)} ai={{ kind: 'offer' }} language="en" />);
      expect(html).toContain(`<strong>${label}</strong>`);
      expect(html).toContain(meaning);
    }
    await i18next.changeLanguage('es');
    try {
      const html = renderToStaticMarkup(<ReportView report={report(4.2)} ai={{ kind: 'offer' }} language="es" />);
      expect(html).toContain('<strong>Similitud baja</strong>');
      expect(html).toContain('4,20\u00a0%');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

describe('the report title and the guest cut', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('is titled by the document, else the first words of its text', () => {
    expect(reportName(report(0))).toBe('Water and stone');
    expect(reportName(report(0, { title: '  ' }))).toBe('Water carves the rock. The end.');
    const long = report(0, { title: '' });
    long.plagiarism.nodes = [node('one two three four five six seven eight nine ten')];
    expect(reportName(long)).toBe('one two three four five six seven eight…');
    long.plagiarism.nodes = [];
    expect(reportName(long)).toBeNull();
  });

  it("says when only a guest's first 275 words were checked, and not otherwise", () => {
    const screen = (value: SimilarityReport): string =>
      renderToStaticMarkup(
        <ReportScreen
          documentId={7}
          load={{ document: { kind: 'ready', report: value }, ai: { kind: 'offer' } }}
          progress={{ step: 9, isReady: true, isFinished: true }}
          isGuest
          language="en"
          onSignup={() => undefined}
        />,
      );
    const cut = screen(report(12, { cut_at_words: 275 }));
    expect(cut).toContain('data-testid="report-cut"');
    expect(cut).toContain('Only the first 275\u00a0words were checked');
    expect(screen(report(12))).not.toContain('report-cut');
    // untitled, without text: a plain name
    const untitled = report(0, { title: '' });
    untitled.plagiarism.nodes = [];
    expect(screen(untitled)).toContain('<span class="report-modal__name">Untitled document</span>');
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { AI_PUBLISHED_VERDICT, type SimilarityReport } from '@veritext/contracts';
import { i18next, initI18n } from '../i18n/index.ts';
import { ReportView } from './ReportView.tsx';
import { node } from './nodes.test-data.ts';

const COPIED = 'Lighthouses have guided sailors along dangerous coasts for more than two thousand years. ';

/** A report whose AI part found its middle passage in a reference collection. */
const REPORT: SimilarityReport = {
  id: 7,
  title: 'Essay',
  plagiarism: {
    nodes: [
      node({ text: 'My own opening words. ' }),
      node({ text: COPIED, sources: [1], isIdentical: true }),
      node({ text: 'My own closing words.' }),
    ],
    sources: [
      {
        id: 1,
        enabled: true,
        source: 'lighthouses.txt',
        link: { name: 'lighthouses.txt' },
        sourceType: 'ref:maritime',
        index: [{ type: 'general', db_id: 'ref:maritime:lighthouses.txt' }],
        percent: 40,
        identical: 40,
        changedIndex: 0,
        origin: { kind: 'collection', name: 'ref:maritime', title: 'Maritime history' },
      },
    ],
    quSources: [],
    reSources: [],
    length: 131,
    percents: { total: 40, source: 40, identical: 40, 'changed-index': 0, quote: 0, reference: 0 },
  },
  ai: {
    status: 4,
    nodes: [
      node({ text: 'My own opening words. ', isLikely: true }),
      node({ text: COPIED, isPublished: true }),
      node({ text: 'My own closing words.' }),
    ],
    percents: { processed: 100, likely: 50, strong: 0, total: 50, published: 60 },
    verdict: 'likely AI',
    error: null,
  },
  compared_with: null,
};

function aiView(report: SimilarityReport, language = 'en'): string {
  return renderToStaticMarkup(<ReportView report={report} ai={{ kind: 'done' }} language={language} initialTab="ai" />);
}

describe('published passages in the AI view', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows a passage found in published sources in its neutral mark, with a legend and the share left out', () => {
    const html = aiView(REPORT);
    expect(html).toContain(
      '<mark class="ai-mark ai-mark--published" data-ai-node="1"><span class="visually-hidden">' +
        `[found in published sources:]</span>${COPIED}<span class="visually-hidden">[end]</span></mark>`,
    );
    // never the AI violet: the passage has neither AI mark
    expect(html).not.toMatch(/ai-mark--(likely|strong)" data-ai-node="1"/);
    expect(html).toContain('<mark class="ai-mark ai-mark--likely" data-ai-node="0">');
    expect(html).toContain('<span class="ai-legend ai-legend--published">Found in sources (not counted)</span>');
    expect(html).toContain('60.00\u00a0% of the text was found in published sources and is not counted.');
  });

  it('has no legend entry or line when nothing was found in published sources', () => {
    const plain: SimilarityReport = {
      ...REPORT,
      ai: {
        ...REPORT.ai,
        nodes: REPORT.ai.nodes.map(({ isPublished: _, ...rest }) => rest),
        percents: { processed: 100, likely: 20, strong: 0, total: 20 },
      },
    };
    const html = aiView(plain);
    expect(html).not.toContain('ai-mark--published');
    expect(html).not.toContain('ai-legend--published');
    expect(html).not.toContain('found in published sources');
  });

  it('says a text found whole in published sources was found there, in Spanish too', async () => {
    const whole: SimilarityReport = {
      ...REPORT,
      ai: {
        ...REPORT.ai,
        nodes: [node({ text: COPIED, isPublished: true })],
        percents: { processed: 0, likely: 0, strong: 0, total: 0, published: 100 },
        verdict: AI_PUBLISHED_VERDICT,
      },
    };
    const english = aiView(whole);
    // the AI card and the AI tab both give the verdict in words
    expect(english).toContain(
      '<span class="report-total__value report-verdict__value">Found in published sources</span>',
    );
    expect(english).toContain('<strong>Found in published sources</strong>');
    await i18next.changeLanguage('es');
    try {
      const spanish = aiView(whole, 'es');
      expect(spanish).toContain('<strong>Encontrado en fuentes publicadas</strong>');
      expect(spanish).toContain('El 100,00\u00a0% del texto se encontró en fuentes publicadas y no se cuenta.');
      expect(spanish).toContain('Encontrado en fuentes (no cuenta)');
      expect(spanish).toContain('[encontrado en fuentes publicadas:]');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GrammarResult, SimilarityReport } from '@veritext/contracts';
import { ServicesContext } from '../../app/ServicesContext.tsx';
import type { Services } from '../../app/services.ts';
import { i18next, initI18n } from '../../i18n/index.ts';
import { node } from '../nodes.test-data.ts';
import { ReportView } from '../ReportView.tsx';
import { excerptOf, grammarQueryKey, piecesOf } from './grammar.ts';
import { GrammarProvider } from './GrammarPanel.tsx';

const TEXT = 'I did not recieve the the parcel. It was a honest mistake.';

const REPORT: SimilarityReport = {
  id: 7,
  title: 'Essay',
  plagiarism: {
    nodes: [node({ text: TEXT })],
    sources: [],
    quSources: [],
    reSources: [],
    length: TEXT.length,
    percents: { total: 0, source: 0, identical: 0, 'changed-index': 0, quote: 0, reference: 0 },
  },
  ai: {
    status: 4,
    nodes: [node({ text: TEXT })],
    percents: { processed: 100, likely: 0, strong: 0, total: 0 },
    verdict: 'human',
    error: null,
  },
  compared_with: null,
};

const CHECKED: GrammarResult = {
  state: 'checked',
  language: 'en',
  checked_at: '2026-11-26T10:00:00.000Z',
  text: TEXT,
  findings: [
    { start: 10, end: 17, kind: 'spelling', rule: 'spelling', params: { word: 'recieve' }, suggestions: ['receive'] },
    { start: 18, end: 25, kind: 'grammar', rule: 'repeated-word', params: { word: 'the' }, suggestions: ['the'] },
    {
      start: 41,
      end: 42,
      kind: 'grammar',
      rule: 'indefinite-article',
      params: { word: 'a', expected: 'an' },
      suggestions: ['an'],
    },
  ],
};

/** The report with its Grammar tab chosen; `grammar` undefined: no provider (a shared report). */
function render(grammar: GrammarResult | undefined): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (grammar !== undefined) queryClient.setQueryData(grammarQueryKey(7), grammar);
  const services = { endpoints: { grammar: () => new Promise(() => undefined) } } as unknown as Services;
  const view = <ReportView report={REPORT} ai={{ kind: 'done' }} language="en" initialTab="grammar" />;
  return renderToStaticMarkup(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>
        {grammar === undefined ? (
          view
        ) : (
          <GrammarProvider checkId={7} language="en">
            {view}
          </GrammarProvider>
        )}
      </QueryClientProvider>
    </ServicesContext.Provider>,
  );
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe("the report's Grammar tab (issue 18)", () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('stays locked where the report has no document to check (a shared report)', () => {
    const html = render(undefined);
    expect(html).toMatch(/<button[^>]*aria-disabled="true"[^>]*>[^]*?Grammar/);
    expect(html).not.toContain('data-testid="grammar-not-activated"');
  });

  it('not activated: the §8 message', () => {
    const html = render({ state: 'not_activated' });
    expect(html).toContain('data-testid="grammar-not-activated"');
    expect(textOf(html)).toContain('Grammar checker is not activated for your organization');
  });

  it('not checked: a Check grammar button', () => {
    const html = render({ state: 'not_checked' });
    expect(html).toContain('data-testid="grammar-not-checked"');
    expect(html).toMatch(/<button[^>]*>Check grammar<\/button>/);
  });

  it('checked: the findings with excerpt, message and suggestions, and marks in the text', () => {
    const html = render(CHECKED);
    const text = textOf(html);
    expect(text).toContain('3 issues found (English)');
    expect(text).toContain('“recieve” may be misspelt.');
    expect(text).toContain('“the” is repeated.');
    expect(text).toContain('Use “an” instead of “a” before this word.');
    expect(text).toContain('Suggestions: receive');
    expect(html.match(/class="grammar-mark /g)).toHaveLength(3);
    expect(html).toContain('data-testid="grammar-text"');
    expect(html.match(/aria-pressed="false"/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('words the findings in Spanish for a Spanish reader', async () => {
    await i18next.changeLanguage('es');
    try {
      const text = textOf(render(CHECKED));
      expect(text).toContain('«recieve» puede estar mal escrita.');
      expect(text).toContain('3 problemas encontrados (inglés)');
      expect(textOf(render({ state: 'not_activated' }))).toContain(
        'El corrector gramatical no está activado para tu organización',
      );
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('cuts excerpts at words and marks the text without overlaps', () => {
    expect(excerptOf(TEXT, { start: 41, end: 42 })).toEqual({
      before: '…recieve the the parcel. It was ',
      match: 'a',
      after: ' honest mistake.',
    });
    expect(
      piecesOf('abcdef', [
        { start: 1, end: 3 },
        { start: 2, end: 4 },
        { start: 4, end: 5 },
      ]),
    ).toEqual([
      { text: 'a', finding: null },
      { text: 'bc', finding: 0 },
      { text: 'd', finding: null },
      { text: 'e', finding: 2 },
      { text: 'f', finding: null },
    ]);
  });
});

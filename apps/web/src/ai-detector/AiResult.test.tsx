import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AiCheckResult } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { i18next, initI18n } from '../i18n/index.ts';
import { AiCheckDelete } from './AiCheckDelete.tsx';
import { AiReportDownload, aiReportFileName } from './AiReportDownload.tsx';
import { AiResult } from './AiResult.tsx';

const RESULT: AiCheckResult = {
  id: 7,
  status: 4,
  enabled: true,
  content: 'Plain start. Likely part. Strong part.',
  chunks: [
    { position: [0, 13], reliability: 0 },
    { position: [13, 26], reliability: 1 },
    { position: [26, 38], reliability: 2 },
  ],
  processed_percent: 100,
  likely_percent: 31.578,
  strong_percent: 34.2,
  mark: null,
  comment: null,
  score: 0.8123,
  verdict: 'highly likely AI',
  flagged: true,
  lang: 'en',
};

function render(result: AiCheckResult, language = 'en'): string {
  return renderToStaticMarkup(<AiResult result={result} language={language} onClear={() => undefined} />);
}

describe('the AI result view', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows the verdict in words, the score and the percentages with two decimals', () => {
    const html = render(RESULT);
    expect(html).toContain('Highly likely AI');
    expect(html).toContain('(score 0.81; the verdict says AI-written from 0.50)');
    expect(html).toContain('100.00 %');
    expect(html).toContain('31.58 %');
    expect(html).toContain('34.20 %');
    expect(html).toContain('Clear text');
  });

  it('marks likely and strong chunks with their own style and a label for screen readers', () => {
    const html = render(RESULT);
    expect(html).toContain(
      '<mark class="ai-mark ai-mark--likely"><span class="visually-hidden">[likely AI:]</span>Likely part. ',
    );
    expect(html).toContain(
      '<mark class="ai-mark ai-mark--strong"><span class="visually-hidden">[strongly likely AI:]</span>Strong part.',
    );
    expect(html).toContain('<span>Plain start. </span>');
    expect(html).toContain('Likely AI-written');
    expect(html).toContain('Strongly likely AI-written');
  });

  it('reads in Spanish too', async () => {
    await i18next.changeLanguage('es');
    try {
      const html = render({ ...RESULT, verdict: 'human-written', flagged: false }, 'es');
      expect(html).toContain('Escrito por una persona');
      expect(html).toContain('31,58 %');
      expect(html).toContain('Borrar texto');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows the Download PDF button: a keyboard-reachable button with a live status, no spinner at rest', () => {
    const queryClient = new QueryClient();
    const services = { queryClient } as Partial<Services> as Services;
    const html = renderToStaticMarkup(
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <AiResult
            result={RESULT}
            language="en"
            onClear={() => undefined}
            download={<AiReportDownload checkId={RESULT.id} />}
          />
        </ServicesContext>
      </QueryClientProvider>,
    );
    expect(html).toMatch(
      /<button type="button" class="button" aria-disabled="false" aria-describedby="([^"]+)-status" data-testid="ai-download-pdf">Download PDF<\/button>/,
    );
    expect(html).toMatch(/<span id="[^"]+-status" role="status" aria-live="polite" class="visually-hidden"><\/span>/);
    expect(html).not.toContain('spinner');
    expect(aiReportFileName(7)).toBe('veritext-ai-report-7.pdf');
  });
  it('offers Delete this check as a dialog trigger, closed at rest (issue 13, A5)', () => {
    const queryClient = new QueryClient();
    const services = { queryClient } as Partial<Services> as Services;
    const html = renderToStaticMarkup(
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <AiResult
            result={RESULT}
            language="en"
            onClear={() => undefined}
            remove={<AiCheckDelete checkId={RESULT.id} onDeleted={() => undefined} />}
          />
        </ServicesContext>
      </QueryClientProvider>,
    );
    expect(html).toMatch(
      /<button type="button" aria-haspopup="dialog" aria-expanded="false"[^>]*class="button button--ghost ai-result__delete"[^>]*>Delete this check<\/button>/,
    );
    expect(html).not.toContain('role="dialog"');
  });
});

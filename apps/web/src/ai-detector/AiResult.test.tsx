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

  it('shows one verdict in words from the server, the detector level, the caution and no score line', () => {
    const html = render(RESULT);
    expect(html).toMatch(/<p class="ai-verdict" data-testid="ai-verdict">.*Reads as AI-written<\/p>/);
    expect(html).toContain('data-verdict="ai"');
    expect(html).toContain('Detector level: Highly likely AI');
    expect(html).toContain('No AI detector is certain.');
    expect(html).not.toContain('score');
    expect(html).not.toContain('0.81');
    expect(html).toContain('Clear text');
  });

  it('reads each band of the six levels in the words of its band, the level only where it fits', () => {
    const cases = [
      ['human-written', 'human', 'Reads as written by a person', 'Detector level: Human-written'],
      ['likely human', 'human', 'Reads as written by a person', 'Detector level: Likely human'],
      ['potentially AI', 'uncertain', 'Not enough evidence to tell', null],
      ['likely AI', 'ai', 'Reads as AI-written', 'Detector level: Likely AI'],
      ['most likely AI', 'ai', 'Reads as AI-written', 'Detector level: Most likely AI'],
    ] as const;
    for (const [verdict, band, words, level] of cases) {
      const html = render({ ...RESULT, verdict, flagged: band === 'ai' });
      expect(html, verdict).toContain(`data-verdict="${band}"`);
      expect(html, verdict).toMatch(new RegExp(`data-testid="ai-verdict">.*${words}</p>`));
      if (level === null) expect(html, verdict).not.toContain('Detector level');
      else expect(html, verdict).toContain(level);
    }
    expect(render({ ...RESULT, verdict: null })).toContain('No verdict');
  });

  it('says what the server’s band means and how often human texts got it in our tests, in each band', () => {
    const assessed = (assessment: AiCheckResult['assessment']) =>
      render({ ...RESULT, verdict: 'human-written', flagged: false, assessment });
    const base = { lang: 'en', human_texts: 3646 } as const;
    const human = assessed({ ...base, band: 'human', reason: null, level: 'human-written', human_share: 75.01 });
    expect(human).toContain('data-verdict="human"');
    expect(human).toContain('Detector level: Human-written');
    expect(human).toContain(
      'The writing is like the human texts the detector was tested on, and unlike most AI-written ones. ' +
        'In our tests, 75.01\u00a0% of the 3,646 English texts written by people got this result.',
    );
    // the evidence overrides the level: an unfamiliar style is uncertain, and its level is not shown
    const unfamiliar = assessed({ ...base, band: 'uncertain', reason: 'unfamiliar', level: null, human_share: 24.99 });
    expect(unfamiliar).toContain('data-verdict="uncertain"');
    expect(unfamiliar).toMatch(/data-testid="ai-verdict">.*Not enough evidence to tell<\/p>/);
    expect(unfamiliar).not.toContain('Human-written');
    expect(unfamiliar).toContain('This kind of writing is unlike anything the detector was trained on');
    expect(unfamiliar).toContain('In our tests, 24.99\u00a0% of the 3,646 English texts');
    const short = assessed({ ...base, band: 'uncertain', reason: 'short', level: null, human_share: 24.99 });
    expect(short).toContain('The text is too short for the detector to make a confident call either way.');
    const overlap = assessed({ ...base, band: 'uncertain', reason: 'overlap', level: null, human_share: 24.99 });
    expect(overlap).toContain('so the detector cannot tell which this is.');
    const ai = assessed({ ...base, band: 'ai', reason: null, level: 'most likely AI', human_share: 0 });
    expect(ai).toContain('data-verdict="ai"');
    expect(ai).toContain('In our tests, none of the 3,646 English texts written by people got this result.');
    // no share measured (an older server): the meaning alone
    const plain = render({ ...RESULT, verdict: 'potentially AI', flagged: false });
    expect(plain).toMatch(/data-testid="ai-verdict-meaning">Texts written by people[^<]*which this is\.<\/p>/);
  });

  it('draws the bar of unmarked, likely and strongly likely shares with a text equivalent, percentages through format.ts', () => {
    const html = render(RESULT);
    // human = 100 - 31.578 - 34.2; each part grows with its share, the empty ones are left out
    expect(html).toMatch(
      /<div class="ai-bar__track" role="img" aria-labelledby="[^"]+-bar" aria-describedby="[^"]+-bar-text" data-testid="ai-bar">/,
    );
    expect(html).toContain('<span class="ai-bar__part ai-bar__part--human" style="flex-grow:34.22"></span>');
    expect(html).toContain('<span class="ai-bar__part ai-bar__part--mixed" style="flex-grow:31.578"></span>');
    expect(html).toContain('<span class="ai-bar__part ai-bar__part--ai" style="flex-grow:34.2"></span>');
    expect(html).toContain(
      '34.22\u00a0% of your text is not marked, 31.58\u00a0% is marked likely AI-written and ' +
        '34.20\u00a0% strongly likely AI-written.',
    );
    expect(html).toContain('<span class="ai-bar__name">Not marked</span>');
    const humanOnly = render({ ...RESULT, likely_percent: 0, strong_percent: 0, verdict: 'human-written' });
    expect(humanOnly).toContain('ai-bar__part--human');
    expect(humanOnly).not.toContain('ai-bar__part--mixed');
    expect(humanOnly).not.toContain('ai-bar__part--ai"');
    // the statistic cards: two decimals, no-break space before the sign
    expect(html).toContain('100.00\u00a0%');
    expect(html).toContain('31.58\u00a0%');
    expect(html).toContain('34.20\u00a0%');
  });

  it('puts the highlighted text before the statistic cards (a phone shows them in this order)', () => {
    const html = render(RESULT);
    const text = html.indexOf('data-testid="ai-text"');
    const stats = html.indexOf('data-testid="ai-stats"');
    expect(text).toBeGreaterThan(html.indexOf('data-testid="ai-bar"'));
    expect(stats).toBeGreaterThan(text);
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
      expect(html).toContain('Parece escrito por una persona');
      expect(html).toContain('Nivel del detector: Escrito por una persona');
      expect(html).toContain('La escritura se parece a la de los textos humanos con los que se probó el detector');
      expect(html).toContain('Ningún detector de IA es infalible.');
      expect(html).toContain('31,58\u00a0%');
      expect(html).toContain('El 34,22\u00a0% de tu texto no está marcado');
      expect(html).toContain('Borrar texto');
      const base = { lang: 'es', human_texts: 1288 } as const;
      const uncertain = render(
        {
          ...RESULT,
          verdict: 'potentially AI',
          flagged: false,
          assessment: { ...base, band: 'uncertain', reason: 'overlap', level: null, human_share: 14.21 },
        },
        'es',
      );
      expect(uncertain).toContain('data-verdict="uncertain"');
      expect(uncertain).toContain('No hay pruebas suficientes para saberlo');
      expect(uncertain).not.toContain('Nivel del detector');
      expect(uncertain).toContain('así que el detector no puede saber de cuál se trata.');
      expect(uncertain).toContain(
        'En nuestras pruebas, el 14,21\u00a0% de los 1288 textos en español escritos por personas obtuvo este resultado.',
      );
      const short = render(
        {
          ...RESULT,
          assessment: { ...base, band: 'uncertain', reason: 'short', level: null, human_share: 14.21 },
        },
        'es',
      );
      expect(short).toContain('El texto es demasiado corto para que el detector decida con confianza');
      const ai = render(
        { ...RESULT, assessment: { ...base, band: 'ai', reason: null, level: 'highly likely AI', human_share: 0 } },
        'es',
      );
      expect(ai).toContain('Parece escrito por IA');
      expect(ai).toContain('Nivel del detector: Muy probablemente IA');
      expect(ai).toContain('ninguno de los 1288 textos en español escritos por personas obtuvo este resultado.');
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

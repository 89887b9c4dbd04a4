import { readFileSync } from 'node:fs';
import type { AiAssessment } from '@veritext/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { AI_REPORT_STRINGS, renderAiReportPdf, type AiReportInput, type ReportLanguage } from './ai-report.pdf.ts';

const CONTENT = 'Plain start of the essay. A likely passage follows here. A strong passage ends it.';

const INPUT: AiReportInput = {
  id: 42,
  content: CONTENT,
  chunks: [
    { position: [0, 26], reliability: 0 },
    { position: [26, 57], reliability: 1 },
    { position: [57, CONTENT.length], reliability: 2 },
  ],
  verdict: 'potentially AI',
  score: 0.4321,
  flagged: false,
  lang: 'en',
  processedPercent: 100,
  likelyPercent: 37.5,
  strongPercent: 31.25,
  checkedAt: new Date('2026-11-26T08:00:00Z'),
  generatedAt: new Date('2026-11-26T09:30:00Z'),
};

async function pdfText(input: AiReportInput): Promise<string> {
  const bytes = await renderAiReportPdf(input);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The web result's words (apps/web/src/i18n), which the PDF must say the same way. */
function webStrings(language: ReportLanguage): {
  band: Record<string, string>;
  meaning: Record<string, string>;
  caution: string;
} {
  const json = JSON.parse(
    readFileSync(new URL(`../../../../web/src/i18n/${language}.json`, import.meta.url), 'utf8'),
  ) as { ai: { result: { band: Record<string, string>; meaning: Record<string, string>; caution: string } } };
  return json.ai.result;
}

const assessment = (a: Partial<AiAssessment>): AiAssessment => ({
  band: 'uncertain',
  reason: 'overlap',
  level: null,
  lang: 'en',
  human_share: 24.99,
  human_texts: 3646,
  ...a,
});

describe('the AI detector PDF report', () => {
  it('says the verdict in the web result’s words, in English and Spanish', () => {
    for (const language of ['en', 'es'] as const) {
      const web = webStrings(language);
      const pdf = AI_REPORT_STRINGS[language];
      expect(pdf.bands).toEqual(web.band);
      expect(pdf.meaning).toEqual(web.meaning);
      expect(pdf.caution).toBe(web.caution);
    }
  });

  it('reads "not enough evidence" where human and AI texts overlap: no level, what it means, how often human texts got it', async () => {
    const text = await pdfText({ ...INPUT, assessment: assessment({}) });
    expect(text).toContain('Veritext AI detector report');
    expect(text).toContain('Check #42, checked 2026-11-26 08:00 UTC');
    expect(text).toContain('Language: English');
    expect(text).toContain('Not enough evidence to tell');
    expect(text).not.toContain('Detector level');
    expect(text).not.toContain('Potentially AI');
    expect(text).toContain(AI_REPORT_STRINGS.en.meaning.overlap);
    expect(text).toContain('In our tests, 24.99 % of the 3,646 English texts written by people got this result.');
    expect(text).toContain(
      'Share of the text: 31.25 % not marked, 37.50 % marked likely AI-written, 31.25 % strongly likely AI-written.',
    );
    expect(text).toContain('No AI detector is certain.');
    expect(text).toContain('Page 1 of 1');
    // no score and no threshold anywhere
    expect(text).not.toMatch(/score|0\.43|threshold/i);
  });

  it('reads each band and reason in its own words, the level only where it fits', async () => {
    const human = await pdfText({
      ...INPUT,
      verdict: 'likely human',
      assessment: assessment({ band: 'human', reason: null, level: 'likely human', human_share: 75.01 }),
    });
    expect(human).toContain('Reads as written by a person');
    expect(human).toContain('Detector level: Likely human');
    expect(human).toContain(AI_REPORT_STRINGS.en.meaning.human);
    expect(human).toContain('In our tests, 75.01 % of the 3,646 English texts written by people got this result.');

    const ai = await pdfText({
      ...INPUT,
      verdict: 'most likely AI',
      flagged: true,
      assessment: assessment({ band: 'ai', reason: null, level: 'most likely AI', human_share: 0 }),
    });
    expect(ai).toContain('Reads as AI-written');
    expect(ai).toContain('Detector level: Most likely AI');
    expect(ai).toContain(AI_REPORT_STRINGS.en.meaning.ai);
    expect(ai).toContain('In our tests, none of the 3,646 English texts written by people got this result.');

    for (const reason of ['unfamiliar', 'short'] as const) {
      const text = await pdfText({ ...INPUT, verdict: 'human-written', assessment: assessment({ reason }) });
      expect(text).toContain('Not enough evidence to tell');
      expect(text).toContain(AI_REPORT_STRINGS.en.meaning[reason]);
      expect(text).not.toContain('Human-written');
    }
  });

  it('is in Spanish when asked: words, numbers and pages', async () => {
    const text = await pdfText({
      ...INPUT,
      lang: 'es',
      language: 'es',
      assessment: assessment({ lang: 'es', human_share: 14.21, human_texts: 1288 }),
    });
    expect(text).toContain('Informe del detector de IA de Veritext');
    expect(text).toContain('Revisión n.º 42, revisada el 2026-11-26 08:00 UTC');
    expect(text).toContain('Idioma: español');
    expect(text).toContain('No hay pruebas suficientes para saberlo');
    expect(text).toContain(AI_REPORT_STRINGS.es.meaning.overlap);
    expect(text).toContain(
      'En nuestras pruebas, el 14,21 % de los 1288 textos en español escritos por personas obtuvo este resultado.',
    );
    expect(text).toContain('Parte del texto: 31,25 % sin marcar, 37,50 % marcado como probablemente escrito por IA');
    expect(text).toContain('Ningún detector de IA es infalible.');
    expect(text).toContain('Texto procesado');
    expect(text).toContain('Leyenda');
    expect(text).toContain('Página 1 de 1');
    expect(text).not.toMatch(/Not enough|Share of the text|Page 1/);

    const human = await pdfText({
      ...INPUT,
      language: 'es',
      verdict: 'human-written',
      assessment: assessment({ band: 'human', reason: null, level: 'human-written', human_share: 75.01 }),
    });
    expect(human).toContain('Parece escrito por una persona');
    expect(human).toContain('Nivel del detector: Escrito por una persona');
    expect(human).toContain(
      'En nuestras pruebas, el 75,01 % de los 3646 textos en inglés escritos por personas obtuvo este resultado.',
    );
  });

  it('reads the verdict alone for a caller that sends no assessment, without a share it does not know', async () => {
    const text = await pdfText({ ...INPUT, verdict: 'highly likely AI', flagged: true });
    expect(text).toContain('Reads as AI-written');
    expect(text).toContain('Detector level: Highly likely AI');
    expect(text).not.toContain('In our tests');
    const none = await pdfText({ ...INPUT, verdict: null });
    expect(none).toContain('No verdict');
  });
});

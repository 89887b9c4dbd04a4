import { aiVerdictReading, type AiAssessment, type AiUncertainReason, type AiVerdictBand } from '@veritext/contracts';

/*
 * The AI verdict in words, as the two PDFs say it (issue 15, "an honest verdict"): the AI detector's report
 * (ai-report.pdf.ts) and the AI part of the Similarity report (text-checks/similarity-report.pdf.ts). The band's
 * headline (reads as written by a person / not enough evidence to tell / reads as AI-written), the detector's level
 * where it fits the evidence, what the result means and how often human texts of the check's language got it in our
 * tests, in the web result's words (apps/web/src/i18n, ai.result; a test holds them equal). No score and no
 * threshold. Also the numbers of both reports, in the web client's format.
 */

export type ReportLanguage = 'en' | 'es';

/** What a verdict means: per band, and for the uncertain band per reason. */
export type MeaningKey = Exclude<AiVerdictBand, 'uncertain'> | AiUncertainReason;

export const AI_VERDICT_WORDS = {
  en: {
    noVerdict: 'No verdict',
    bands: {
      human: 'Reads as written by a person',
      uncertain: 'Not enough evidence to tell',
      ai: 'Reads as AI-written',
    } satisfies Record<AiVerdictBand, string>,
    level: (level: string) => `Detector level: ${level}`,
    levels: {
      'human-written': 'Human-written',
      'likely human': 'Likely human',
      'potentially AI': 'Potentially AI',
      'likely AI': 'Likely AI',
      'highly likely AI': 'Highly likely AI',
      'most likely AI': 'Most likely AI',
    } as Record<string, string>,
    meaning: {
      human: 'The writing is like the human texts the detector was tested on, and unlike most AI-written ones.',
      overlap:
        'Texts written by people and AI-written texts both get results like this one, so the detector cannot tell which this is.',
      unfamiliar:
        'This kind of writing is unlike anything the detector was trained on, so its result says little either way.',
      short: 'The text is too short for the detector to make a confident call either way.',
      ai: 'The writing is more like AI-written text than almost all the human writing the detector was tested on.',
    } satisfies Record<MeaningKey, string>,
    humanRate: {
      en: (percent: string, total: string) =>
        `In our tests, ${percent} of the ${total} English texts written by people got this result.`,
      es: (percent: string, total: string) =>
        `In our tests, ${percent} of the ${total} Spanish texts written by people got this result.`,
    },
    humanRateNone: {
      en: (total: string) => `In our tests, none of the ${total} English texts written by people got this result.`,
      es: (total: string) => `In our tests, none of the ${total} Spanish texts written by people got this result.`,
    },
    caution: 'No AI detector is certain. Treat this result as a reason to look closer, never as proof on its own.',
  },
  es: {
    noVerdict: 'Sin veredicto',
    bands: {
      human: 'Parece escrito por una persona',
      uncertain: 'No hay pruebas suficientes para saberlo',
      ai: 'Parece escrito por IA',
    } satisfies Record<AiVerdictBand, string>,
    level: (level: string) => `Nivel del detector: ${level}`,
    levels: {
      'human-written': 'Escrito por una persona',
      'likely human': 'Probablemente humano',
      'potentially AI': 'Posiblemente IA',
      'likely AI': 'Probablemente IA',
      'highly likely AI': 'Muy probablemente IA',
      'most likely AI': 'Casi con certeza IA',
    } as Record<string, string>,
    meaning: {
      human:
        'La escritura se parece a la de los textos humanos con los que se probó el detector, y no a la de la mayoría de los escritos por IA.',
      overlap:
        'Los textos escritos por personas y los escritos por IA obtienen resultados como este, así que el detector no puede saber de cuál se trata.',
      unfamiliar:
        'Este tipo de escritura no se parece a nada con lo que se entrenó el detector, así que su resultado dice poco en un sentido u otro.',
      short: 'El texto es demasiado corto para que el detector decida con confianza en un sentido u otro.',
      ai: 'La escritura se parece más a un texto escrito por IA que casi todos los textos humanos con los que se probó el detector.',
    } satisfies Record<MeaningKey, string>,
    humanRate: {
      en: (percent: string, total: string) =>
        `En nuestras pruebas, el ${percent} de los ${total} textos en inglés escritos por personas obtuvo este resultado.`,
      es: (percent: string, total: string) =>
        `En nuestras pruebas, el ${percent} de los ${total} textos en español escritos por personas obtuvo este resultado.`,
    },
    humanRateNone: {
      en: (total: string) =>
        `En nuestras pruebas, ninguno de los ${total} textos en inglés escritos por personas obtuvo este resultado.`,
      es: (total: string) =>
        `En nuestras pruebas, ninguno de los ${total} textos en español escritos por personas obtuvo este resultado.`,
    },
    caution:
      'Ningún detector de IA es infalible. Usa este resultado como motivo para revisar con más atención, nunca como prueba por sí solo.',
  },
};

/** The web result's verdict colours (tokens.css --color-verdict-*). */
export const AI_BAND_COLOURS: Record<AiVerdictBand, string> = {
  human: '#137a3b',
  uncertain: '#475467',
  ai: '#5925dc',
};

/** The locale of the web client's numbers (apps/web/src/i18n/format.ts). */
function localeOf(language: ReportLanguage): string {
  return language === 'es' ? 'es-ES' : 'en-US';
}

/**
 * Two decimals in the language's format with a no-break space before the sign ("1,234.50 %", "12,35 %"), as
 * the web client writes them (format.ts formatPercent).
 */
export function percentIn(language: ReportLanguage): (value: number) => string {
  const format = new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (value) => `${format.format(value)}\u00a0%`;
}

/** A count with the language's thousands separator ("3,646" / "3646", "12.345"). */
export function countIn(language: ReportLanguage): (value: number) => string {
  const format = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 0 });
  return (value) => format.format(value);
}

/**
 * The verdict as people read it: the server's assessment (ai-assessment.ts), or for a caller that has none the
 * reading of the verdict alone, without the human texts' share. Null when there is no verdict to read.
 */
export function verdictAssessment(input: {
  verdict: string | null;
  lang?: string | null;
  assessment?: AiAssessment | null;
}): AiAssessment | null {
  if (input.assessment != null) return input.assessment;
  const reading = aiVerdictReading({ verdict: input.verdict });
  if (reading === null) return null;
  const lang = input.lang === 'en' || input.lang === 'es' ? input.lang : null;
  return { ...reading, lang, human_share: null, human_texts: null };
}

export type VerdictLines = {
  band: AiVerdictBand | null;
  /** The band's headline ("Not enough evidence to tell"), or "No verdict". */
  headline: string;
  /** "Detector level: Likely human", where the level's name fits the evidence. */
  level: string | null;
  /** What the result means, with how often human texts of the check's language got it in our tests. */
  meaning: string | null;
};

/**
 * The verdict in the report's words: the band's headline, the detector's level where it fits the evidence, and
 * what the result means with how often human texts of the check's language got it in our tests.
 */
export function verdictLines(language: ReportLanguage, assessment: AiAssessment | null): VerdictLines {
  const t = AI_VERDICT_WORDS[language];
  if (assessment === null) return { band: null, headline: t.noVerdict, level: null, meaning: null };
  const meaning = t.meaning[assessment.band === 'uncertain' ? (assessment.reason ?? 'overlap') : assessment.band];
  const { lang, human_share: share, human_texts: texts } = assessment;
  let rate: string | null = null;
  if (lang !== null && share !== null && texts !== null && texts > 0) {
    const total = countIn(language)(texts);
    rate = share === 0 ? t.humanRateNone[lang](total) : t.humanRate[lang](percentIn(language)(share), total);
  }
  return {
    band: assessment.band,
    headline: t.bands[assessment.band],
    level: assessment.level === null ? null : t.level(t.levels[assessment.level] ?? assessment.level),
    meaning: rate === null ? meaning : `${meaning} ${rate}`,
  };
}

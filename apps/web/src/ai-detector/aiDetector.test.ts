import { describe, expect, it } from 'vitest';
import { TIMINGS } from '@veritext/contracts';
import { i18next, initI18n } from '../i18n/index.ts';
import {
  aiTextShares,
  aiVerdictBand,
  barParts,
  humanRate,
  meaningKey,
  verdictAssessment,
  verdictWords,
  aiPollState,
  aiRefetchInterval,
  countSignificantCharacters,
  failureKeys,
  formatPercent,
  highlightSegments,
  isLongEnough,
  verdictKey,
} from './aiDetector.ts';

describe('the 250-character minimum', () => {
  it('counts letters and digits only', () => {
    expect(countSignificantCharacters('a b, c! 12 ñá')).toBe(7);
    expect(isLongEnough(`${'word '.repeat(62)}wo`)).toBe(true); // 250 letters
    expect(isLongEnough(`${'word '.repeat(62)}w`)).toBe(false); // 249 letters, many spaces
  });
});

describe('AI check polling', () => {
  it('keeps polling while the status is null, 1 or 2', () => {
    for (const status of [null, 1, 2]) expect(aiPollState(status, 3)).toEqual({ kind: 'pending' });
    expect(aiRefetchInterval(1, 3)).toBe(TIMINGS.pollIntervalMs);
  });

  it('gives up with a timeout after the last allowed poll', () => {
    expect(aiPollState(2, TIMINGS.pollMaxAttempts - 1).kind).toBe('pending');
    expect(aiPollState(2, TIMINGS.pollMaxAttempts)).toEqual({ kind: 'failed', reason: 'timeout' });
    expect(aiRefetchInterval(2, TIMINGS.pollMaxAttempts)).toBe(false);
  });

  it('stops on success and on every failure status', () => {
    expect(aiPollState(4, 1)).toEqual({ kind: 'done' });
    expect(aiPollState(3, 1)).toEqual({ kind: 'failed', reason: 'failed' });
    for (const status of [5, 6, 7]) expect(aiPollState(status, 1)).toEqual({ kind: 'failed', reason: 'tooShort' });
    expect(aiPollState(8, 1)).toEqual({ kind: 'failed', reason: 'tooLong' });
    expect(aiPollState(9, 1)).toEqual({ kind: 'failed', reason: 'language' });
    for (const status of [3, 4, 5, 8, 9]) expect(aiRefetchInterval(status, 1)).toBe(false);
    expect(aiRefetchInterval(undefined, 0)).toBe(false);
  });

  it('maps each failure to the spec messages', () => {
    expect(failureKeys('failed')).toEqual({ title: 'ai.failure.failed', body: null });
    expect(failureKeys('tooShort')).toEqual({ title: 'ai.failure.tooShortTitle', body: 'ai.minimum' });
    expect(failureKeys('tooLong').body).toBe('ai.failure.tooLong');
    expect(failureKeys('language').body).toBe('ai.failure.language');
    expect(failureKeys('timeout').title).toBe('ai.failure.timeout');
  });
});

describe('the result view helpers', () => {
  it('knows the six verdicts and nothing else', () => {
    expect(verdictKey('human-written')).toBe('ai.verdict.human');
    expect(verdictKey('most likely AI')).toBe('ai.verdict.mostLikelyAi');
    expect(verdictKey('toString')).toBeNull();
    expect(verdictKey(null)).toBeNull();
  });

  it('shows percentages with two decimals', () => {
    expect(formatPercent(12.345, 'en')).toBe('12.35');
    expect(formatPercent(0, 'en')).toBe('0.00');
    expect(formatPercent(7.5, 'es')).toBe('7,50');
  });

  it('cuts the content into runs by reliability, merging neighbours and filling gaps', () => {
    const content = 'aaaa bbbb cccc dddd';
    const segments = highlightSegments(content, [
      { position: [10, 14], reliability: 2 },
      { position: [0, 4], reliability: 0 },
      { position: [5, 9], reliability: 1 },
      { position: [14, 99], reliability: 0 },
    ]);
    expect(segments).toEqual([
      { text: 'aaaa ', reliability: 0 },
      { text: 'bbbb', reliability: 1 },
      { text: ' ', reliability: 0 },
      { text: 'cccc', reliability: 2 },
      { text: ' dddd', reliability: 0 },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(content);
  });

  it('survives overlapping chunks without repeating text', () => {
    const segments = highlightSegments('abcdef', [
      { position: [0, 4], reliability: 1 },
      { position: [2, 6], reliability: 2 },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe('abcdef');
  });
});

describe('the verdict at a glance (issue 20)', () => {
  it('reads the six levels as three bands, and nothing else as a band', () => {
    expect(['human-written', 'likely human'].map(aiVerdictBand)).toEqual(['human', 'human']);
    expect(aiVerdictBand('potentially AI')).toBe('uncertain');
    expect(['likely AI', 'highly likely AI', 'most likely AI'].map(aiVerdictBand)).toEqual(['ai', 'ai', 'ai']);
    expect(aiVerdictBand(null)).toBeNull();
    expect(aiVerdictBand('hasOwnProperty')).toBeNull();
  });

  it('splits the text into human, mixed and AI shares that add up to 100, in the locale format', () => {
    expect(aiTextShares({ likely_percent: 20, strong_percent: 30 })).toEqual({ human: 50, mixed: 20, ai: 30 });
    expect(aiTextShares({ likely_percent: 0, strong_percent: 0 })).toEqual({ human: 100, mixed: 0, ai: 0 });
    // rounding on the server never makes the parts overflow
    expect(aiTextShares({ likely_percent: 60, strong_percent: 50.01 })).toEqual({ human: 0, mixed: 49.99, ai: 50.01 });
    expect(barParts({ likely_percent: 31.578, strong_percent: 34.2 }, 'es').map((part) => part.label)).toEqual([
      '34,22\u00a0%',
      '31,58\u00a0%',
      '34,20\u00a0%',
    ]);
  });
});

describe('the verdict in words (issue 15)', () => {
  const uncertain = {
    band: 'uncertain',
    reason: 'overlap',
    level: null,
    lang: 'en',
    human_share: 24.99,
    human_texts: 3646,
  } as const;

  it('takes the server’s assessment, else reads the verdict alone without a share', () => {
    expect(verdictAssessment({ verdict: 'likely human', lang: 'en', assessment: uncertain })).toBe(uncertain);
    expect(verdictAssessment({ verdict: 'likely human', lang: 'es' })).toEqual({
      band: 'human',
      reason: null,
      level: 'likely human',
      lang: 'es',
      human_share: null,
      human_texts: null,
    });
    expect(verdictAssessment({ verdict: 'potentially AI', lang: 'fr', assessment: null })).toMatchObject({
      band: 'uncertain',
      level: null,
      lang: null,
    });
    expect(verdictAssessment({ verdict: null })).toBeNull();
  });

  it('says what each band and reason means', () => {
    expect(meaningKey({ band: 'human', reason: null })).toBe('ai.result.meaning.human');
    expect(meaningKey({ band: 'ai', reason: null })).toBe('ai.result.meaning.ai');
    for (const reason of ['overlap', 'unfamiliar', 'short'] as const) {
      expect(meaningKey({ band: 'uncertain', reason })).toBe(`ai.result.meaning.${reason}`);
    }
  });

  it('quotes how often human texts of the check’s language got the band, in the reader’s number format', () => {
    expect(humanRate(uncertain, 'es')).toEqual({
      key: 'ai.result.humanRate.en',
      values: { percent: '24,99\u00a0%', total: '3646' },
    });
    expect(humanRate({ ...uncertain, human_share: 0, lang: 'es' }, 'en')).toEqual({
      key: 'ai.result.humanRateNone.es',
      values: { percent: '0.00\u00a0%', total: '3,646' },
    });
    expect(humanRate({ ...uncertain, human_share: null }, 'en')).toBeNull();
    expect(humanRate({ ...uncertain, lang: null }, 'en')).toBeNull();
  });

  it('puts it into words with no score or threshold, in English and Spanish', async () => {
    await initI18n('en');
    const t = i18next.t.bind(i18next);
    expect(verdictWords(t, uncertain, 'en')).toEqual({
      band: 'uncertain',
      headline: 'Not enough evidence to tell',
      level: null,
      meaning:
        'Texts written by people and AI-written texts both get results like this one, so the detector cannot tell ' +
        'which this is. In our tests, 24.99\u00a0% of the 3,646 English texts written by people got this result.',
    });
    expect(verdictWords(t, null, 'en')).toEqual({ band: null, headline: 'No verdict', level: null, meaning: null });
    await i18next.changeLanguage('es');
    try {
      const words = verdictWords(
        i18next.t.bind(i18next),
        { ...uncertain, band: 'ai', reason: null, level: 'most likely AI', human_share: 0 },
        'es',
      );
      expect(words.headline).toBe('Parece escrito por IA');
      expect(words.level).toBe('Nivel del detector: Casi con certeza IA');
      expect(words.meaning).toContain(
        'En nuestras pruebas, ninguno de los 3646 textos en inglés escritos por personas obtuvo este resultado.',
      );
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

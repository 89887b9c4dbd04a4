import {
  FLAG_LEVEL,
  VERDICTS,
  defaultCalibration,
  defaultModel,
  measuredEvidence,
  type CalibrationFile,
} from '@veritext/ai';
import { AI_FLAG_LEVEL, AI_VERDICT_LEVELS, aiBandCounts } from '@veritext/contracts';
import { describe, expect, it } from 'vitest';
import { aiAssessment, humanShare, type AssessedCheck } from './ai-assessment.ts';

/** English: 3,000 human texts read as human, 1,000 uncertain (600 by level, 300 unfamiliar, 100 short). */
const CALIBRATION: CalibrationFile = {
  format: 1,
  modelVersion: '1.0.0',
  seed: 1,
  measuredAt: '2026-11-26',
  split: 'test',
  sources: ['mine'],
  levels: [...VERDICTS],
  languages: {
    en: {
      human: {
        texts: 4000,
        evidence: [
          [0, 0, 40, 100],
          [0, 0, 300, 2000],
          [0, 1, 300, 300],
          [1, 0, 300, 1000],
          [2, 0, 300, 600],
        ],
      },
      ai: { texts: 0, evidence: [] },
    },
    es: {
      human: {
        texts: 1000,
        evidence: [
          [0, 0, 80, 850],
          [2, 0, 80, 149],
          [5, 0, 80, 1],
        ],
      },
      ai: { texts: 0, evidence: [] },
    },
  },
};

const CHECK: AssessedCheck = {
  status: 4,
  verdict: 'potentially AI',
  unfamiliar: false,
  words: 300,
  lang: 'en',
  model_version: '1.0.0',
};

describe('the levels contracts reads are the detector’s', () => {
  it('has the same six levels and the same flag', () => {
    expect([...AI_VERDICT_LEVELS]).toEqual([...VERDICTS]);
    expect(AI_FLAG_LEVEL).toBe(FLAG_LEVEL);
  });
});

describe('aiAssessment: a done check as people read it', () => {
  it('reads the stored evidence and quotes the share of human texts of its language with that band', () => {
    expect(aiAssessment(CHECK, CALIBRATION)).toEqual({
      band: 'uncertain',
      reason: 'overlap',
      level: null,
      lang: 'en',
      human_share: 25,
      human_texts: 4000,
    });
    expect(aiAssessment({ ...CHECK, verdict: 'likely human' }, CALIBRATION)).toMatchObject({
      band: 'human',
      level: 'likely human',
      human_share: 75,
    });
    expect(aiAssessment({ ...CHECK, verdict: 'most likely AI', lang: 'es' }, CALIBRATION)).toEqual({
      band: 'ai',
      reason: null,
      level: 'most likely AI',
      lang: 'es',
      human_share: 0.1,
      human_texts: 1000,
    });
  });

  it('weighs the stored style and length: an unfamiliar or short text is uncertain whatever its level', () => {
    expect(aiAssessment({ ...CHECK, verdict: 'human-written', unfamiliar: true }, CALIBRATION)).toMatchObject({
      band: 'uncertain',
      reason: 'unfamiliar',
      level: null,
    });
    expect(aiAssessment({ ...CHECK, verdict: 'most likely AI', words: 40 }, CALIBRATION)).toMatchObject({
      band: 'uncertain',
      reason: 'short',
    });
    // a check made before the style was recorded is read by its level
    expect(aiAssessment({ ...CHECK, verdict: 'likely human', unfamiliar: null }, CALIBRATION)?.band).toBe('human');
  });

  it('quotes no share for another model version than the one measured, and has nothing for a check not done', () => {
    expect(aiAssessment({ ...CHECK, model_version: '0.9.0' }, CALIBRATION)).toMatchObject({
      band: 'uncertain',
      human_share: null,
      human_texts: null,
    });
    expect(aiAssessment(CHECK, null)?.human_share).toBeNull();
    expect(aiAssessment({ ...CHECK, lang: 'fr' }, CALIBRATION)).toMatchObject({ lang: null, human_share: null });
    expect(aiAssessment({ ...CHECK, status: 5, verdict: null }, CALIBRATION)).toBeNull();
    expect(aiAssessment({ ...CHECK, status: 2 }, CALIBRATION)).toBeNull();
  });
});

describe('the committed calibration, read in bands', () => {
  const file = defaultCalibration();
  const version = defaultModel().version;

  it('measures the committed model', () => {
    expect(file?.modelVersion).toBe(version);
    expect(file?.seed).toBe(defaultModel().file.seed);
  });

  it('keeps the promise the bands make: under 1 % of human texts read as AI, most read as human', () => {
    for (const lang of ['en', 'es'] as const) {
      const human = humanShare(file, version, lang, 'human')!;
      const uncertain = humanShare(file, version, lang, 'uncertain')!;
      const ai = humanShare(file, version, lang, 'ai')!;
      expect(human.texts).toBeGreaterThan(1000);
      expect(human.percent + uncertain.percent + ai.percent).toBeCloseTo(100, 1);
      expect(ai.percent).toBeLessThan(1);
      expect(human.percent).toBeGreaterThan(50);
      // the human band is evidence: AI-written texts get it far less often than human ones
      const machine = measuredEvidence(file, version, lang, 'ai')!;
      expect(machine.texts).toBeGreaterThan(1000);
      expect((100 * aiBandCounts(machine.cells).human) / machine.texts).toBeLessThan(human.percent / 3);
    }
  });

  it('is quoted by default for a check the committed model made', () => {
    const assessed = aiAssessment({ ...CHECK, model_version: version });
    expect(assessed?.human_texts).toBeGreaterThan(1000);
    expect(assessed?.human_texts).toBe(humanShare(file, version, 'en', 'uncertain')?.texts);
    expect(assessed?.human_share).toBe(humanShare(file, version, 'en', 'uncertain')?.percent);
  });
});

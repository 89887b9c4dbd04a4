import { describe, expect, it } from 'vitest';
import {
  AI_SHORT_WORDS,
  AI_VERDICT_LEVELS,
  AiCheckResultSchema,
  AiReportPartSchema,
  aiBandCounts,
  aiTextShares,
  aiVerdictBand,
  aiVerdictReading,
} from './index.ts';

describe('aiVerdictReading: the detector evidence as people read it', () => {
  const familiar = { unfamiliar: false, words: 300 };

  it('reads the two lowest levels as human, showing the level', () => {
    for (const verdict of ['human-written', 'likely human']) {
      expect(aiVerdictReading({ verdict, ...familiar })).toEqual({ band: 'human', reason: null, level: verdict });
    }
  });

  it('reads "potentially AI", where human and AI texts overlap, as uncertain without its level', () => {
    expect(aiVerdictReading({ verdict: 'potentially AI', ...familiar })).toEqual({
      band: 'uncertain',
      reason: 'overlap',
      level: null,
    });
  });

  it('reads the flagged levels as AI, showing the level', () => {
    for (const verdict of ['likely AI', 'highly likely AI', 'most likely AI']) {
      expect(aiVerdictReading({ verdict, ...familiar })).toEqual({ band: 'ai', reason: null, level: verdict });
    }
  });

  it('reads any level of an unfamiliar style as uncertain', () => {
    for (const verdict of AI_VERDICT_LEVELS) {
      expect(aiVerdictReading({ verdict, unfamiliar: true, words: 300 })).toEqual({
        band: 'uncertain',
        reason: 'unfamiliar',
        level: null,
      });
    }
  });

  it('reads any level of a text under the short limit as uncertain, and the limit itself as enough', () => {
    for (const verdict of AI_VERDICT_LEVELS) {
      expect(aiVerdictReading({ verdict, unfamiliar: false, words: AI_SHORT_WORDS - 1 })?.reason).toBe('short');
    }
    expect(aiVerdictReading({ verdict: 'human-written', words: AI_SHORT_WORDS })?.band).toBe('human');
    expect(aiVerdictReading({ verdict: 'most likely AI', words: AI_SHORT_WORDS })?.band).toBe('ai');
  });

  it('has no reading without a verdict, or for a verdict that is not one of the six', () => {
    expect(aiVerdictReading({ verdict: null })).toBeNull();
    expect(aiVerdictReading({ verdict: 'hasOwnProperty' })).toBeNull();
    expect(aiVerdictReading({ verdict: 'Likely AI' })).toBeNull();
  });

  it('reads a verdict alone (no evidence stored) by its level', () => {
    expect(AI_VERDICT_LEVELS.map(aiVerdictBand)).toEqual(['human', 'human', 'uncertain', 'ai', 'ai', 'ai']);
    expect(aiVerdictBand(null)).toBeNull();
  });
});

describe('aiBandCounts: measured evidence summed into bands', () => {
  it('counts each cell of evidence under the band its reading gives', () => {
    expect(
      aiBandCounts([
        { verdict: 'human-written', unfamiliar: false, words: 300, count: 5 },
        { verdict: 'likely human', unfamiliar: false, words: 120, count: 3 },
        { verdict: 'human-written', unfamiliar: true, words: 300, count: 2 },
        { verdict: 'likely human', unfamiliar: false, words: AI_SHORT_WORDS - 1, count: 1 },
        { verdict: 'potentially AI', unfamiliar: false, words: 300, count: 4 },
        { verdict: 'most likely AI', unfamiliar: false, words: 300, count: 7 },
        { verdict: 'not a level', unfamiliar: false, words: 300, count: 100 },
      ]),
    ).toEqual({ human: 8, uncertain: 7, ai: 7 });
    expect(aiBandCounts([])).toEqual({ human: 0, uncertain: 0, ai: 0 });
  });
});

describe('aiTextShares', () => {
  it('splits the text into unmarked, likely and strongly likely parts summing to 100', () => {
    expect(aiTextShares({ likely_percent: 20, strong_percent: 30 })).toEqual({ human: 50, mixed: 20, ai: 30 });
    expect(aiTextShares({ likely_percent: 60, strong_percent: 50.01 })).toEqual({ human: 0, mixed: 49.99, ai: 50.01 });
  });
});

describe('the assessment in the AI result and the report', () => {
  const result = {
    id: 1,
    status: 4,
    enabled: true,
    content: 'text',
    chunks: [],
    processed_percent: 100,
    likely_percent: 0,
    strong_percent: 0,
    mark: null,
    comment: null,
    score: 0.2,
    verdict: 'potentially AI',
    flagged: false,
    lang: 'en',
  };
  const assessment = {
    band: 'uncertain',
    reason: 'overlap',
    level: null,
    lang: 'en',
    human_share: 20.54,
    human_texts: 3646,
  };

  it('is optional (older servers send none) and checked when present', () => {
    expect(AiCheckResultSchema.parse(result).assessment).toBeUndefined();
    expect(AiCheckResultSchema.parse({ ...result, assessment }).assessment).toEqual(assessment);
    expect(() => AiCheckResultSchema.parse({ ...result, assessment: { ...assessment, band: 'mixed' } })).toThrow();
    const part = {
      status: 4,
      nodes: [],
      percents: { processed: 100, likely: 0, strong: 0, total: 0 },
      verdict: 'potentially AI',
      error: null,
    };
    expect(AiReportPartSchema.parse({ ...part, assessment }).assessment).toEqual(assessment);
    expect(AiReportPartSchema.parse(part).assessment).toBeUndefined();
  });
});

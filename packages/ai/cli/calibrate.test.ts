import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VERDICTS, detectAi } from '../src/detect.ts';
import { defaultModel } from '../src/model.ts';
import {
  CALIBRATION_MAX_WORDS,
  defaultCalibration,
  measuredEvidence,
  readCalibration,
  type CalibrationFile,
} from '../src/calibration.ts';
import { AI_EN, AI_ES, HUMAN_EN, HUMAN_ES } from '../src/examples.test-data.ts';
import { describeCalibration, measureCalibration, writeCalibration } from './calibrate.ts';

const work = mkdtempSync(join(tmpdir(), 'ai-calibrate-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const total = (cells: readonly (readonly number[])[]): number => cells.reduce((sum, cell) => sum + cell[3]!, 0);

describe('measureCalibration', () => {
  const model = defaultModel();
  const row = (text: string, label: 'human' | 'ai', split: 'train' | 'calibration' | 'test' = 'test') => ({
    text,
    label,
    split,
    source: 'mine',
  });

  it('counts each checked test text under its language and origin, with its level, style and words', () => {
    const rows = [
      row(HUMAN_EN, 'human'),
      row(HUMAN_EN, 'human'),
      row(AI_EN, 'ai'),
      row(HUMAN_ES, 'human'),
      row(AI_ES, 'ai'),
      // not on the test side, and not checked (too short): neither is counted
      row(AI_EN, 'ai', 'train'),
      row('Too short to judge.', 'human'),
    ];
    const file = measureCalibration(model, rows, new Date('2026-11-26T10:00:00Z'));
    expect(file).toMatchObject({ modelVersion: model.version, seed: model.file.seed, measuredAt: '2026-11-26' });
    expect(file.sources).toEqual(['mine']);
    expect(file.levels).toEqual([...VERDICTS]);
    for (const [text, lang, label, n] of [
      [HUMAN_EN, 'en', 'human', 2],
      [AI_EN, 'en', 'ai', 1],
      [HUMAN_ES, 'es', 'human', 1],
      [AI_ES, 'es', 'ai', 1],
    ] as const) {
      const d = detectAi(text, { model });
      const counts = file.languages[lang][label];
      expect(counts.texts).toBe(n);
      expect(counts.evidence).toEqual([[d.level, d.unfamiliar ? 1 : 0, d.words, n]]);
      // read back as a reader's mapping takes it
      expect(measuredEvidence(file, model.version, lang, label)).toEqual({
        texts: n,
        cells: [{ verdict: d.verdict, unfamiliar: d.unfamiliar, words: d.words, count: n }],
      });
    }
    // written one cell per line, and read back as it was
    const path = join(work, 'calibration.json');
    writeCalibration(path, file);
    expect(readFileSync(path, 'utf8')).toMatch(/\n {10}\[\d, [01], \d+, 2\]\n/);
    expect(readCalibration(path)).toEqual(file);
    expect(describeCalibration(file)[0]).toMatch(/^en human texts 2: human-written \d+\.\d\d %, /);
  });
});

describe('measuredEvidence', () => {
  const file: CalibrationFile = {
    format: 1,
    modelVersion: '9.9.9',
    seed: 1,
    measuredAt: '2026-11-26',
    split: 'test',
    sources: ['mine'],
    levels: [...VERDICTS],
    languages: {
      en: { human: { texts: 3, evidence: [[2, 1, 60, 3]] }, ai: { texts: 0, evidence: [] } },
      es: { human: { texts: 0, evidence: [] }, ai: { texts: 0, evidence: [] } },
    },
  };

  it('is the measured evidence of the model version asked for, in a language the detector checks', () => {
    expect(measuredEvidence(file, '9.9.9', 'en', 'human')).toEqual({
      texts: 3,
      cells: [{ verdict: 'potentially AI', unfamiliar: true, words: 60, count: 3 }],
    });
    expect(measuredEvidence(file, '1.0.0', 'en', 'human')).toBeNull();
    expect(measuredEvidence(file, null, 'en', 'human')).toBeNull();
    expect(measuredEvidence(file, '9.9.9', 'fr', 'human')).toBeNull();
    expect(measuredEvidence(null, '9.9.9', 'en', 'human')).toBeNull();
  });
});

describe('the committed calibration', () => {
  const file = defaultCalibration();
  const model = defaultModel();

  it('measures the committed model, and its counts add up', () => {
    expect(file).not.toBeNull();
    expect(file!.modelVersion).toBe(model.version);
    expect(file!.seed).toBe(model.file.seed);
    expect(file!.levels).toEqual([...VERDICTS]);
    for (const lang of ['en', 'es'] as const) {
      for (const label of ['human', 'ai'] as const) {
        const counts = file!.languages[lang][label];
        expect(counts.texts).toBeGreaterThan(1000);
        expect(total(counts.evidence)).toBe(counts.texts);
        for (const [level, unfamiliar, words] of counts.evidence) {
          expect(level).toBeLessThan(VERDICTS.length);
          expect([0, 1]).toContain(unfamiliar);
          expect(words).toBeLessThanOrEqual(CALIBRATION_MAX_WORDS);
        }
      }
      // no human test text reached the flag
      const flagged = file!.languages[lang].human.evidence.filter(([level]) => level >= 3);
      expect(total(flagged)).toBe(0);
    }
  });
});

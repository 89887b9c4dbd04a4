/**
 * npm run ai:calibrate -- [--data DIR] [--out FILE]
 *
 * Measures how the committed model's answers come out on the test side of its split (the texts `npm run
 * bench:ai` scores: never trained or calibrated on, held-out domains and generators included) and writes
 * src/calibration.ts's file (default model/calibration.json): per language and origin (human, AI), how many
 * checked texts got each verdict level with each piece of evidence a reader's band weighs (unfamiliar style,
 * words). The apps sum it into bands with their one mapping (contracts aiVerdictReading), so the shares they
 * quote are of exactly what they show. `npm run ai:train` calls measureCalibration on the model it has just
 * written, with its own rows.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { VERDICTS, detectAi } from '../src/detect.ts';
import type { DetectorLanguage } from '../src/language.ts';
import { defaultModel, type Model } from '../src/model.ts';
import {
  CALIBRATION_FORMAT,
  CALIBRATION_MAX_WORDS,
  DEFAULT_CALIBRATION_PATH,
  type CalibrationFile,
  type EvidenceCell,
  type OutcomeCounts,
} from '../src/calibration.ts';
import { DEFAULT_DATA, DEFAULT_LOCAL, rowsOfModel, splitRows, type SplitRow } from './dataset.ts';

/** Counts by "level,unfamiliar,words". */
type Tally = { texts: number; cells: Map<string, number> };

function outcome(tally: Tally): OutcomeCounts {
  const evidence = [...tally.cells]
    .map(([key, count]): EvidenceCell => {
      const [level, unfamiliar, words] = key.split(',').map(Number) as [number, 0 | 1, number];
      return [level, unfamiliar, words, count];
    })
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return { texts: tally.texts, evidence };
}

/**
 * Scores the test rows with `model` and counts, per language checked and per label, the texts with each verdict
 * level, style (unfamiliar or not) and number of words. Texts the detector did not check (too short, too long,
 * another language) are not counted: they get no verdict.
 */
export function measureCalibration(
  model: Model,
  rows: readonly Pick<SplitRow, 'text' | 'label' | 'split' | 'source'>[],
  measuredAt = new Date(),
): CalibrationFile {
  const tally = (): Tally => ({ texts: 0, cells: new Map<string, number>() });
  const tallies: Record<DetectorLanguage, Record<'human' | 'ai', Tally>> = {
    en: { human: tally(), ai: tally() },
    es: { human: tally(), ai: tally() },
  };
  const test = rows.filter((row) => row.split === 'test');
  for (const row of test) {
    const d = detectAi(row.text, { model });
    if (d.status !== 'ok' || d.lang === null || d.level === null) continue;
    const counts = tallies[d.lang][row.label];
    const key = `${String(d.level)},${d.unfamiliar ? 1 : 0},${String(Math.min(d.words, CALIBRATION_MAX_WORDS))}`;
    counts.texts++;
    counts.cells.set(key, (counts.cells.get(key) ?? 0) + 1);
  }
  return {
    format: CALIBRATION_FORMAT,
    modelVersion: model.version,
    seed: model.file.seed,
    measuredAt: measuredAt.toISOString().slice(0, 10),
    split: 'test',
    sources: [...new Set(test.map((row) => row.source))].sort(),
    levels: [...VERDICTS],
    languages: {
      en: { human: outcome(tallies.en.human), ai: outcome(tallies.en.ai) },
      es: { human: outcome(tallies.es.human), ai: outcome(tallies.es.ai) },
    },
  };
}

/** Written with one evidence cell per line: readable in a diff, and small. */
export function writeCalibration(path: string, file: CalibrationFile): void {
  const json = JSON.stringify(file, null, 2).replace(
    /\[\s+(\d+),\s+(\d+),\s+(\d+),\s+(\d+)\s+\]/g,
    (_, level: string, unfamiliar: string, words: string, count: string) =>
      `[${level}, ${unfamiliar}, ${words}, ${count}]`,
  );
  writeFileSync(path, json + '\n');
}

/** One line per language and origin: the share of its texts at each level, and how many had an unfamiliar style. */
export function describeCalibration(file: CalibrationFile): string[] {
  const lines: string[] = [];
  for (const [lang, byLabel] of Object.entries(file.languages)) {
    for (const [label, counts] of Object.entries(byLabel)) {
      const byLevel = file.levels.map((level, i) => {
        const n = counts.evidence.filter((c) => c[0] === i).reduce((sum, c) => sum + c[3], 0);
        return `${level} ${((100 * n) / Math.max(counts.texts, 1)).toFixed(2)} %`;
      });
      const unfamiliar = counts.evidence.filter((c) => c[1] === 1).reduce((sum, c) => sum + c[3], 0);
      lines.push(
        `${lang} ${label} texts ${String(counts.texts)}: ${byLevel.join(', ')}; unfamiliar style ${String(unfamiliar)}`,
      );
    }
  }
  return lines;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: DEFAULT_DATA },
      local: { type: 'string', default: DEFAULT_LOCAL },
      out: { type: 'string', default: DEFAULT_CALIBRATION_PATH },
    },
  });
  const model = defaultModel();
  // the sources the model was trained on, split with its seed: the rows bench:ai scores
  const rows = splitRows(rowsOfModel(model.file.sources, resolve(values.data), resolve(values.local)), model.file.seed);
  const file = measureCalibration(model, rows);
  writeCalibration(resolve(values.out), file);
  for (const line of describeCalibration(file)) process.stderr.write(line + '\n');
  process.stderr.write(`calibration of model ${file.modelVersion} written to ${resolve(values.out)}\n`);
}

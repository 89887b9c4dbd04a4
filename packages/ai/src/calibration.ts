/**
 * How the detector's answers came out on texts of known origin that it was neither trained nor calibrated on
 * (the test side of cli/dataset.ts, what `npm run bench:ai` measures), per language and origin: how many texts got
 * each verdict level, with the evidence a reader's band weighs beside it (whether the style was unfamiliar, how
 * many words). The file holds that evidence, not bands: the one mapping from evidence to what people read lives
 * with the apps (contracts aiVerdictReading), which sum it into "in our tests, 0.4 % of English texts written by
 * people got this result". model/calibration.json is written by cli/calibrate.ts, which `npm run ai:train` runs on
 * the model it has just written (and `npm run ai:calibrate` on the committed one); it names the model it measured.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DetectorLanguage } from './language.ts';

export const CALIBRATION_FORMAT = 1;
export const DEFAULT_CALIBRATION_PATH = fileURLToPath(new URL('../model/calibration.json', import.meta.url));

/** Texts above this many words are counted as this many (length matters to a reading only for short texts). */
export const CALIBRATION_MAX_WORDS = 1000;

/**
 * Texts that got the same evidence: [level (index into `levels`), unfamiliar (1) or not (0), words (at most
 * CALIBRATION_MAX_WORDS), how many texts].
 */
export type EvidenceCell = readonly [level: number, unfamiliar: 0 | 1, words: number, count: number];

/** Texts of one origin in one language that the detector checked, and their evidence. */
export interface OutcomeCounts {
  readonly texts: number;
  readonly evidence: readonly EvidenceCell[];
}

export interface CalibrationFile {
  readonly format: number;
  /** The model measured (ModelFile.version) and its split seed. */
  readonly modelVersion: string;
  readonly seed: number;
  readonly measuredAt: string;
  /** What was measured: the test side of the split, held-out domains and generators included. */
  readonly split: 'test';
  readonly sources: readonly string[];
  /** The verdict levels, in order (detect.ts VERDICTS): EvidenceCell's level indexes them. */
  readonly levels: readonly string[];
  readonly languages: Readonly<Record<DetectorLanguage, { readonly human: OutcomeCounts; readonly ai: OutcomeCounts }>>;
}

/** One cell of evidence as a reader's mapping takes it. */
export interface Evidence {
  readonly verdict: string;
  readonly unfamiliar: boolean;
  readonly words: number;
  readonly count: number;
}

let loaded: CalibrationFile | null | undefined;

/** The committed calibration (read once), or null when there is none or it is of another format. */
export function defaultCalibration(): CalibrationFile | null {
  if (loaded === undefined) loaded = readCalibration(DEFAULT_CALIBRATION_PATH);
  return loaded;
}

export function readCalibration(path: string): CalibrationFile | null {
  if (!existsSync(path)) return null;
  const file = JSON.parse(readFileSync(path, 'utf8')) as CalibrationFile;
  return file.format === CALIBRATION_FORMAT ? file : null;
}

/**
 * The evidence of the test texts of one language and origin, as measured for `modelVersion`; null when that model
 * was not measured (a check made by another model version) or the language is not one the detector checks.
 */
export function measuredEvidence(
  file: CalibrationFile | null,
  modelVersion: string | null,
  lang: string | null,
  label: 'human' | 'ai',
): { texts: number; cells: Evidence[] } | null {
  if (file === null || modelVersion !== file.modelVersion || (lang !== 'en' && lang !== 'es')) return null;
  const counts = file.languages[lang][label];
  return {
    texts: counts.texts,
    cells: counts.evidence.map(([level, unfamiliar, words, count]) => ({
      verdict: file.levels[level] ?? '',
      unfamiliar: unfamiliar === 1,
      words,
      count,
    })),
  };
}

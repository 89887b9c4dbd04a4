import { defaultCalibration, measuredEvidence, type CalibrationFile } from '@veritext/ai';
import {
  AI_CHECK_STATUS,
  aiBandCounts,
  aiVerdictReading,
  type AiAssessment,
  type AiVerdictBand,
} from '@veritext/contracts';
import type { AiCheckRecord } from './ai-checks.repository.ts';

/*
 * What a done AI check means, as the result view, the report's AI part and the PDF say it (issue 15, "an honest
 * verdict"): the band of contracts' aiVerdictReading from the stored verdict, style and length, the detector level
 * where its name fits the evidence, and how often human-written texts of the check's language got the same band
 * in the detector's tests (packages/ai model/calibration.json, measured for the model that made the check, summed
 * into bands by the same reading). No score or threshold: those mean nothing to a reader.
 */

export type AssessedCheck = Pick<
  AiCheckRecord,
  'status' | 'verdict' | 'unfamiliar' | 'words' | 'lang' | 'model_version'
>;

/** The share of a language's human-written test texts that got a band: percent (two decimals) and of how many. */
export type HumanShare = { percent: number; texts: number };

const bandsOf = new WeakMap<CalibrationFile, Map<string, { texts: number; bands: Record<AiVerdictBand, number> }>>();

export function humanShare(
  calibration: CalibrationFile | null,
  modelVersion: string | null,
  lang: string | null,
  band: AiVerdictBand,
): HumanShare | null {
  if (calibration === null) return null;
  let byLanguage = bandsOf.get(calibration);
  if (byLanguage === undefined) {
    byLanguage = new Map();
    bandsOf.set(calibration, byLanguage);
  }
  const key = `${modelVersion ?? ''}|${lang ?? ''}`;
  let counts = byLanguage.get(key);
  if (counts === undefined) {
    const measured = measuredEvidence(calibration, modelVersion, lang, 'human');
    if (measured === null || measured.texts === 0) return null;
    counts = { texts: measured.texts, bands: aiBandCounts(measured.cells) };
    byLanguage.set(key, counts);
  }
  return { percent: Math.round((10_000 * counts.bands[band]) / counts.texts) / 100, texts: counts.texts };
}

export function aiAssessment(
  check: AssessedCheck,
  calibration: CalibrationFile | null = defaultCalibration(),
): AiAssessment | null {
  if (check.status !== AI_CHECK_STATUS.done) return null;
  const reading = aiVerdictReading({ verdict: check.verdict, unfamiliar: check.unfamiliar, words: check.words });
  if (reading === null) return null;
  const lang = check.lang === 'en' || check.lang === 'es' ? check.lang : null;
  const share = humanShare(calibration, check.model_version, lang, reading.band);
  return {
    band: reading.band,
    reason: reading.reason,
    level: reading.level,
    lang,
    human_share: share?.percent ?? null,
    human_texts: share?.texts ?? null,
  };
}

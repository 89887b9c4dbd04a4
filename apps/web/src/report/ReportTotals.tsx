import { useTranslation } from 'react-i18next';
import type { SimilarityReport } from '@veritext/contracts';
import { BAND_KEYS, verdictAssessment } from '../ai-detector/aiDetector.ts';
import { similarityGauge } from './colours.ts';
import { formatReportPercent } from './format.ts';
import { aiPartVerdictKey } from './published.ts';
import type { AiLoad } from './reportLoad.ts';

/** The ring's radius in its 40 × 40 view box: its circumference is 100, so a percentage is its own dash. */
const RING_RADIUS = 100 / (2 * Math.PI);

/** The similarity total as a ring gauge (aria-hidden: the numbers and words beside it say the same). */
export function GaugeRing({ fraction }: { fraction: number }) {
  const dash = Math.round(fraction * 10000) / 100;
  return (
    <svg className="report-gauge__ring" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle className="report-gauge__track" cx="20" cy="20" r={RING_RADIUS} />
      {dash > 0 ? (
        <circle
          className="report-gauge__value"
          cx="20"
          cy="20"
          r={RING_RADIUS}
          pathLength={100}
          strokeDasharray={`${String(Math.max(dash, 1.5))} 100`}
          transform="rotate(-90 20 20)"
        />
      ) : null}
    </svg>
  );
}

/**
 * The "Similarity total" card: the percentage on a ring gauge, what it means in words (its band), and the
 * identical / changed split beside it.
 */
export function SimilarityTotal({ report, language }: { report: SimilarityReport; language: string }) {
  const { t } = useTranslation();
  const { percents } = report.plagiarism;
  const gauge = similarityGauge(percents.total);
  return (
    <span className="report-gauge" data-band={gauge.band}>
      <GaugeRing fraction={gauge.fraction} />
      <span className="report-gauge__body">
        <span className="report-total__label">{t('report.totals.similarity')}</span>
        <span className="report-total__value">{formatReportPercent(percents.total, language)}</span>
        <span className="report-gauge__band">
          <strong>{t(gauge.labelKey)}</strong>
          <span className="visually-hidden">: </span>
          <span className="report-gauge__meaning">{t(gauge.meaningKey)}</span>
        </span>
        <span className="report-total__detail">
          <span className="report-total__identical">
            {t('report.totals.identical', { percent: formatReportPercent(percents.identical, language) })}
          </span>{' '}
          <span className="report-total__changed">
            {t('report.totals.changed', { percent: formatReportPercent(percents['changed-index'], language) })}
          </span>
        </span>
      </span>
    </span>
  );
}

/**
 * The "AI total" card: a short human verdict (the detector's, in words, on the human / uncertain / AI scale) with
 * the AI share under it; or where the AI check stands.
 */
export function AiTotal({
  report,
  ai,
  language,
  failed,
}: {
  report: SimilarityReport;
  ai: AiLoad;
  language: string;
  failed: boolean;
}) {
  const { t } = useTranslation();
  let verdict: string;
  let detail: string | null = null;
  let scale: string = 'none';
  if (failed) {
    verdict = t('report.ai.failed');
    scale = 'failed';
  } else if (ai.kind === 'done') {
    // the verdict's band in words (as the AI result says it); else what the part says instead, or no verdict
    const assessment = verdictAssessment(report.ai);
    if (assessment === null) {
      const key = aiPartVerdictKey(report.ai.verdict);
      verdict = key === null ? t('report.aiCard.noVerdict') : t(key);
    } else {
      verdict = t(BAND_KEYS[assessment.band]);
      scale = assessment.band;
    }
    detail = t('report.aiCard.share', { percent: formatReportPercent(report.ai.percents.total, language) });
  } else if (ai.kind === 'unavailable') {
    verdict = t('report.ai.notAvailableShort');
    detail = t('report.aiCard.unavailable');
  } else if (ai.kind === 'notChecked') {
    verdict = t('report.ai.notChosenShort');
  } else if (ai.kind === 'offer') {
    verdict = t('report.ai.notChosenShort');
    detail = t('report.aiCard.offer');
  } else {
    verdict = t('report.ai.checking');
  }
  return (
    <span className="report-verdict" data-scale={scale}>
      <span className="report-total__label">{t('report.totals.ai')}</span>
      <span
        className={
          failed ? 'report-total__value report-verdict__value is-failed' : 'report-total__value report-verdict__value'
        }
      >
        {verdict}
      </span>
      {detail === null ? null : <span className="report-total__detail">{detail}</span>}
    </span>
  );
}

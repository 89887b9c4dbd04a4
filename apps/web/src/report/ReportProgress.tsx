import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PROGRESS_MESSAGE_KEYS, progressPercent, type ProgressState } from './progress.ts';

/** The progress view: the current status message (announced politely) over a determinate bar. */
export function ReportProgress({ state }: { state: ProgressState }) {
  const { t } = useTranslation();
  const id = useId();
  const percent = progressPercent(state);
  const key = PROGRESS_MESSAGE_KEYS[Math.min(state.step, PROGRESS_MESSAGE_KEYS.length - 1)] ?? PROGRESS_MESSAGE_KEYS[0];
  return (
    <div className="report-progress" data-step={state.step}>
      <p className="report-progress__title" id={`${id}-label`}>
        {t('report.progress.title')}
      </p>
      <div
        className="report-progress__track"
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('report.progress.valueText', { percent })}
      >
        <span className="report-progress__bar" style={{ width: `${String(percent)}%` }} />
      </div>
      <p className="report-progress__message" aria-live="polite" aria-atomic="true">
        {t(key)}
      </p>
      <p className="report-progress__step">
        {t('report.progress.step', { step: state.step + 1, total: PROGRESS_MESSAGE_KEYS.length })}
      </p>
    </div>
  );
}

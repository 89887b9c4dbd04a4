import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { progressMessageKeys, progressPercent, type ProgressState } from './progress.ts';

/**
 * The progress view: the current status message (announced politely) over a determinate bar; the internet's
 * stages are named only where the service searches it (`internet`).
 */
export function ReportProgress({ state, internet = false }: { state: ProgressState; internet?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const percent = progressPercent(state);
  const keys = progressMessageKeys(internet);
  const key = keys[Math.min(state.step, keys.length - 1)] ?? keys[0];
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
      <p className="report-progress__step">{t('report.progress.step', { step: state.step + 1, total: keys.length })}</p>
    </div>
  );
}

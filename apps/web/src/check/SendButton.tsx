import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { simulatedProgress } from './checkForm.ts';

const TICK_MS = 200;
const DONE_SHOWN_MS = 400;

/** The simulated progress of a send: rises toward ~90 % while sending, 100 % on the answer, then gone. */
export function useSimulatedProgress(isSending: boolean): number | null {
  const [progress, setProgress] = useState<number | null>(null);
  useEffect(() => {
    if (!isSending) {
      setProgress((current) => (current === null ? null : 100));
      const hide = window.setTimeout(() => {
        setProgress(null);
      }, DONE_SHOWN_MS);
      return () => {
        window.clearTimeout(hide);
      };
    }
    const startedAt = Date.now();
    setProgress(0);
    const timer = window.setInterval(() => {
      setProgress(simulatedProgress(Date.now() - startedAt));
    }, TICK_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [isSending]);
  return progress;
}

/** The check button; while a check is sent it shows a progress bar. */
export function SendButton({
  label,
  disabled,
  progress,
}: {
  label: string;
  disabled: boolean;
  progress: number | null;
}) {
  const { t } = useTranslation();
  const value = progress === null ? null : Math.round(progress);
  return (
    <button
      type="submit"
      className={
        value === null
          ? 'button button--primary button--large send-button'
          : 'button button--primary button--large send-button is-sending'
      }
      disabled={disabled || value !== null}
      aria-busy={value !== null}
    >
      <span className="send-button__label">{label}</span>
      {value === null ? null : (
        <span
          className="send-progress"
          role="progressbar"
          aria-label={t('check.sending')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
        >
          <span className="send-progress__bar" style={{ width: `${String(value)}%` }} />
        </span>
      )}
    </button>
  );
}

import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportSettings } from '@veritext/contracts';
import { isApiError } from '../../api/client.ts';
import type { ReportSettingsInput } from '../../api/reportSettings.ts';
import {
  ReportSettingsFields,
  settingsProblems,
  type ReportSettingsErrors,
} from '../../check/ReportSettingsFields.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useErrorText } from '../../modals/useAuthFlow.ts';
import { settingsInputOf } from './reportPage.ts';

/** The server's field errors of a refused change, as the fields show them. */
function serverFieldErrors(error: unknown): ReportSettingsErrors {
  if (!isApiError(error)) return {};
  const fields = error.fields;
  return {
    ...(fields['exclude_below_percent'] === undefined ? {} : { excludeBelowPercent: fields['exclude_below_percent'] }),
    ...(fields['custom_author'] === undefined ? {} : { customAuthor: fields['custom_author'] }),
  };
}

/**
 * The report's Settings panel (commerce-and-cabinet.md §2 "Similarity report", settings): the check's settings,
 * changed and applied to the finished report, which is recomputed (no new check, no charge) while a progress
 * indicator shows. Read-only for a reader who may not change them; a report made before they existed says so.
 */
export function ReportSettingsPanel({
  settings,
  applicable,
  canChange,
  isApplying,
  error,
  onApply,
  onClose,
}: {
  settings: ReportSettings | undefined;
  applicable: boolean;
  canChange: boolean;
  isApplying: boolean;
  /** The last refusal of the server (its field errors are shown at their fields). */
  error: unknown;
  onApply: (input: ReportSettingsInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toErrorText = useErrorText();
  const id = useId();
  const [value, setValue] = useState<ReportSettingsInput>(() => settingsInputOf(settings));
  const [showErrors, setShowErrors] = useState(false);
  const problems = settingsProblems(value);
  const local: ReportSettingsErrors = showErrors
    ? {
        ...(problems.excludeBelowPercent === undefined ? {} : { excludeBelowPercent: t(problems.excludeBelowPercent) }),
        ...(problems.customAuthor === undefined ? {} : { customAuthor: t(problems.customAuthor) }),
      }
    : {};
  const fromServer = serverFieldErrors(error);
  const errors = { ...fromServer, ...local };
  const otherError = error !== null && error !== undefined && Object.keys(fromServer).length === 0;

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    if (isApplying) return;
    if (Object.keys(problems).length > 0) {
      setShowErrors(true);
      return;
    }
    setShowErrors(false);
    onApply(value);
  };

  return (
    <section className="report-settings card" aria-labelledby={`${id}-title`} data-testid="report-settings">
      <h2 id={`${id}-title`} className="report-settings__title">
        {t('reportPage.settings.title')}
      </h2>
      {!applicable ? (
        <p className="alert alert--info">{t('reportPage.settings.unavailable')}</p>
      ) : !canChange ? (
        <p className="report-settings__note">{t('reportPage.settings.readOnly')}</p>
      ) : (
        <p className="report-settings__note">{t('reportPage.settings.lead')}</p>
      )}
      <form noValidate onSubmit={submit} aria-busy={isApplying}>
        <ReportSettingsFields
          idPrefix={id}
          value={value}
          onChange={setValue}
          errors={errors}
          disabled={!applicable || !canChange || isApplying}
        />
        {otherError ? (
          <div className="alert alert--error" role="alert">
            <p>{toErrorText(error)}</p>
          </div>
        ) : null}
        <div className="report-settings__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('common.close')}
          </button>
          {applicable && canChange ? (
            <button
              type="submit"
              className="button button--primary"
              aria-disabled={isApplying}
              data-testid="report-settings-apply"
            >
              {isApplying ? <Spinner size="sm" /> : null}
              {isApplying ? t('reportPage.settings.applying') : t('reportPage.settings.apply')}
            </button>
          ) : null}
        </div>
        <p className="visually-hidden" role="status" aria-live="polite">
          {isApplying ? t('reportPage.settings.applying') : ''}
        </p>
      </form>
    </section>
  );
}

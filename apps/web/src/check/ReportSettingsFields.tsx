import { useTranslation } from 'react-i18next';
import { CUSTOM_AUTHOR_MAX_LENGTH } from '@veritext/contracts';
import type { ReportSettingsInput } from '../api/reportSettings.ts';
import '../styles/check-settings.css';

export type ReportSettingsErrors = { excludeBelowPercent?: string; customAuthor?: string };

export const DEFAULT_SETTINGS_INPUT: ReportSettingsInput = {
  excludeBelowPercent: '',
  excludeSelfPlagiarism: false,
  customAuthor: '',
  includeQuotes: false,
  includeReferences: false,
};

/** Whether the input asks for anything but the defaults (a check sends settings only then). */
export function isDefaultSettings(input: ReportSettingsInput): boolean {
  const percent = input.excludeBelowPercent.trim();
  return (
    (percent === '' || Number(percent.replace(',', '.')) === 0) &&
    !input.excludeSelfPlagiarism &&
    input.customAuthor.trim() === '' &&
    !input.includeQuotes &&
    !input.includeReferences
  );
}

/**
 * The settings' field problems as the server words them (i18n keys of checkSettings.errors): a percentage from 0 to
 * 100 (two decimals at most), and a custom author when self-plagiarism is excluded.
 */
export function settingsProblems(input: ReportSettingsInput): {
  excludeBelowPercent?: 'checkSettings.errors.percent';
  customAuthor?: 'checkSettings.errors.customAuthorEmpty' | 'checkSettings.errors.customAuthorLong';
} {
  const problems: ReturnType<typeof settingsProblems> = {};
  const percent = input.excludeBelowPercent.trim().replace(',', '.');
  if (percent !== '' && (!/^\d{1,3}(\.\d{1,2})?$/.test(percent) || Number(percent) > 100)) {
    problems.excludeBelowPercent = 'checkSettings.errors.percent';
  }
  const author = input.customAuthor.trim();
  if (author.length > CUSTOM_AUTHOR_MAX_LENGTH) problems.customAuthor = 'checkSettings.errors.customAuthorLong';
  else if (input.excludeSelfPlagiarism && author === '')
    problems.customAuthor = 'checkSettings.errors.customAuthorEmpty';
  return problems;
}

/**
 * The report's settings (commerce-and-cabinet.md §2 "New check"): exclude sources below a percentage, exclude
 * self-plagiarism by author name (custom author), include quotes, include references. Used by the New check form and
 * the report page's Settings panel.
 */
export function ReportSettingsFields({
  idPrefix,
  value,
  onChange,
  errors = {},
  disabled = false,
}: {
  idPrefix: string;
  value: ReportSettingsInput;
  onChange: (next: ReportSettingsInput) => void;
  errors?: ReportSettingsErrors;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const set = (change: Partial<ReportSettingsInput>): void => {
    onChange({ ...value, ...change });
  };
  return (
    <div className="report-settings-fields">
      <div
        className={`field report-settings-fields__percent${errors.excludeBelowPercent === undefined ? '' : ' field--invalid'}`}
      >
        <label className="field__label" htmlFor={`${idPrefix}-below`}>
          {t('checkSettings.excludeBelow.label')}
        </label>
        <div className="report-settings-fields__percent-input">
          <input
            id={`${idPrefix}-below`}
            name="exclude_below_percent"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className="field__input"
            value={value.excludeBelowPercent}
            placeholder="0"
            disabled={disabled}
            aria-invalid={errors.excludeBelowPercent === undefined ? undefined : true}
            aria-describedby={`${idPrefix}-below-hint${errors.excludeBelowPercent === undefined ? '' : ` ${idPrefix}-below-error`}`}
            onChange={(event) => {
              set({ excludeBelowPercent: event.target.value });
            }}
          />
          <span aria-hidden="true">%</span>
        </div>
        <p id={`${idPrefix}-below-hint`} className="field__hint">
          {t('checkSettings.excludeBelow.hint')}
        </p>
        {errors.excludeBelowPercent === undefined ? null : (
          <p id={`${idPrefix}-below-error`} className="field__error" role="alert">
            {errors.excludeBelowPercent}
          </p>
        )}
      </div>
      <div className="field report-settings-fields__self">
        <label className="report-settings-fields__check">
          <input
            type="checkbox"
            name="exclude_self_plagiarism"
            checked={value.excludeSelfPlagiarism}
            disabled={disabled}
            onChange={(event) => {
              set({ excludeSelfPlagiarism: event.target.checked });
            }}
          />{' '}
          {t('checkSettings.excludeSelf.label')}
        </label>
        <p className="field__hint">{t('checkSettings.excludeSelf.hint')}</p>
        {value.excludeSelfPlagiarism || value.customAuthor !== '' || errors.customAuthor !== undefined ? (
          <div
            className={`report-settings-fields__author${errors.customAuthor === undefined ? '' : ' field--invalid'}`}
          >
            <label className="field__label" htmlFor={`${idPrefix}-author`}>
              {t('checkSettings.customAuthor.label')}
            </label>
            <input
              id={`${idPrefix}-author`}
              name="custom_author"
              type="text"
              className="field__input"
              maxLength={CUSTOM_AUTHOR_MAX_LENGTH}
              autoComplete="off"
              value={value.customAuthor}
              disabled={disabled}
              aria-invalid={errors.customAuthor === undefined ? undefined : true}
              aria-describedby={errors.customAuthor === undefined ? undefined : `${idPrefix}-author-error`}
              onChange={(event) => {
                set({ customAuthor: event.target.value });
              }}
            />
            {errors.customAuthor === undefined ? null : (
              <p id={`${idPrefix}-author-error`} className="field__error" role="alert">
                {errors.customAuthor}
              </p>
            )}
          </div>
        ) : null}
      </div>
      <label className="report-settings-fields__check">
        <input
          type="checkbox"
          name="include_quotes"
          checked={value.includeQuotes}
          disabled={disabled}
          onChange={(event) => {
            set({ includeQuotes: event.target.checked });
          }}
        />{' '}
        {t('checkSettings.includeQuotes')}
      </label>
      <label className="report-settings-fields__check">
        <input
          type="checkbox"
          name="include_references"
          checked={value.includeReferences}
          disabled={disabled}
          onChange={(event) => {
            set({ includeReferences: event.target.checked });
          }}
        />{' '}
        {t('checkSettings.includeReferences')}
      </label>
    </div>
  );
}

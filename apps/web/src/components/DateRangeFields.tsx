import { useTranslation } from 'react-i18next';

type DateRangeFieldsProps = {
  /** The ids of the two inputs: `${idPrefix}-from`, `${idPrefix}-to`. */
  idPrefix: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  /** The class of each field's wrapper (the page's layout). */
  fieldClassName: string;
};

/** Two labelled date inputs, From and To, each bounded by the other (an admin page's filter). */
export function DateRangeFields({ idPrefix, from, to, onFrom, onTo, fieldClassName }: DateRangeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className={fieldClassName}>
        <label htmlFor={`${idPrefix}-from`} className="field__label">
          {t('dateRange.from')}
        </label>
        <input
          id={`${idPrefix}-from`}
          className="field__input"
          type="date"
          value={from}
          max={to === '' ? undefined : to}
          onChange={(event) => {
            onFrom(event.target.value);
          }}
        />
      </div>
      <div className={fieldClassName}>
        <label htmlFor={`${idPrefix}-to`} className="field__label">
          {t('dateRange.to')}
        </label>
        <input
          id={`${idPrefix}-to`}
          className="field__input"
          type="date"
          value={to}
          min={from === '' ? undefined : from}
          onChange={(event) => {
            onTo(event.target.value);
          }}
        />
      </div>
    </>
  );
}

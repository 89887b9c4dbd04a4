import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterTimeZones, zoneLabel, zoneList } from './profileForms.ts';

/**
 * A searchable list of IANA time zones: a search box narrows a native select (keyboard and screen readers
 * know both). The chosen zone always stays in the list, whatever the search.
 */
export function TimezoneSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const zones = useMemo(() => zoneList([value]), [value]);
  const matches = useMemo(() => {
    const found = filterTimeZones(zones, query);
    return found.includes(value) ? found : [value, ...found];
  }, [zones, query, value]);
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <div className={error === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={`${id}-search`} className="field__label">
        {t('profile.timezone.search')}
      </label>
      <input
        id={`${id}-search`}
        className="field__input"
        type="search"
        autoComplete="off"
        value={query}
        aria-describedby={countId}
        aria-controls={`${id}-select`}
        onChange={(event) => {
          setQuery(event.target.value);
        }}
      />
      <p id={countId} className="field__hint" aria-live="polite">
        {t('profile.timezone.matches', { count: matches.length })}
      </p>
      <label htmlFor={`${id}-select`} className="field__label">
        {t('profile.timezone.label')}
      </label>
      <select
        id={`${id}-select`}
        className="field__input profile-zones"
        size={6}
        value={value}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? undefined : errorId}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {matches.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
          </option>
        ))}
      </select>
      {error === undefined ? null : (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

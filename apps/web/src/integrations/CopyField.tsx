import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A value to copy (a tool URL, the plugin's endpoint, a new token): read-only, selected on focus, with a copy button
 * named after the field and its outcome announced.
 */
export function CopyField({ label, value, secret = false }: { label: string; value: string; secret?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <div className="field integrations__url">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="integrations__url-row">
        <input
          id={id}
          className="field__input integrations__url-input"
          type="text"
          readOnly
          spellCheck={false}
          autoComplete="off"
          data-secret={secret ? 'true' : undefined}
          value={value}
          onFocus={(event) => {
            event.target.select();
          }}
        />
        <button
          type="button"
          className="button button--small"
          aria-describedby={`${id}-status`}
          onClick={() => {
            void copy();
          }}
        >
          {t('copyField.copy')}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
      <p id={`${id}-status`} className="field__hint" role="status">
        {copied === 'yes' ? t('copyField.copied') : copied === 'failed' ? t('copyField.copyFailed') : ''}
      </p>
    </div>
  );
}

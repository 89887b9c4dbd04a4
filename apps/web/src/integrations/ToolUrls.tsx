import type { LtiToolUrls } from '@veritext/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ROWS: readonly (keyof LtiToolUrls)[] = ['login_url', 'launch_url', 'deep_linking_url', 'jwks_url', 'config_url'];

/** One URL: read-only, selectable, with a button that copies it (its outcome announced). */
function UrlRow({ label, value }: { label: string; value: string }) {
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
          {t('integrations.tool.copy')}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
      <p id={`${id}-status`} className="field__hint" role="status">
        {copied === 'yes'
          ? t('integrations.tool.copied')
          : copied === 'failed'
            ? t('integrations.tool.copyFailed')
            : ''}
      </p>
    </div>
  );
}

/** The tool's URLs a platform administrator copies into Moodle, Canvas or Brightspace. */
export function ToolUrls({ urls }: { urls: LtiToolUrls }) {
  const { t } = useTranslation();
  const labels: Record<keyof LtiToolUrls, string> = {
    login_url: t('integrations.tool.login_url'),
    launch_url: t('integrations.tool.launch_url'),
    deep_linking_url: t('integrations.tool.deep_linking_url'),
    jwks_url: t('integrations.tool.jwks_url'),
    config_url: t('integrations.tool.config_url'),
  };
  return (
    <div className="integrations__urls">
      {ROWS.map((row) => (
        <UrlRow key={row} label={labels[row]} value={urls[row]} />
      ))}
    </div>
  );
}

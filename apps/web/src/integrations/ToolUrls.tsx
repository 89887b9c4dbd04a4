import type { LtiToolUrls } from '@veritext/contracts';
import { useTranslation } from 'react-i18next';
import { CopyField } from './CopyField.tsx';

const ROWS: readonly (keyof LtiToolUrls)[] = ['login_url', 'launch_url', 'deep_linking_url', 'jwks_url', 'config_url'];

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
        <CopyField key={row} label={labels[row]} value={urls[row]} />
      ))}
    </div>
  );
}

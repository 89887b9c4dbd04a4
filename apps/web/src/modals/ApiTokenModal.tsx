import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import { ModalFrame } from './ModalFrame.tsx';
import { useErrorText } from './useAuthFlow.ts';

export const CREDENTIALS_QUERY_KEY = ['credentials'] as const;

function TokenView() {
  const { t } = useTranslation();
  const { session } = useServices();
  const describeError = useErrorText();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const query = useQuery({ queryKey: CREDENTIALS_QUERY_KEY, queryFn: () => session.refreshProfile() });

  if (query.isPending) return <LoadingBlock label={t('common.loading')} />;
  if (query.isError) {
    return (
      <div className="alert alert--error" role="alert">
        {t('apiToken.loadFailed')} {describeError(query.error)}
      </div>
    );
  }
  const token = query.data.api_token;

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(token);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }

  return (
    <div className="token">
      <label htmlFor="api-token" className="field__label">
        {t('apiToken.label')}
      </label>
      <div className="token__row">
        <input
          id="api-token"
          className="field__input token__value"
          readOnly
          value={token}
          onFocus={(event) => {
            event.target.select();
          }}
        />
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {t('apiToken.copy')}
        </button>
      </div>
      <p
        role="status"
        className={copyState === 'failed' ? 'token__status is-error' : 'token__status'}
        aria-live="polite"
      >
        {copyState === 'copied' ? t('apiToken.copied') : copyState === 'failed' ? t('apiToken.copyFailed') : ''}
      </p>
    </div>
  );
}

export function ApiTokenModal({ onSwitch }: { onSwitch: (name: 'login') => void }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <ModalFrame title={t('apiToken.title')} description={t('apiToken.description')}>
      {session.status === 'user' ? (
        <TokenView />
      ) : session.status === 'checking' ? (
        <LoadingBlock label={t('common.loading')} />
      ) : (
        <div className="stack">
          <p>{t('apiToken.guest')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              onSwitch('login');
            }}
          >
            {t('header.login')}
          </button>
        </div>
      )}
    </ModalFrame>
  );
}

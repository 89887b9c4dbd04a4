import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { GROUP_ROLE, type CheckGroup } from '../check/account.ts';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { LoadingBlock } from '../components/Spinner.tsx';
import { ModalFrame } from './ModalFrame.tsx';
import { useErrorText } from './useAuthFlow.ts';

export const CREDENTIALS_QUERY_KEY = ['credentials'] as const;

type CopyState = 'idle' | 'copied' | 'failed';

/** One token with its copy button and the spec's copy messages. */
export function TokenRow({ id, label, token }: { id: string; label: string; token: string }) {
  const { t } = useTranslation();
  const [copyState, setCopyState] = useState<CopyState>('idle');

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
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="token__row">
        <input
          id={id}
          className="field__input token__value"
          readOnly
          value={token}
          onFocus={(event) => {
            event.target.select();
          }}
        />
        <button
          type="button"
          className="button button--primary"
          aria-describedby={`${id}-status`}
          onClick={() => void copy()}
        >
          {t('apiToken.copy')}
        </button>
      </div>
      <p
        id={`${id}-status`}
        role="status"
        className={copyState === 'failed' ? 'token__status is-error' : 'token__status'}
        aria-live="polite"
      >
        {copyState === 'copied' ? t('apiToken.copied') : copyState === 'failed' ? t('apiToken.copyFailed') : ''}
      </p>
    </div>
  );
}

/** The groups whose token the user is given: those where the user has role 1 (check-tool.md §2, §6). */
export function ownedGroupTokens(groups: readonly CheckGroup[]): { id: number; name: string; token: string }[] {
  return groups.flatMap((group) =>
    group.current_user_role === GROUP_ROLE.owner && group.api_token !== undefined
      ? [{ id: group.id, name: group.name, token: group.api_token }]
      : [],
  );
}

/** The personal token, then one token per group the user administers. */
export function TokenList({ personal, groups }: { personal: string; groups: readonly CheckGroup[] }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <TokenRow id="api-token" label={t('apiToken.label')} token={personal} />
      {ownedGroupTokens(groups).map((group) => (
        <TokenRow
          key={group.id}
          id={`api-token-group-${String(group.id)}`}
          label={t('apiToken.groupLabel', { name: group.name })}
          token={group.token}
        />
      ))}
      {ownedGroupTokens(groups).length > 0 ? <p className="field__hint">{t('apiToken.groupHint')}</p> : null}
    </div>
  );
}

function TokenView() {
  const { t } = useTranslation();
  const { session, client } = useServices();
  const describeError = useErrorText();
  const query = useQuery({ queryKey: CREDENTIALS_QUERY_KEY, queryFn: () => session.refreshProfile() });
  const groups = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => fetchGroups(client) });

  if (query.isPending || groups.isPending) return <LoadingBlock label={t('common.loading')} />;
  if (query.isError) {
    return (
      <div className="alert alert--error" role="alert">
        {t('apiToken.loadFailed')} {describeError(query.error)}
      </div>
    );
  }
  // Without the groups the personal token is still worth showing.
  return <TokenList personal={query.data.api_token} groups={groups.data ?? []} />;
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

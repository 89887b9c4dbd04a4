import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { GROUPS_QUERY_KEY } from '../check/groups.ts';
import { InviteNotice } from './InviteNotice.tsx';
import { invitesApiFor } from './invitesApi.ts';

/** The by-link modal for a user who is already logged in: join the organisation with one click. */
export function InviteJoinModal({ token }: { token: string }) {
  const { t } = useTranslation();
  const { client, queryClient, modals } = useServices();
  const describeError = useErrorText();
  const [state, setState] = useState<'idle' | 'busy' | 'joined' | 'member'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function join(): Promise<void> {
    setState('busy');
    setError(null);
    try {
      const result = await invitesApiFor(client).accept(token);
      await queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY });
      setState(result.joined ? 'joined' : 'member');
    } catch (failure) {
      setError(describeError(failure));
      setState('idle');
    }
  }

  return (
    <ModalFrame title={t('invites.join.title')} description={t('invites.join.description')} size="sm">
      <div className="stack">
        <InviteNotice token={token} />
        {error === null ? null : (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        {state === 'joined' || state === 'member' ? (
          <>
            <p role="status">{state === 'joined' ? t('invites.join.joined') : t('invites.join.alreadyMember')}</p>
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => {
                modals.closeAll();
              }}
            >
              {t('invites.join.close')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--primary button--block"
            disabled={state === 'busy'}
            aria-busy={state === 'busy'}
            onClick={() => void join()}
          >
            {t('invites.join.submit')}
          </button>
        )}
      </div>
    </ModalFrame>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyInvitation } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { GROUPS_QUERY_KEY } from '../check/groups.ts';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { memberRoleKey } from './members.ts';
import { MY_INVITATIONS_QUERY_KEY } from './organisations.ts';
import { formatCount } from '../i18n/format.ts';

type Answer = 'accept' | 'decline';

/**
 * The user's pending invitations to organisations (/profile/#invitations): who invited them to which
 * organisation with which role and limit, Accept and Decline. Nothing shows when there are none.
 */
export function InvitationsCard() {
  const { t, i18n } = useTranslation();
  const { endpoints, queryClient } = useServices();
  const describeError = useErrorText();
  const query = useQuery({ queryKey: MY_INVITATIONS_QUERY_KEY, queryFn: () => endpoints.listMyInvitations() });
  const [busy, setBusy] = useState<{ id: number; answer: Answer } | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function answer(invitation: MyInvitation, choice: Answer): Promise<void> {
    setBusy({ id: invitation.id, answer: choice });
    setError(null);
    setNotice('');
    try {
      await endpoints.answerInvitation(invitation.id, choice);
      const group = invitation.group.name;
      setNotice(
        t(choice === 'accept' ? 'organisations.invitations.accepted' : 'organisations.invitations.declined', { group }),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY }),
      ]);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setBusy(null);
    }
  }

  const invitations = query.data ?? [];
  if (query.isPending || (query.isSuccess && invitations.length === 0 && notice === '')) return null;

  return (
    <section className="card invitations-card" id="invitations" aria-labelledby="invitations-title">
      <h2 id="invitations-title">{t('organisations.invitations.title')}</h2>
      <p role="status" className={notice === '' ? 'visually-hidden' : 'alert alert--success'}>
        {notice}
      </p>
      {error === null ? null : (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {query.isError ? (
        <div className="alert alert--error" role="alert">
          <p>
            {t('organisations.invitations.loadFailed')} {describeError(query.error)}
          </p>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : invitations.length === 0 ? null : (
        <>
          <p className="muted">{t('organisations.invitations.lead')}</p>
          <ul className="invitations-list">
            {invitations.map((invitation) => {
              const group = invitation.group.name;
              const isBusy = busy?.id === invitation.id;
              return (
                <li key={invitation.id} className="invitations-list__item" data-invitation={invitation.id}>
                  <p>
                    {t('organisations.invitations.from', {
                      owner: invitation.invited_by,
                      group,
                      role: t(memberRoleKey(invitation.role)),
                    })}
                  </p>
                  <p className="muted">
                    {invitation.limit === null
                      ? t('organisations.invitations.noLimit')
                      : t('organisations.invitations.limit', { limit: formatCount(invitation.limit, i18n.language) })}
                  </p>
                  <div className="invitations-list__actions">
                    <button
                      type="button"
                      className="button button--small button--primary"
                      aria-label={t('organisations.invitations.acceptFor', { group })}
                      disabled={busy !== null}
                      aria-busy={isBusy && busy.answer === 'accept'}
                      onClick={() => void answer(invitation, 'accept')}
                    >
                      {isBusy && busy.answer === 'accept' ? <Spinner size="sm" /> : null}
                      {t('organisations.invitations.accept')}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      aria-label={t('organisations.invitations.declineFor', { group })}
                      disabled={busy !== null}
                      aria-busy={isBusy && busy.answer === 'decline'}
                      onClick={() => void answer(invitation, 'decline')}
                    >
                      {isBusy && busy.answer === 'decline' ? <Spinner size="sm" /> : null}
                      {t('organisations.invitations.decline')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

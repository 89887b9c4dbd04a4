import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import type { CheckGroup } from '../check/account.ts';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { Spinner } from '../components/Spinner.tsx';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { memberRoleKey } from './members.ts';
import { groupDocumentsPath, groupPages, isGroupOwner, membersPagePath, seesGroupBalance } from './organisations.ts';
import { formatCount } from '../i18n/format.ts';

function groupName(t: TFunction, group: CheckGroup): string {
  return group.name.trim() === '' ? t('members.chooser.unnamed', { id: group.id }) : group.name;
}

/** One organisation: its name, the user's role, its balance (owner, teachers), its links, Leave. */
function OrganisationItem({ group, onLeave }: { group: CheckGroup; onLeave: (group: CheckGroup) => void }) {
  const { t, i18n } = useTranslation();
  const name = groupName(t, group);
  return (
    <li className="organisations-list__item" data-group={group.id}>
      <div className="organisations-list__head">
        <h3 className="organisations-list__name">{name}</h3>
        <span className="badge badge--neutral">
          {t('organisations.role', { role: t(memberRoleKey(group.current_user_role)) })}
        </span>
      </div>
      {seesGroupBalance(group) ? (
        <dl className="balance__grid" aria-label={t('organisations.balanceFor', { name })}>
          <div className="balance__tile">
            <dt>{t('organisations.pages')}</dt>
            <dd>{formatCount(groupPages(group), i18n.language)}</dd>
          </div>
          <div className="balance__tile">
            <dt>{t('organisations.aiBalance')}</dt>
            <dd>{formatCount(group.group_balance.ai_balance, i18n.language)}</dd>
          </div>
        </dl>
      ) : null}
      <div className="organisations-list__actions">
        {isGroupOwner(group) ? (
          <Link className="button button--small" to={membersPagePath(group.id)}>
            {t('organisations.manageMembers')}
          </Link>
        ) : null}
        <Link className="button button--small button--ghost" to={groupDocumentsPath(group.id)}>
          {t('organisations.documents')}
        </Link>
        {isGroupOwner(group) ? null : (
          <button
            type="button"
            className="button button--small button--ghost members-actions__remove"
            aria-label={t('organisations.leaveFor', { name })}
            onClick={() => {
              onLeave(group);
            }}
          >
            {t('organisations.leave')}
          </button>
        )}
      </div>
      {isGroupOwner(group) ? <p className="muted organisations-list__note">{t('organisations.ownerNote')}</p> : null}
    </li>
  );
}

/** "Your organisations" on /profile/: shown to members of at least one organisation. */
export function OrganisationsCard() {
  const { t } = useTranslation();
  const { client, endpoints, queryClient } = useServices();
  const describeError = useErrorText();
  const query = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => fetchGroups(client) });
  const [leaving, setLeaving] = useState<CheckGroup | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  async function confirmLeave(): Promise<void> {
    if (leaving === null) return;
    setIsLeaving(true);
    setLeaveError(null);
    try {
      await endpoints.leaveGroup(leaving.id);
      setNotice(t('organisations.left', { name: groupName(t, leaving) }));
      await queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY });
      setLeaving(null);
    } catch (caught) {
      setLeaveError(describeError(caught));
    } finally {
      setIsLeaving(false);
    }
  }

  const groups = query.data ?? [];
  if (query.isPending || (query.isSuccess && groups.length === 0 && notice === '')) return null;

  return (
    <section className="card organisations-card" aria-labelledby="organisations-title">
      <h2 id="organisations-title">{t('organisations.title')}</h2>
      <p role="status" className={notice === '' ? 'visually-hidden' : 'alert alert--success'}>
        {notice}
      </p>
      {query.isError ? (
        <div className="alert alert--error" role="alert">
          <p>
            {t('organisations.loadFailed')} {describeError(query.error)}
          </p>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <ul className="organisations-list">
          {groups.map((group) => (
            <OrganisationItem
              key={group.id}
              group={group}
              onLeave={(chosen) => {
                setNotice('');
                setLeaveError(null);
                setLeaving(chosen);
              }}
            />
          ))}
        </ul>
      )}
      <Dialog.Root
        open={leaving !== null}
        onOpenChange={(open) => {
          if (!open && !isLeaving) setLeaving(null);
        }}
      >
        {leaving === null ? null : (
          <ModalFrame
            title={t('organisations.leaveDialog.title')}
            description={t('organisations.leaveDialog.body', { name: groupName(t, leaving) })}
            size="sm"
          >
            {leaveError === null ? null : (
              <p className="alert alert--error" role="alert">
                {leaveError}
              </p>
            )}
            <div className="modal__actions">
              <button
                type="button"
                className="button button--ghost"
                disabled={isLeaving}
                onClick={() => {
                  setLeaving(null);
                }}
              >
                {t('organisations.leaveDialog.cancel')}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={isLeaving}
                aria-busy={isLeaving}
                onClick={() => void confirmLeave()}
              >
                {isLeaving ? <Spinner size="sm" /> : null}
                {isLeaving ? t('organisations.leaveDialog.leaving') : t('organisations.leaveDialog.confirm')}
              </button>
            </div>
          </ModalFrame>
        )}
      </Dialog.Root>
    </section>
  );
}

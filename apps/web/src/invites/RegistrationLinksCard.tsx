import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GroupInvite, InviteRole } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { inviteRoleKey, invitesApiFor } from './invitesApi.ts';
import { copyLink, ownedGroups, sortInvites, type CopyState } from './inviteLinks.ts';

/** The links of one group, one per role, with copy and new-link buttons. */
export function GroupInviteLinks({
  groupName,
  invites,
  copyState,
  isRotating,
  onCopy,
  onRotate,
}: {
  groupName: string;
  invites: readonly GroupInvite[];
  copyState: CopyState;
  isRotating: boolean;
  onCopy: (invite: GroupInvite) => void;
  onRotate: (role: InviteRole) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="invite-links">
      <h3 className="invite-links__group">{groupName}</h3>
      {sortInvites(invites).map((invite) => {
        const id = `invite-${groupName}-${String(invite.role)}`.replace(/\W+/g, '-');
        const roleName = t(inviteRoleKey(invite.role));
        return (
          <div key={invite.role} className="token">
            <label htmlFor={id} className="field__label">
              {t('invites.card.linkFor', { role: roleName })}
            </label>
            <div className="token__row">
              <input id={id} className="field__input token__value" readOnly value={invite.url} />
              <button
                type="button"
                className="button button--primary"
                aria-label={t('invites.card.copyFor', { role: roleName })}
                onClick={() => {
                  onCopy(invite);
                }}
              >
                {t('apiToken.copy')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={isRotating}
                aria-label={t('invites.card.rotateFor', { role: roleName })}
                onClick={() => {
                  onRotate(invite.role);
                }}
              >
                {t('invites.card.rotate')}
              </button>
            </div>
            <p
              role="status"
              aria-live="polite"
              className={
                copyState?.role === invite.role && copyState.outcome === 'failed'
                  ? 'token__status is-error'
                  : 'token__status'
              }
            >
              {copyState?.role !== invite.role
                ? ''
                : copyState.outcome === 'copied'
                  ? t('invites.card.copied')
                  : t('invites.card.copyFailed')}
            </p>
          </div>
        );
      })}
    </div>
  );
}

export function OwnedGroupLinks({ groupId, groupName }: { groupId: number; groupName: string }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const queryClient = useQueryClient();
  const describeError = useErrorText();
  const [copyState, setCopyState] = useState<CopyState>(null);
  const key = ['group-invites', groupId] as const;
  const query = useQuery({ queryKey: key, queryFn: () => invitesApiFor(client).list(groupId) });
  const rotate = useMutation({
    mutationFn: (role: InviteRole) => invitesApiFor(client).rotate(groupId, role),
    onSuccess: (invites) => {
      queryClient.setQueryData(key, invites);
      setCopyState(null);
    },
  });

  if (query.isPending) return <p role="status">{t('common.loading')}</p>;
  if (query.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {describeError(query.error)}
      </p>
    );
  }
  return (
    <>
      <GroupInviteLinks
        groupName={groupName}
        invites={query.data}
        copyState={copyState}
        isRotating={rotate.isPending}
        onCopy={(invite) => {
          void copyLink(navigator.clipboard as Clipboard | undefined, invite.role, invite.url).then(setCopyState);
        }}
        onRotate={(role) => {
          if (window.confirm(t('invites.card.rotateConfirm'))) rotate.mutate(role);
        }}
      />
      {rotate.isError ? (
        <p className="alert alert--error" role="alert">
          {describeError(rotate.error)}
        </p>
      ) : null}
    </>
  );
}

/** Registration links for the organisations the user owns (role 1); nothing for anyone else. */
export function RegistrationLinksCard() {
  const { t } = useTranslation();
  const { client } = useServices();
  const groups = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => fetchGroups(client) });
  const owned = ownedGroups(groups.data ?? []);
  if (owned.length === 0) return null;
  return (
    <section className="card invite-card" aria-labelledby="invite-card-title">
      <h2 id="invite-card-title">{t('invites.card.title')}</h2>
      <p className="muted">{t('invites.card.lead')}</p>
      {owned.map((group) => (
        <OwnedGroupLinks key={group.id} groupId={group.id} groupName={group.name} />
      ))}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import type { CheckGroup } from '../check/account.ts';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { GroupChooser, groupLabel } from '../components/GroupChooser.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import { ownedGroups } from '../invites/inviteLinks.ts';
import { OwnedGroupLinks } from '../invites/RegistrationLinksCard.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { AddMemberForm } from './AddMemberForm.tsx';
import { MemberUpload } from './MemberUpload.tsx';
import { MembersTable } from './MembersTable.tsx';
import { chooseGroup } from './members.ts';

export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <div className="alert alert--info members-denied" role="alert">
      <p>
        <strong>{t('members.denied.title')}</strong>
      </p>
      <p>{t('members.denied.body')}</p>
    </div>
  );
}

/** Everything the owner manages for one organisation. */
export function GroupMembers({ group }: { group: CheckGroup }) {
  const { t } = useTranslation();
  const name = groupLabel(t, group);
  return (
    <div className="members-grid">
      <AddMemberForm groupId={group.id} />
      <MemberUpload groupId={group.id} />
      <MembersTable groupId={group.id} groupName={name} />
      <section className="card invite-card members-links" aria-labelledby={`members-links-${String(group.id)}`}>
        <h2 id={`members-links-${String(group.id)}`}>{t('invites.card.title')}</h2>
        <p className="muted">{t('invites.card.lead')}</p>
        <OwnedGroupLinks groupId={group.id} groupName={name} />
      </section>
    </div>
  );
}

/** /profile/members/: the organisation members of commerce-and-cabinet.md §2 (owners, role 1, only). */
export function MembersPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const describeError = useErrorText();
  const [searchParams, setSearchParams] = useSearchParams();
  const groups = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => fetchGroups(client) });
  const owned = ownedGroups(groups.data ?? []);
  const group = chooseGroup(owned, searchParams.get('group'));

  let content: React.JSX.Element;
  if (groups.isPending) content = <LoadingBlock label={t('members.loadingGroups')} />;
  else if (groups.isError) {
    content = (
      <div className="alert alert--error" role="alert">
        <p>
          {t('members.groupsFailed')} {describeError(groups.error)}
        </p>
        <button type="button" className="button button--small" onClick={() => void groups.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (group === null) content = <AccessDenied />;
  else {
    content = (
      <>
        {owned.length > 1 ? (
          <GroupChooser
            groups={owned}
            selected={group.id}
            label={t('members.chooser.label')}
            className="members-chooser"
            onChange={(next) => {
              setSearchParams({ group: String(next) });
            }}
          />
        ) : null}
        {/* a new group starts with fresh forms */}
        <GroupMembers key={group.id} group={group} />
      </>
    );
  }

  return (
    <div className="container page members-page">
      <PageIntro title={t('members.title')} lead={t('members.lead')} />
      {content}
    </div>
  );
}

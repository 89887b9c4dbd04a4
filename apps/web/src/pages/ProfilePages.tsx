import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { CredentialsUser } from '@veritext/contracts';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { ActingAs } from '../check/ActingAs.tsx';
import { CheckForm } from '../check/CheckForm.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { Cabinet } from '../documents/Cabinet.tsx';
import { MyChecks } from '../documents/MyChecks.tsx';
import { parseGroupId } from '../documents/documents.ts';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { InvitationsCard } from '../members/InvitationsCard.tsx';
import { OrganisationsCard } from '../members/OrganisationsCard.tsx';
import { CREDENTIALS_QUERY_KEY } from '../modals/ApiTokenModal.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { MySubscriptionCard } from '../profile/MySubscriptionCard.tsx';
import { ProfileSettings } from '../profile/ProfileSettings.tsx';
import { RegistrationLinksCard } from '../invites/RegistrationLinksCard.tsx';
import { GroupLockPanel, useGroupLock } from '../organisation/GroupLockPanel.tsx';
import { CreateTeamCard } from '../organisation/CreateTeamCard.tsx';

function BalanceCard() {
  const { t } = useTranslation();
  const { session } = useServices();
  const describeError = useErrorText();
  const query = useQuery({ queryKey: CREDENTIALS_QUERY_KEY, queryFn: () => session.refreshProfile() });
  return (
    <section className="card balance" aria-labelledby="balance-title" aria-busy={query.isPending} id="balance">
      <h2 id="balance-title">{t('account.balanceTitle')}</h2>
      {query.isPending ? (
        <div className="balance__grid" aria-hidden="true">
          <span className="skeleton skeleton--tile" />
          <span className="skeleton skeleton--tile" />
          <span className="skeleton skeleton--tile" />
        </div>
      ) : query.isError ? (
        <div className="alert alert--error" role="alert">
          <p>
            {t('account.loadFailed')} {describeError(query.error)}
          </p>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <dl className="balance__grid">
          <div className="balance__tile">
            <dt>{t('account.balance')}</dt>
            <dd>{query.data.balance.balance}</dd>
          </div>
          <div className="balance__tile">
            <dt>{t('account.bonus')}</dt>
            <dd>{query.data.balance.bonus}</dd>
          </div>
          <div className="balance__tile">
            <dt>{t('account.aiBalance')}</dt>
            <dd>{query.data.balance.ai_balance}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

export function NewCheckPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get('group') ?? '');
  const groupId = Number.isInteger(requested) && requested > 0 ? requested : null;
  // the organisation does not take new checks from this user (its settings, or disabled): the lock, not the form
  const { group: lockedGroup, lock } = useGroupLock(groupId);
  return (
    <div className="container page">
      <PageIntro title={t('pages.newCheck.title')} lead={t('pages.newCheck.lead')} />
      <ActingAs
        groupId={groupId}
        onChange={(next) => {
          setSearchParams(next === null ? {} : { group: String(next) });
        }}
      />
      <div className="cabinet-grid">
        {lock === null ? (
          <CheckForm key={groupId ?? 'own'} {...(groupId === null ? {} : { groupId })} />
        ) : (
          <GroupLockPanel lock={lock} group={lockedGroup} />
        )}
        <BalanceCard />
      </div>
    </div>
  );
}

export function MyDocumentsPage() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <PageIntro title={t('pages.myDocuments.title')} lead={t('pages.myDocuments.lead')} />
      <MyChecks />
    </div>
  );
}

/** The organisation's name as its members know it (from the groups they belong to), never its number. */
function useGroupName(id: number | null): string | null {
  const { client } = useServices();
  const groups = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => fetchGroups(client), enabled: id !== null });
  if (groups.data === undefined) return null; // still loading (or failed): no lead rather than a number
  const group = groups.data.find((candidate) => candidate.id === id);
  if (group === undefined || group.name.trim() === '') return null;
  return group.name;
}

export function GroupDocumentsPage() {
  const { t } = useTranslation();
  const { groupId = '' } = useParams();
  const id = parseGroupId(groupId);
  const name = useGroupName(id);
  return (
    <div className="container page">
      <PageIntro
        title={t('pages.groupDocuments.title')}
        {...(name === null ? {} : { lead: t('pages.groupDocuments.lead', { name }) })}
      />
      {id === null ? (
        <p className="alert alert--error" role="alert">
          {t('documents.badGroup')}
        </p>
      ) : (
        // A new group starts again at its first page, its folders and filters cleared.
        <Cabinet key={id} groupId={id} />
      )}
    </div>
  );
}

function AccountDetails({ profile }: { profile: CredentialsUser }) {
  const { t } = useTranslation();
  return (
    <dl className="card details">
      <div>
        <dt>{t('account.name')}</dt>
        <dd>{profile.name.trim() === '' ? t('account.noName') : profile.name}</dd>
      </div>
      <div>
        <dt>{t('account.email')}</dt>
        <dd>{profile.email}</dd>
      </div>
    </dl>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className="container page">
      <PageIntro title={t('pages.profile.title')} lead={t('pages.profile.lead')} />
      <div className="cabinet-grid">
        {session.profile === null ? null : <AccountDetails profile={session.profile} />}
        <BalanceCard />
        <MySubscriptionCard />
        <InvitationsCard />
        <OrganisationsCard />
        <RegistrationLinksCard />
        <CreateTeamCard />
      </div>
      <button type="button" className="button button--ghost" data-modal="get_api_token">
        {t('apiToken.button')}
      </button>
      <ProfileSettings />
    </div>
  );
}

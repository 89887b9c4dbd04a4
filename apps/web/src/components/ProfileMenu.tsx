import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CredentialsUser } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { useLogout } from '../session/useLogout.ts';
import { useLanguage, useUiLanguage } from '../language/useLanguage.ts';
import { localisedPath } from '../language/language.ts';
import { formatCount } from '../i18n/format.ts';
import { NEW_CHECK_PATH } from '../session/destinations.ts';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { ownedGroups } from '../invites/inviteLinks.ts';
import {
  groupDocumentsPath,
  groupPages,
  isGroupOwner,
  membersPagePath,
  menuGroups,
  MY_INVITATIONS_QUERY_KEY,
} from '../members/organisations.ts';
import { NOTICES_QUERY_KEY } from '../notices/notices.ts';
import { STATISTICS_PATH } from '../statistics/statistics.ts';
import { ADMIN_BILLING_PATH, BILLING_PATH } from '../billing/billing.ts';
import { ADMIN_LEADS_PATH } from '../admin-leads/adminLeads.ts';
import { ADMIN_ORGANISATIONS_PATH, ORGANISATION_SETTINGS_PATH } from '../organisation/organisationSettings.ts';
import { INTEGRATIONS_PATH } from '../integrations/integrationsPath.ts';
import { Spinner } from './Spinner.tsx';

function initialOf(profile: CredentialsUser): string {
  const source = profile.name.trim() === '' ? profile.email : profile.name;
  return (source.trim()[0] ?? '?').toUpperCase();
}

export function ProfileMenu({ profile }: { profile: CredentialsUser }) {
  const { t } = useTranslation();
  const ui = useUiLanguage();
  const navigate = useNavigate();
  const lang = useLanguage();
  const logout = useLogout();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const { modals, client, endpoints } = useServices();
  // "Members" is for the owners (role 1) of an organisation; the list is shared with the pages that use it
  const groups = useQuery({
    queryKey: GROUPS_QUERY_KEY,
    queryFn: () => fetchGroups(client),
    enabled: !profile.is_guest,
  });
  const ownsGroup = ownedGroups(groups.data ?? []).length > 0;
  // the organisations whose pages the user spends for others (owner, teachers), with their balances
  const balances = menuGroups(groups.data ?? []);
  // pending invitations to organisations: a notice on the trigger and an item to answer them
  const invitations = useQuery({
    queryKey: MY_INVITATIONS_QUERY_KEY,
    queryFn: () => endpoints.listMyInvitations(),
    enabled: !profile.is_guest,
  });
  const pendingInvitations = invitations.data?.length ?? 0;
  // members' requests to an owner (the notify modal): an item while there are any, counted on the trigger while unread
  const notices = useQuery({
    queryKey: NOTICES_QUERY_KEY,
    queryFn: () => endpoints.notices(),
    enabled: !profile.is_guest,
  });
  const unreadNotices = notices.data?.unread ?? 0;
  const hasNotices = (notices.data?.notices.length ?? 0) > 0;
  const pages = profile.balance.balance + profile.balance.bonus;
  const displayName = profile.name.trim() === '' ? profile.email : profile.name;

  return (
    // not modal: a modal menu hides the page (aria-hidden on #root) while its links stay focusable
    <DropdownMenu.Root modal={false}>
      {/* named by its visible text (WCAG 2.5.3, label in name) and "Profile menu" for screen readers */}
      <DropdownMenu.Trigger className="profile-trigger" aria-busy={isLoggingOut}>
        {isLoggingOut ? (
          <Spinner size="sm" />
        ) : (
          <span className="avatar" aria-hidden="true">
            {initialOf(profile)}
          </span>
        )}
        <span className="profile-trigger__name">{displayName}</span>{' '}
        <span className="visually-hidden">{t('profileMenu.label')}</span>
        {pendingInvitations > 0 ? (
          <span
            className="profile-trigger__notice"
            title={t('organisations.invitations.notice', { count: pendingInvitations })}
          >
            <span aria-hidden="true">{pendingInvitations}</span>
            <span className="visually-hidden">
              {t('organisations.invitations.notice', { count: pendingInvitations })}
            </span>
          </span>
        ) : null}
        {unreadNotices > 0 ? (
          <span className="profile-trigger__notice" title={t('notices.trigger', { count: unreadNotices })}>
            <span aria-hidden="true">{unreadNotices}</span>
            <span className="visually-hidden">{t('notices.trigger', { count: unreadNotices })}</span>
          </span>
        ) : null}
        <span className="profile-trigger__chevron" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
          <DropdownMenu.Label className="menu__label">{profile.email}</DropdownMenu.Label>
          <DropdownMenu.Item className="menu__item" onSelect={() => void navigate(localisedPath(BILLING_PATH, lang))}>
            {t('profileMenu.balance')}
            <span className="pill">{t('profileMenu.pages', { count: pages })}</span>
          </DropdownMenu.Item>
          {balances.map((group) => (
            <DropdownMenu.Item
              key={group.id}
              className="menu__item menu__item--group"
              onSelect={() =>
                void navigate(isGroupOwner(group) ? membersPagePath(group.id) : groupDocumentsPath(group.id))
              }
            >
              <span className="menu__group-name" title={group.name}>
                {group.name}
              </span>
              <span className="pill">
                {t('organisations.menuPages', {
                  pages: formatCount(groupPages(group), ui),
                  ai: formatCount(group.group_balance.ai_balance, ui),
                })}
              </span>
            </DropdownMenu.Item>
          ))}
          {pendingInvitations > 0 ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/profile/#invitations')}>
              {t('organisations.invitations.menuItem')}
              <span className="pill">{pendingInvitations}</span>
            </DropdownMenu.Item>
          ) : null}
          {hasNotices ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/profile/notices/')}>
              {t('notices.menuItem')}
              {unreadNotices > 0 ? <span className="pill">{unreadNotices}</span> : null}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/profile/my-documents')}>
            {t('profileMenu.documents')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={() => void navigate(NEW_CHECK_PATH)}>
            {t('profileMenu.newCheck')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/profile/')}>
            {t('profileMenu.profile')}
          </DropdownMenu.Item>
          {ownsGroup ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/profile/members/')}>
              {t('members.menuLink')}
            </DropdownMenu.Item>
          ) : null}
          {/* every member: the owner and teachers see the organisation's figures, a student their own */}
          {(groups.data ?? []).length > 0 ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate(STATISTICS_PATH)}>
              {t('statistics.menuLink')}
            </DropdownMenu.Item>
          ) : null}
          {profile.is_guest ? null : (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate(ORGANISATION_SETTINGS_PATH)}>
              {ownsGroup ? t('orgSettings.menuLink') : t('orgSettings.create.menuLink')}
            </DropdownMenu.Item>
          )}
          {/* learning systems (LTI platforms, LMS tokens): every account (issue 19) */}
          {profile.is_guest ? null : (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate(INTEGRATIONS_PATH)}>
              {t('integrations.menuLink')}
            </DropdownMenu.Item>
          )}
          {profile.is_admin === true ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate(ADMIN_ORGANISATIONS_PATH)}>
              {t('adminOrgs.menuLink')}
            </DropdownMenu.Item>
          ) : null}
          {profile.is_admin === true ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/admin/collections')}>
              {t('admin.menuLink')}
            </DropdownMenu.Item>
          ) : null}
          {profile.is_admin === true ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate(ADMIN_BILLING_PATH)}>
              {t('billing.admin.menuLink')}
            </DropdownMenu.Item>
          ) : null}
          {profile.is_admin === true ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate(ADMIN_LEADS_PATH)}>
              {t('adminLeads.menuLink')}
            </DropdownMenu.Item>
          ) : null}
          {profile.is_admin === true ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/admin/funnel')}>
              {t('adminFunnel.menuLink')}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item
            className="menu__item"
            disabled={isLoggingOut}
            onSelect={() => {
              setIsLoggingOut(true);
              modals.closeAll();
              void logout();
            }}
          >
            {isLoggingOut ? t('profileMenu.loggingOut') : t('profileMenu.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

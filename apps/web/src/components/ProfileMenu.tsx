import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CredentialsUser } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { useLogout } from '../session/useLogout.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { localisedPath } from '../language/language.ts';
import { NEW_CHECK_PATH } from '../session/destinations.ts';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { ownedGroups } from '../invites/inviteLinks.ts';
import { Spinner } from './Spinner.tsx';

function initialOf(profile: CredentialsUser): string {
  const source = profile.name.trim() === '' ? profile.email : profile.name;
  return (source.trim()[0] ?? '?').toUpperCase();
}

export function ProfileMenu({ profile }: { profile: CredentialsUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const logout = useLogout();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const { modals, client } = useServices();
  // "Members" is for the owners (role 1) of an organisation; the list is shared with the pages that use it
  const groups = useQuery({
    queryKey: GROUPS_QUERY_KEY,
    queryFn: () => fetchGroups(client),
    enabled: !profile.is_guest,
  });
  const ownsGroup = ownedGroups(groups.data ?? []).length > 0;
  const pages = profile.balance.balance + profile.balance.bonus;
  const displayName = profile.name.trim() === '' ? profile.email : profile.name;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="profile-trigger" aria-label={t('profileMenu.label')} aria-busy={isLoggingOut}>
        {isLoggingOut ? (
          <Spinner size="sm" />
        ) : (
          <span className="avatar" aria-hidden="true">
            {initialOf(profile)}
          </span>
        )}
        <span className="profile-trigger__name" aria-hidden="true">
          {displayName}
        </span>
        <span className="profile-trigger__chevron" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
          <DropdownMenu.Label className="menu__label">{profile.email}</DropdownMenu.Label>
          <DropdownMenu.Item className="menu__item" onSelect={() => void navigate(localisedPath('/pricing/', lang))}>
            {t('profileMenu.balance')}
            <span className="pill">{t('profileMenu.pages', { count: pages })}</span>
          </DropdownMenu.Item>
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
          {profile.is_admin === true ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/admin/collections')}>
              {t('admin.menuLink')}
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

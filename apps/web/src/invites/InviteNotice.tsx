import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { inviteRoleKey, invitesApiFor, type InviteInfo } from './invitesApi.ts';

export const inviteQueryKey = (token: string) => ['invite', token] as const;

/** 'You are joining {group} as {role}', or why the link does not work. */
export function InviteNoticeView({ info, error }: { info: InviteInfo | null; error: string | null }) {
  const { t } = useTranslation();
  if (error !== null) {
    return (
      <p className="alert alert--error" role="alert">
        {error}
      </p>
    );
  }
  if (info === null) return <p role="status">{t('common.loading')}</p>;
  return (
    <p className="alert alert--info">
      {t('invites.joining', { group: info.groupName, role: t(inviteRoleKey(info.role)) })}
    </p>
  );
}

export function useInviteInfo(token: string) {
  const { client } = useServices();
  return useQuery({ queryKey: inviteQueryKey(token), queryFn: () => invitesApiFor(client).info(token), retry: false });
}

export function InviteNotice({ token }: { token: string }) {
  const describeError = useErrorText();
  const query = useInviteInfo(token);
  return <InviteNoticeView info={query.data ?? null} error={query.isError ? describeError(query.error) : null} />;
}

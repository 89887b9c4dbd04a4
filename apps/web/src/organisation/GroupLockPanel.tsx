import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import type { CheckGroup } from '../check/account.ts';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { groupLockOf, type GroupLock } from './organisationSettings.ts';

/** The lock of the organisation the user acts for (null: none, or not known yet), from the groups list. */
export function useGroupLock(groupId: number | null): { group: CheckGroup | null; lock: GroupLock | null } {
  const { client } = useServices();
  const groups = useQuery({
    queryKey: GROUPS_QUERY_KEY,
    queryFn: () => fetchGroups(client),
    enabled: groupId !== null,
  });
  const group = groupId === null ? null : (groups.data?.find((candidate) => candidate.id === groupId) ?? null);
  return { group, lock: groupLockOf(group) };
}

const MESSAGES: Record<GroupLock, { title: string; body: string }> = {
  student: { title: 'orgLock.student.title', body: 'orgLock.student.body' },
  website: { title: 'orgLock.website.title', body: 'orgLock.website.body' },
  disabled: { title: 'orgLock.disabled.title', body: 'orgLock.disabled.body' },
};

/**
 * Shown instead of the check form (New check, the AI detector) while the organisation the user acts for does not
 * take new checks from them: its settings lock students out, allow checks through the LMS only, or a site
 * administrator disabled it. The user may still check for themselves (the "acting as" chooser above).
 */
export function GroupLockPanel({ lock, group }: { lock: GroupLock; group: CheckGroup | null }) {
  const { t } = useTranslation();
  const keys = MESSAGES[lock];
  return (
    <section className="card org-lock" role="status" aria-labelledby="org-lock-title" data-group-lock={lock}>
      <span className="org-lock__icon" aria-hidden="true" />
      <div>
        <h2 id="org-lock-title" className="org-lock__title">
          {t(keys.title)}
        </h2>
        <p>{t(keys.body, { name: group?.name ?? '' })}</p>
        <p className="org-lock__hint">{t('orgLock.ownChecks')}</p>
      </div>
    </section>
  );
}

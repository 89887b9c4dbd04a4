import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { fetchGroups, GROUPS_QUERY_KEY } from './groups.ts';
import { groupLockOf } from '../organisation/organisationSettings.ts';

/**
 * For a member of organisations: whom the check is for — the user's own balance or an organisation's
 * (check-tool.md §4: group balance types). Hidden for users without organisations.
 */
export function ActingAs({
  groupId,
  onChange,
}: {
  groupId: number | null;
  onChange: (groupId: number | null) => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const id = useId();
  const groups = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => fetchGroups(client) });
  if (groups.data === undefined || groups.data.length === 0) return null;
  return (
    <div className="acting-as field">
      <label htmlFor={id} className="field__label">
        {t('check.actingAs.label')}
      </label>
      <select
        id={id}
        className="field__input"
        value={groupId === null ? '' : String(groupId)}
        onChange={(event) => {
          onChange(event.target.value === '' ? null : Number(event.target.value));
        }}
      >
        <option value="">{t('check.actingAs.myself')}</option>
        {groups.data.map((group) => (
          <option key={group.id} value={String(group.id)}>
            {group.name === '' ? t('check.actingAs.unnamed', { id: group.id }) : group.name}
            {groupLockOf(group) === null ? '' : ` (${t('orgLock.chooserSuffix')})`}
          </option>
        ))}
      </select>
    </div>
  );
}

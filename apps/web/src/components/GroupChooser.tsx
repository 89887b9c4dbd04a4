import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckGroup } from '../check/account.ts';

/** An organisation's name as the cabinet shows it; one without a name is "Organisation #ID". */
export function groupLabel(t: TFunction, group: Pick<CheckGroup, 'id' | 'name'>): string {
  return group.name.trim() === '' ? t('members.chooser.unnamed', { id: group.id }) : group.name;
}

/**
 * Which organisation an organisation page shows, when the user has several (the page keeps the choice in its
 * address, ?group=ID): a labelled select of the organisations' names.
 */
export function GroupChooser({
  groups,
  selected,
  onChange,
  label,
  className = '',
}: {
  groups: readonly Pick<CheckGroup, 'id' | 'name'>[];
  selected: number;
  onChange: (groupId: number) => void;
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`field ${className}`.trim()}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={String(selected)}
        onChange={(event) => {
          onChange(Number(event.target.value));
        }}
      >
        {groups.map((group) => (
          <option key={group.id} value={String(group.id)}>
            {groupLabel(t, group)}
          </option>
        ))}
      </select>
    </div>
  );
}

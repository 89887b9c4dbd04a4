import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import type { Member, MemberInvitation } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import {
  canChangeRole,
  canRemove,
  hasMemberErrors,
  limitText,
  memberErrorKey,
  memberFieldErrorsOf,
  memberRoleKey,
  membersQueryKey,
  memberStatusKey,
  pageUsage,
  sortMembers,
  validateMemberChange,
  type AssignableRole,
  type MemberFieldErrors,
} from './members.ts';
import { formatCount } from '../i18n/format.ts';

function displayName(member: Member): string {
  return member.name.trim() === '' ? member.email : member.name;
}

type RowProps = {
  member: Member;
  groupId: number;
  isEditing: boolean;
  onEdit: () => void;
  onDone: (saved: Member | null) => void;
  onRemove: (button: HTMLButtonElement) => void;
};

/** One member: read-only, or its limit and role being edited in place (Save / Cancel). */
export function MemberRow({ member, groupId, isEditing, onEdit, onDone, onRemove }: RowProps) {
  const { t, i18n } = useTranslation();
  const { endpoints, queryClient } = useServices();
  const describeError = useErrorText();
  const id = useId();
  const [limit, setLimit] = useState(limitText(member.limit));
  const [role, setRole] = useState<AssignableRole>(member.role === 2 ? 2 : 3);
  const [errors, setErrors] = useState<MemberFieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const limitInput = useRef<HTMLInputElement | null>(null);
  const name = displayName(member);
  const usage = pageUsage(member);
  const roleEditable = canChangeRole(member);

  useEffect(() => {
    if (!isEditing) return;
    setLimit(limitText(member.limit));
    setRole(member.role === 2 ? 2 : 3);
    setErrors({});
    setAlert(null);
    limitInput.current?.focus();
  }, [isEditing, member.limit, member.role]);

  async function save(event: SyntheticEvent): Promise<void> {
    event.preventDefault();
    const found = validateMemberChange({ limit });
    setErrors(found);
    setAlert(null);
    if (hasMemberErrors(found)) {
      limitInput.current?.focus();
      return;
    }
    setIsSaving(true);
    try {
      const { data } = await endpoints.updateMember(groupId, member.user_id, {
        limit,
        ...(roleEditable ? { role } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: membersQueryKey(groupId) });
      onDone(data.member);
    } catch (caught) {
      const fields = memberFieldErrorsOf(caught);
      if (hasMemberErrors(fields)) setErrors(fields);
      else setAlert(describeError(caught));
      limitInput.current?.focus();
    } finally {
      setIsSaving(false);
    }
  }

  const limitError = errors.limit === undefined ? undefined : t(memberErrorKey('limit', errors.limit));
  const roleError = errors.role === undefined ? undefined : t(memberErrorKey('role', errors.role));
  const formId = `${id}-form`;

  return (
    <tr className={isEditing ? 'is-editing' : undefined} data-member={member.user_id}>
      <th scope="row" data-label={t('members.table.name')} className="members-table__name">
        <span>{member.name === '' ? '—' : member.name}</span>
        {member.is_you ? <span className="badge badge--neutral">{t('members.table.you')}</span> : null}
      </th>
      <td data-label={t('members.table.email')} className="members-table__email">
        {member.email}
      </td>
      <td data-label={t('members.table.role')}>
        {isEditing && roleEditable ? (
          <select
            id={`${id}-role`}
            form={formId}
            className="field__input field__input--compact"
            aria-label={t('members.table.roleFor', { name })}
            aria-invalid={roleError === undefined ? undefined : true}
            value={String(role)}
            onChange={(event) => {
              setRole(event.target.value === '2' ? 2 : 3);
            }}
          >
            <option value="3">{t('members.roles.student')}</option>
            <option value="2">{t('members.roles.teacher')}</option>
          </select>
        ) : (
          t(memberRoleKey(member.role))
        )}
        {roleError === undefined ? null : <p className="field__error">{roleError}</p>}
      </td>
      <td data-label={t('members.table.limit')}>
        {isEditing ? (
          <>
            <input
              ref={limitInput}
              id={`${id}-limit`}
              form={formId}
              className="field__input field__input--compact"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('members.table.noLimit')}
              aria-label={t('members.table.limitFor', { name })}
              aria-invalid={limitError === undefined ? undefined : true}
              aria-describedby={limitError === undefined ? undefined : `${id}-limit-error`}
              value={limit}
              onChange={(event) => {
                setLimit(event.target.value);
                setErrors({});
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') onDone(null);
              }}
            />
            {limitError === undefined ? null : (
              <p id={`${id}-limit-error`} className="field__error">
                {limitError}
              </p>
            )}
          </>
        ) : usage.limit === null ? (
          <span className="muted">{t('members.table.noLimit')}</span>
        ) : (
          formatCount(usage.limit, i18n.language)
        )}
      </td>
      <td data-label={t('members.table.used')}>
        {usage.limit === null ? (
          formatCount(usage.used, i18n.language)
        ) : (
          <span className={usage.isOver ? 'members-usage is-over' : 'members-usage'}>
            {t('members.table.usedOf', {
              used: formatCount(usage.used, i18n.language),
              limit: formatCount(usage.limit, i18n.language),
            })}
            <span className="members-usage__bar" aria-hidden="true">
              <span style={{ width: `${String(usage.percent ?? 0)}%` }} />
            </span>
          </span>
        )}
      </td>
      <td data-label={t('members.table.status')}>
        <span className={member.status === 'invited' ? 'badge badge--warning' : 'badge badge--success'}>
          {t(memberStatusKey(member.status))}
        </span>
      </td>
      <td className="members-table__actions">
        {isEditing ? (
          <form id={formId} className="members-actions" noValidate onSubmit={(event) => void save(event)}>
            <button
              type="submit"
              className="button button--small button--primary"
              disabled={isSaving}
              aria-busy={isSaving}
            >
              {isSaving ? <Spinner size="sm" /> : null}
              {isSaving ? t('members.table.saving') : t('members.table.save')}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={isSaving}
              onClick={() => {
                onDone(null);
              }}
            >
              {t('members.table.cancel')}
            </button>
            {alert === null ? null : (
              <p className="field__error" role="alert">
                {alert}
              </p>
            )}
          </form>
        ) : (
          <div className="members-actions">
            <button
              type="button"
              className="button button--small button--ghost"
              data-action="edit"
              aria-label={
                roleEditable ? t('members.table.editFor', { name }) : t('members.table.editLimitFor', { name })
              }
              onClick={onEdit}
            >
              {t('members.table.edit')}
            </button>
            {canRemove(member) ? (
              <button
                type="button"
                className="button button--small button--ghost members-actions__remove"
                data-action="remove"
                aria-label={t('members.table.removeFor', { name })}
                onClick={(event) => {
                  onRemove(event.currentTarget);
                }}
              >
                {t('members.table.remove')}
              </button>
            ) : null}
          </div>
        )}
      </td>
    </tr>
  );
}

/**
 * A pending invitation: the address the owner typed, the role and limit they chose, "Invited" and Cancel.
 * Nothing else is known of the person until they accept.
 */
export function InvitationRow({
  invitation,
  isCancelling,
  onCancel,
}: {
  invitation: MemberInvitation;
  isCancelling: boolean;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <tr data-invitation={invitation.id}>
      <th scope="row" data-label={t('members.table.name')} className="members-table__name">
        <span className="muted">—</span>
      </th>
      <td data-label={t('members.table.email')} className="members-table__email">
        {invitation.email}
      </td>
      <td data-label={t('members.table.role')}>{t(memberRoleKey(invitation.role))}</td>
      <td data-label={t('members.table.limit')}>
        {invitation.limit === null ? (
          <span className="muted">{t('members.table.noLimit')}</span>
        ) : (
          formatCount(invitation.limit, i18n.language)
        )}
      </td>
      <td data-label={t('members.table.used')}>
        <span className="muted">—</span>
      </td>
      <td data-label={t('members.table.status')}>
        <span className="badge badge--warning">{t('members.status.invited')}</span>
      </td>
      <td className="members-table__actions">
        <div className="members-actions">
          <button
            type="button"
            className="button button--small button--ghost members-actions__remove"
            aria-label={t('members.invitations.cancelFor', { email: invitation.email })}
            disabled={isCancelling}
            aria-busy={isCancelling}
            onClick={onCancel}
          >
            {isCancelling ? <Spinner size="sm" /> : null}
            {t('members.invitations.cancel')}
          </button>
        </div>
      </td>
    </tr>
  );
}

type RemoveActions = { isRemoving: boolean; error: string | null; onConfirm: () => void; onCancel: () => void };

/** The buttons of the Remove confirmation, with the server's refusal above them. */
export function RemoveMemberActions({ isRemoving, error, onConfirm, onCancel }: RemoveActions) {
  const { t } = useTranslation();
  return (
    <>
      {error === null ? null : (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" disabled={isRemoving} onClick={onCancel}>
          {t('members.remove.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={isRemoving}
          aria-busy={isRemoving}
          onClick={onConfirm}
        >
          {isRemoving ? <Spinner size="sm" /> : null}
          {isRemoving ? t('members.remove.removing') : t('members.remove.confirm')}
        </button>
      </div>
    </>
  );
}

/** The Remove confirmation: a modal dialog that says who leaves and what stays (the account, the checks). */
export function RemoveMemberDialog({
  member,
  groupName,
  ...actions
}: { member: Member; groupName: string } & RemoveActions) {
  const { t } = useTranslation();
  return (
    <ModalFrame
      title={t('members.remove.title')}
      description={t('members.remove.body', { name: displayName(member), email: member.email, group: groupName })}
      size="sm"
    >
      <RemoveMemberActions {...actions} />
    </ModalFrame>
  );
}

/** The members of a group: a table (stacked cards on a phone) with inline editing and removal. */
export function MembersTable({ groupId, groupName }: { groupId: number; groupName: string }) {
  const { t, i18n } = useTranslation();
  const { endpoints, queryClient } = useServices();
  const describeError = useErrorText();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const query = useQuery({ queryKey: membersQueryKey(groupId), queryFn: () => endpoints.listMembers(groupId) });
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const [notice, setNotice] = useState('');
  const removeButton = useRef<HTMLButtonElement | null>(null);
  const wasRemoved = useRef(false);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);

  // after an edit closes, focus goes back to the row's Edit button (once the row has re-rendered)
  const [focusEditOf, setFocusEditOf] = useState<number | null>(null);
  useEffect(() => {
    if (focusEditOf === null) return;
    document.querySelector<HTMLButtonElement>(`tr[data-member="${String(focusEditOf)}"] [data-action="edit"]`)?.focus();
    setFocusEditOf(null);
  }, [focusEditOf]);

  async function confirmRemove(): Promise<void> {
    if (removing === null) return;
    setIsRemoving(true);
    setRemoveError(null);
    try {
      await endpoints.removeMember(groupId, removing.user_id);
      wasRemoved.current = true;
      setNotice(t('members.remove.removed', { name: displayName(removing) }));
      await queryClient.invalidateQueries({ queryKey: membersQueryKey(groupId) });
      setRemoving(null);
    } catch (caught) {
      setRemoveError(describeError(caught));
    } finally {
      setIsRemoving(false);
    }
  }

  async function cancelInvitation(invitation: MemberInvitation): Promise<void> {
    setCancelling(invitation.id);
    setCancelError(null);
    setNotice('');
    try {
      await endpoints.cancelInvitation(groupId, invitation.id);
      setNotice(t('members.invitations.cancelled', { email: invitation.email }));
      await queryClient.invalidateQueries({ queryKey: membersQueryKey(groupId) });
      headingRef.current?.focus();
    } catch (caught) {
      setCancelError(describeError(caught));
    } finally {
      setCancelling(null);
    }
  }

  const members = query.data === undefined ? [] : sortMembers(query.data.members, i18n.language);
  const invitations = query.data?.invitations ?? [];

  return (
    <section className="card members-list" aria-labelledby={headingId} aria-busy={query.isPending}>
      <div className="members-list__head">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          {t('members.table.title')}
        </h2>
        {query.data === undefined ? null : (
          <span className="muted">
            {t('members.table.count', { count: members.length, number: formatCount(members.length, i18n.language) })}
            {invitations.length > 0
              ? ` · ${t('members.invitations.count', {
                  count: invitations.length,
                  number: formatCount(invitations.length, i18n.language),
                })}`
              : ''}
          </span>
        )}
        {query.isFetching && !query.isPending ? <Spinner size="sm" /> : null}
      </div>
      <p role="status" className={notice === '' ? 'visually-hidden' : 'alert alert--success'}>
        {notice}
      </p>
      {cancelError === null ? null : (
        <p className="alert alert--error" role="alert">
          {cancelError}
        </p>
      )}
      {query.isPending ? (
        <div className="members-skeleton" role="status">
          <Spinner size="sm" /> <span>{t('members.table.loading')}</span>
        </div>
      ) : query.isError ? (
        <div className="alert alert--error" role="alert">
          <p>
            {t('members.table.loadFailed')} {describeError(query.error)}
          </p>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : members.length === 0 ? (
        <p className="muted">{t('members.table.empty')}</p>
      ) : (
        <table className="members-table">
          <caption className="visually-hidden">{t('members.table.caption', { group: groupName })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('members.table.name')}</th>
              <th scope="col">{t('members.table.email')}</th>
              <th scope="col">{t('members.table.role')}</th>
              <th scope="col">{t('members.table.limit')}</th>
              <th scope="col">{t('members.table.used')}</th>
              <th scope="col">{t('members.table.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('members.table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <MemberRow
                key={member.user_id}
                member={member}
                groupId={groupId}
                isEditing={editing === member.user_id}
                onEdit={() => {
                  setNotice('');
                  setEditing(member.user_id);
                }}
                onDone={(saved) => {
                  setEditing(null);
                  if (saved !== null) setNotice(t('members.table.saved', { name: displayName(saved) }));
                  setFocusEditOf(member.user_id);
                }}
                onRemove={(button) => {
                  removeButton.current = button;
                  setNotice('');
                  setRemoveError(null);
                  setRemoving(member);
                }}
              />
            ))}
            {invitations.map((invitation) => (
              <InvitationRow
                key={`invitation-${String(invitation.id)}`}
                invitation={invitation}
                isCancelling={cancelling === invitation.id}
                onCancel={() => void cancelInvitation(invitation)}
              />
            ))}
          </tbody>
        </table>
      )}
      <Dialog.Root
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !isRemoving) setRemoving(null);
        }}
      >
        {removing === null ? null : (
          <RemoveMemberDialog
            member={removing}
            groupName={groupName}
            isRemoving={isRemoving}
            error={removeError}
            onConfirm={() => void confirmRemove()}
            onCancel={() => {
              setRemoving(null);
            }}
          />
        )}
      </Dialog.Root>
      <FocusAfterDialog isOpen={removing !== null} removed={wasRemoved} heading={headingRef} button={removeButton} />
    </section>
  );
}

/**
 * Where focus goes when the Remove dialog closes: back to the row's Remove button after Cancel, or to the
 * list's heading after a removal (the row, and its button, are gone).
 */
function FocusAfterDialog({
  isOpen,
  removed,
  heading,
  button,
}: {
  isOpen: boolean;
  removed: { current: boolean };
  heading: { current: HTMLElement | null };
  button: { current: HTMLElement | null };
}) {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !isOpen) {
      const target = removed.current ? heading.current : button.current;
      removed.current = false;
      // after Radix has returned focus where it would
      window.setTimeout(() => target?.focus(), 0);
    }
    wasOpen.current = isOpen;
  }, [isOpen, removed, heading, button]);
  return null;
}

import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberInvitation } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { FormAlert, FormField } from '../modals/FormField.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import {
  firstInvalidField,
  hasMemberErrors,
  memberErrorKey,
  memberFieldErrorsOf,
  membersQueryKey,
  validateMember,
  type AssignableRole,
  type MemberField,
  type MemberFieldErrors,
} from './members.ts';

type Values = { name: string; email: string; limit: string; role: AssignableRole };
const EMPTY: Values = { name: '', email: '', limit: '', role: 3 };

/** "Add a member": name, e-mail, page limit (optional) and role; field errors at their fields. */
export function AddMemberForm({
  groupId,
  onAdded,
}: {
  groupId: number;
  onAdded?: (invitation: MemberInvitation) => void;
}) {
  const { t } = useTranslation();
  const { endpoints, queryClient } = useServices();
  const describeError = useErrorText();
  const id = useId();
  const ids = { name: `${id}-name`, email: `${id}-email`, limit: `${id}-limit`, role: `${id}-role` };
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<MemberFieldErrors>({});
  const [isBusy, setIsBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  const focusField = (field: MemberField | null) => {
    if (field === null) return;
    document.getElementById(ids[field])?.focus();
  };
  const errorOf = (field: MemberField): string | undefined => {
    const code = errors[field];
    return code === undefined ? undefined : t(memberErrorKey(field, code));
  };
  const set = (field: 'name' | 'email' | 'limit') => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((previous) => ({ ...previous, [field]: value }));
    // a corrected field loses its message; the others keep theirs until the next submit
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  async function submit(event: SyntheticEvent): Promise<void> {
    event.preventDefault();
    setSuccess(null);
    setAlert(null);
    const found = validateMember(values);
    setErrors(found);
    if (hasMemberErrors(found)) {
      focusField(firstInvalidField(found));
      return;
    }
    setIsBusy(true);
    try {
      const { data } = await endpoints.addMember(groupId, values);
      // the same words whether or not the address has an account: the owner is not told which
      setSuccess(t('members.add.invited', { email: data.invitation.email }));
      setValues((previous) => ({ ...EMPTY, role: previous.role }));
      await queryClient.invalidateQueries({ queryKey: membersQueryKey(groupId) });
      onAdded?.(data.invitation);
      // ready for the next one
      focusField('name');
    } catch (caught) {
      const fields = memberFieldErrorsOf(caught);
      if (hasMemberErrors(fields)) {
        setErrors(fields);
        focusField(firstInvalidField(fields));
      } else setAlert(describeError(caught));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <section className="card members-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('members.add.title')}</h2>
      <p className="muted members-card__lead">{t('members.add.lead')}</p>
      <form className="members-add" noValidate onSubmit={(event) => void submit(event)}>
        <FormField
          id={ids.name}
          label={t('members.add.name')}
          value={values.name}
          maxLength={25}
          autoComplete="off"
          required
          error={errorOf('name')}
          onChange={set('name')}
          onBlur={() => {
            setValues((previous) => ({ ...previous, name: previous.name.trim() }));
          }}
        />
        <FormField
          id={ids.email}
          label={t('members.add.email')}
          type="email"
          value={values.email}
          maxLength={50}
          autoComplete="off"
          spellCheck={false}
          required
          error={errorOf('email')}
          onChange={set('email')}
          onBlur={() => {
            setValues((previous) => ({ ...previous, email: previous.email.trim() }));
          }}
        />
        <div className="members-add__row">
          <FormField
            id={ids.limit}
            label={t('members.add.limit')}
            inputMode="numeric"
            value={values.limit}
            autoComplete="off"
            hint={t('members.add.limitHint')}
            error={errorOf('limit')}
            onChange={set('limit')}
          />
          <div className={errors.role === undefined ? 'field' : 'field field--invalid'}>
            <label htmlFor={ids.role} className="field__label">
              {t('members.add.role')}
            </label>
            <select
              id={ids.role}
              className="field__input"
              value={String(values.role)}
              aria-invalid={errors.role === undefined ? undefined : true}
              aria-describedby={errors.role === undefined ? undefined : `${ids.role}-error`}
              onChange={(event) => {
                const role: AssignableRole = event.target.value === '2' ? 2 : 3;
                setValues((previous) => ({ ...previous, role }));
                setErrors((previous) => ({ ...previous, role: undefined }));
              }}
            >
              <option value="3">{t('members.roles.student')}</option>
              <option value="2">{t('members.roles.teacher')}</option>
            </select>
            {errors.role === undefined ? null : (
              <p id={`${ids.role}-error`} className="field__error">
                {errorOf('role')}
              </p>
            )}
          </div>
        </div>
        <FormAlert message={alert} />
        <div role="status" className={success === null ? 'visually-hidden' : 'alert alert--success'}>
          {success}
        </div>
        <div>
          <button type="submit" className="button button--primary" disabled={isBusy} aria-busy={isBusy}>
            {isBusy ? <Spinner size="sm" /> : null}
            {isBusy ? t('members.add.adding') : t('members.add.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import {
  serverFieldErrors,
  validatePlatform,
  type PlatformErrors,
  type PlatformField,
  type PlatformForm as Form,
} from './integrations.ts';

type Props = {
  initial: Form;
  /** Null when editing: the organisation of a platform does not change. */
  groups: { id: number; name: string }[] | null;
  onSave: (form: Form) => Promise<void>;
  onCancel: () => void;
};

function Field({
  field,
  label,
  hint,
  value,
  error,
  multiline,
  onChange,
}: {
  field: PlatformField;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const described = [hint === undefined ? null : `${id}-hint`, error === undefined ? null : `${id}-error`]
    .filter((part) => part !== null)
    .join(' ');
  const common = {
    id,
    name: field,
    className: 'field__input',
    value,
    'aria-invalid': error !== undefined,
    ...(described === '' ? {} : { 'aria-describedby': described }),
    onChange: (event: { target: { value: string } }) => {
      onChange(event.target.value);
    },
  };
  return (
    <div className={error === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {multiline === true ? <textarea {...common} rows={3} /> : <input {...common} type="text" spellCheck={false} />}
      {hint === undefined ? null : (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error === undefined ? null : (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Registers or edits a platform: its issuer, our client id there, its three URLs and the deployment ids. */
export function PlatformForm({ initial, groups, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const groupFieldId = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<PlatformErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<PlatformField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // opened by a button: the keyboard goes on in the form's first field
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);

  const set = (field: PlatformField) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
  };
  const errorMessages: Record<NonNullable<PlatformErrors[PlatformField]>, string> = {
    required: t('integrations.form.errors.required'),
    url: t('integrations.form.errors.url'),
    tooLong: t('integrations.form.errors.tooLong'),
    deployments: t('integrations.form.errors.deployments'),
  };
  const errorOf = (field: PlatformField): string | undefined => {
    const own = errors[field];
    if (own !== undefined) return errorMessages[own];
    return serverErrors[field];
  };

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = validatePlatform(form);
    setErrors(found);
    setServerErrors({});
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setIsSaving(true);
    try {
      await onSave(form);
    } catch (error) {
      const fields = isApiError(error) ? serverFieldErrors(error.fields) : {};
      setServerErrors(fields);
      setFormError(Object.keys(fields).length > 0 ? t('integrations.form.fixFields') : errorText(error));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="integrations__form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={isSaving}
    >
      {groups !== null && groups.length > 1 ? (
        <div className="field">
          <label htmlFor={groupFieldId} className="field__label">
            {t('integrations.form.group')}
          </label>
          <select
            id={groupFieldId}
            className="field__input"
            value={form.group_id}
            onChange={(event) => {
              set('group_id')(event.target.value);
            }}
          >
            {groups.map((group) => (
              <option key={group.id} value={String(group.id)}>
                {group.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Field
        field="name"
        label={t('integrations.form.name')}
        hint={t('integrations.form.nameHint')}
        value={form.name}
        error={errorOf('name')}
        onChange={set('name')}
      />
      <Field
        field="issuer"
        label={t('integrations.form.issuer')}
        hint={t('integrations.form.issuerHint')}
        value={form.issuer}
        error={errorOf('issuer')}
        onChange={set('issuer')}
      />
      <Field
        field="client_id"
        label={t('integrations.form.clientId')}
        value={form.client_id}
        error={errorOf('client_id')}
        onChange={set('client_id')}
      />
      <Field
        field="auth_url"
        label={t('integrations.form.authUrl')}
        value={form.auth_url}
        error={errorOf('auth_url')}
        onChange={set('auth_url')}
      />
      <Field
        field="token_url"
        label={t('integrations.form.tokenUrl')}
        value={form.token_url}
        error={errorOf('token_url')}
        onChange={set('token_url')}
      />
      <Field
        field="jwks_url"
        label={t('integrations.form.jwksUrl')}
        value={form.jwks_url}
        error={errorOf('jwks_url')}
        onChange={set('jwks_url')}
      />
      <Field
        field="deployment_ids"
        label={t('integrations.form.deploymentIds')}
        hint={t('integrations.form.deploymentIdsHint')}
        value={form.deployment_ids}
        error={errorOf('deployment_ids')}
        multiline
        onChange={set('deployment_ids')}
      />
      {formError === null ? null : (
        <p className="alert alert--error" role="alert">
          {formError}
        </p>
      )}
      <div className="integrations__actions">
        <button type="submit" className="button button--primary" disabled={isSaving}>
          {isSaving ? <Spinner size="sm" /> : null}
          {isSaving ? t('integrations.form.saving') : t('integrations.form.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={isSaving}>
          {t('integrations.form.cancel')}
        </button>
      </div>
    </form>
  );
}

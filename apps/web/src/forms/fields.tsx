import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../modals/FormField.tsx';
import type { LeadForm } from './useLeadForm.ts';
import type { FieldError } from './validation.ts';

function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  const ids = [hint === undefined ? null : `${id}-hint`, error === undefined ? null : `${id}-error`].filter(
    (value): value is string => value !== null,
  );
  return ids.length === 0 ? undefined : ids.join(' ');
}

function FieldFoot({ id, error, hint }: { id: string; error: string | undefined; hint: ReactNode }) {
  return (
    <>
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
    </>
  );
}

type TextAreaFieldProps = { id: string; label: string; error?: string | undefined; hint?: ReactNode } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
>;

/** A labelled textarea with its inline error, styled and wired as FormField's input. */
export function TextAreaField({ id, label, error, hint, ...textarea }: TextAreaFieldProps) {
  return (
    <div className={error === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        className="field__input lead-form__textarea"
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy(id, error, hint)}
        {...textarea}
      />
      <FieldFoot id={id} error={error} hint={hint} />
    </div>
  );
}

type SelectFieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  placeholder: string;
  options: readonly { value: string; label: string }[];
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>;

/** A labelled select with a "choose…" first option and its inline error. */
export function SelectField({ id, label, error, hint, placeholder, options, ...select }: SelectFieldProps) {
  return (
    <div className={error === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldFoot id={id} error={error} hint={hint} />
    </div>
  );
}

/** A success message in place of the form's error box, announced politely. */
export function FormSuccess({ message, link }: { message: string; link?: { href: string; label: string } }) {
  return (
    <div className="alert alert--success" role="status">
      <p>{message}</p>
      {link === undefined ? null : (
        <p>
          <a href={link.href} target="_blank" rel="noopener" className="lead-form__link">
            {link.label}
          </a>
        </p>
      )}
    </div>
  );
}

/** The name and e-mail fields every sales form starts with (both required, trimmed on leaving them). */
export function NameEmailFields({ idPrefix, form }: { idPrefix: string; form: LeadForm<'name' | 'email'> }) {
  const { t } = useTranslation();
  const text = (error: FieldError | undefined) => (error === undefined ? undefined : t(error));
  return (
    <>
      <FormField
        id={`${idPrefix}-name`}
        label={t('forms.fields.name')}
        autoComplete="name"
        value={form.values.name}
        onChange={form.change('name')}
        onBlur={form.blur('name')}
        error={text(form.errors.name)}
        required
      />
      <FormField
        id={`${idPrefix}-email`}
        label={t('forms.fields.email')}
        type="email"
        autoComplete="email"
        value={form.values.email}
        onChange={form.change('email')}
        onBlur={form.blur('email')}
        error={text(form.errors.email)}
        required
      />
    </>
  );
}

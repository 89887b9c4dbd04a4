import type { InputHTMLAttributes, ReactNode } from 'react';

type FormFieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra element ids that describe the input (a checklist, a meter). */
  describedBy?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with its inline error, wired with aria-invalid and aria-describedby. */
export function FormField({ id, label, error, hint, describedBy, ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint === undefined ? null : hintId, error === undefined ? null : errorId, describedBy ?? null]
    .filter((value): value is string => value !== null)
    .join(' ');
  return (
    <div className={error === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={described === '' ? undefined : described}
        {...input}
      />
      {hint === undefined ? null : (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error === undefined ? null : (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function SubmitButton({ label, isBusy, disabled }: { label: string; isBusy: boolean; disabled?: boolean }) {
  return (
    <button
      type="submit"
      className="button button--primary button--block"
      disabled={isBusy || disabled === true}
      aria-busy={isBusy}
    >
      {isBusy ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}

/** The server's message above a form, announced to screen readers; nothing when there is none. */
export function FormAlert({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <div className="alert alert--error" role="alert">
      {message}
    </div>
  );
}

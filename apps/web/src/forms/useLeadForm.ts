import { useCallback, useRef, useState, type ChangeEvent, type SyntheticEvent, type RefObject } from 'react';
import { useErrorText } from '../modals/useAuthFlow.ts';
import type { Errors, FieldError } from './validation.ts';

export type FormStatus = 'idle' | 'submitting' | 'done';

export type LeadForm<K extends string> = {
  values: Record<K, string>;
  /** The errors shown: a field's once it was left (blur) or the form was sent. */
  errors: Errors<K>;
  status: FormStatus;
  /** The server's (or the network's) message for the form's error box; null when none. */
  serverError: string | null;
  formRef: RefObject<HTMLFormElement | null>;
  change: (name: K) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  setValue: (name: K, value: string) => void;
  /** Trims the field (§5: name and e-mail are trimmed on blur) and shows its error. */
  blur: (name: K) => () => void;
  /** The form's onSubmit: checks every field, focuses the first wrong one, else runs `send`. */
  submit: (send: (values: Record<K, string>) => Promise<void>) => (event: SyntheticEvent<HTMLFormElement>) => void;
  reset: () => void;
};

/**
 * The state of one sales form (commerce-and-cabinet.md §4): idle, submitting (the button disabled, a spinner), then
 * done or the error text. `validate` gives every field's error (null when fine) for the current values.
 */
export function useLeadForm<K extends string>(
  initial: Record<K, string>,
  validate: (values: Record<K, string>) => Record<K, FieldError | null>,
): LeadForm<K> {
  const errorText = useErrorText();
  const [values, setValues] = useState(initial);
  const [shown, setShown] = useState<ReadonlySet<K>>(new Set());
  const [status, setStatus] = useState<FormStatus>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const initialRef = useRef(initial);

  const all = validate(values);
  const errors: Errors<K> = {};
  for (const name of shown) {
    const error = all[name];
    if (error !== null) errors[name] = error;
  }

  const setValue = useCallback((name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  const change = (name: K) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    setValue(name, event.target.value);
  };

  const blur = (name: K) => () => {
    setValues((current) => ({ ...current, [name]: current[name].trim() }));
    setShown((current) => new Set(current).add(name));
  };

  const submit = (send: (values: Record<K, string>) => Promise<void>) => (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    const checks = validate(values);
    const wrong = (Object.keys(checks) as K[]).filter((name) => checks[name] !== null);
    setShown(new Set(Object.keys(checks) as K[]));
    if (wrong.length > 0) {
      // After the errors render: the first wrong field takes the focus (and its error is read with it).
      window.setTimeout(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      }, 0);
      return;
    }
    setStatus('submitting');
    setServerError(null);
    send(values).then(
      () => {
        setStatus('done');
      },
      (error: unknown) => {
        setServerError(errorText(error));
        setStatus('idle');
      },
    );
  };

  const reset = useCallback(() => {
    setValues(initialRef.current);
    setShown(new Set());
    setServerError(null);
    setStatus('idle');
  }, []);

  return { values, errors, status, serverError, formRef, change, setValue, blur, submit, reset };
}

import {
  FIELD_MAX,
  LEAD_MESSAGE_MAX,
  LEAD_ROLES_WITHOUT_LMS,
  isPublicMailAddress,
  type LeadRole,
} from '@veritext/contracts';

/*
 * The client-side rules of the sales forms (commerce-and-cabinet.md §5): name required, at most 25, trimmed;
 * e-mail required, an address, at most 50; phone optional, at most 25; message required on the contact form and the
 * custom quote, optional on the enquiry; number of students required and numeric; role required; a typed LMS at most
 * 25. Each rule gives an i18n key (forms.errors.*), or null when the value is fine. The server checks them again.
 */

export type FieldError =
  | 'forms.errors.required'
  | 'forms.errors.nameTooLong'
  | 'forms.errors.emailInvalid'
  | 'forms.errors.emailTooLong'
  | 'forms.errors.phoneTooLong'
  | 'forms.errors.lmsTooLong'
  | 'forms.errors.roleRequired'
  | 'forms.errors.numberInvalid'
  | 'forms.errors.messageTooLong';

/** The same check as an <input type="email">: something@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateName(value: string): FieldError | null {
  const name = value.trim();
  if (name === '') return 'forms.errors.required';
  return name.length > FIELD_MAX.name ? 'forms.errors.nameTooLong' : null;
}

export function validateEmail(value: string): FieldError | null {
  const email = value.trim();
  if (email === '') return 'forms.errors.required';
  if (email.length > FIELD_MAX.email) return 'forms.errors.emailTooLong';
  return EMAIL_PATTERN.test(email) ? null : 'forms.errors.emailInvalid';
}

export function validatePhone(value: string): FieldError | null {
  return value.trim().length > FIELD_MAX.phone ? 'forms.errors.phoneTooLong' : null;
}

export function validateMessage(value: string, required: boolean): FieldError | null {
  const message = value.trim();
  if (required && message === '') return 'forms.errors.required';
  return message.length > LEAD_MESSAGE_MAX ? 'forms.errors.messageTooLong' : null;
}

export function validateStudents(value: string): FieldError | null {
  const students = value.trim();
  if (students === '') return 'forms.errors.required';
  return /^\d{1,9}$/.test(students) ? null : 'forms.errors.numberInvalid';
}

export function validateRole(value: string): FieldError | null {
  return value === '' ? 'forms.errors.roleRequired' : null;
}

/** The LMS select (required when shown), and the typed name when Other is chosen (required, at most 25). */
export function validateLms(choice: string, typed: string): { lms: FieldError | null; lmsOther: FieldError | null } {
  if (choice === '') return { lms: 'forms.errors.required', lmsOther: null };
  if (choice !== 'Other') return { lms: null, lmsOther: null };
  const name = typed.trim();
  if (name === '') return { lms: null, lmsOther: 'forms.errors.required' };
  return { lms: null, lmsOther: name.length > FIELD_MAX.lms ? 'forms.errors.lmsTooLong' : null };
}

/** Whether the enquiry asks for the LMS and the number of students (not for Business representative or Reseller). */
export function asksForLms(role: string): boolean {
  return role !== '' && role !== 'Student' && !LEAD_ROLES_WITHOUT_LMS.includes(role as LeadRole);
}

/** The LMS value the enquiry sends: the chosen one, or the typed name when Other. */
export function lmsValue(choice: string, typed: string): string {
  return choice === 'Other' ? typed.trim() : choice;
}

/** The analytics event of §5 for an address at a public mail provider (never an error); null otherwise. */
export function publicEmailEvent(email: string, form: string): string | null {
  return isPublicMailAddress(email) ? `public-email-${form}` : null;
}

export type Errors<K extends string> = Partial<Record<K, FieldError>>;

/** Only the fields that have an error. */
export function collectErrors<K extends string>(checks: Record<K, FieldError | null>): Errors<K> {
  const errors: Errors<K> = {};
  for (const [key, error] of Object.entries(checks) as [K, FieldError | null][]) {
    if (error !== null) errors[key] = error;
  }
  return errors;
}

import { FIELD_MAX, isPasswordAcceptable, timeZoneNames } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';

/** A field problem: the codes the server sends in error.fields (PROFILE_FIELD_ERRORS) and the client's own. */
export type FieldCode = 'required' | 'too_long' | 'invalid' | 'weak' | 'mismatch' | 'taken' | 'wrong' | 'unchanged';
export type FieldErrors = Partial<Record<string, FieldCode>>;

const CODES = new Set<string>(['required', 'too_long', 'invalid', 'weak', 'mismatch', 'taken', 'wrong', 'unchanged']);

/** The field codes of a refused call (unknown codes read as 'invalid'). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const out: FieldErrors = {};
  for (const [field, code] of Object.entries(error.fields))
    out[field] = CODES.has(code) ? (code as FieldCode) : 'invalid';
  return out;
}

/** The i18n key of a field problem: the spec's cabinet messages (commerce-and-cabinet.md §5). */
export function fieldErrorKey(field: string, code: FieldCode): string {
  switch (field) {
    case 'name':
      return code === 'too_long' ? 'profile.errors.nameTooLong' : 'profile.errors.nameRequired';
    case 'email':
      if (code === 'required') return 'profile.errors.emailRequired';
      if (code === 'taken') return 'profile.errors.emailTaken';
      if (code === 'unchanged') return 'profile.errors.emailUnchanged';
      return 'profile.errors.emailInvalid';
    case 'password':
      return code === 'required' ? 'profile.errors.passwordRequired' : 'profile.errors.passwordInvalid';
    case 'confirm_password':
      return code === 'required' ? 'profile.errors.fieldRequired' : 'profile.errors.confirmInvalid';
    case 'current_password':
      return code === 'required' ? 'profile.errors.currentRequired' : 'profile.errors.currentInvalid';
    case 'timezone':
      return 'profile.errors.timezoneInvalid';
    case 'language':
      return 'profile.errors.languageInvalid';
    case 'confirm':
      return 'profile.errors.confirmDelete';
    default:
      return code === 'required' ? 'profile.errors.fieldRequired' : 'profile.errors.fieldInvalid';
  }
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateName(name: string): FieldErrors {
  const trimmed = name.trim();
  if (trimmed === '') return { name: 'required' };
  if (trimmed.length > FIELD_MAX.name) return { name: 'too_long' };
  return {};
}

export function validateEmailChange(input: { email: string; currentPassword: string }, current: string): FieldErrors {
  const errors: FieldErrors = {};
  const email = input.email.trim();
  if (email === '') errors.email = 'required';
  else if (email.length > FIELD_MAX.email || !EMAIL_SHAPE.test(email)) errors.email = 'invalid';
  else if (email === current) errors.email = 'unchanged';
  if (input.currentPassword === '') errors.current_password = 'required';
  return errors;
}

export function validatePasswordChange(input: {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (input.currentPassword === '') errors.current_password = 'required';
  if (input.password === '') errors.password = 'required';
  else if (!isPasswordAcceptable(input.password)) errors.password = 'weak';
  if (input.confirmPassword === '') errors.confirm_password = 'required';
  else if (input.password !== '' && input.confirmPassword !== input.password) errors.confirm_password = 'mismatch';
  return errors;
}

export function validateDeletion(input: { currentPassword: string; confirmed: boolean }): FieldErrors {
  const errors: FieldErrors = {};
  if (input.currentPassword === '') errors.current_password = 'required';
  if (!input.confirmed) errors.confirm = 'required';
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((code) => code !== undefined);
}

/* ---- time zones ---- */

/** The browser's time zone, or null where it cannot tell. */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone === '' ? null : zone;
  } catch {
    return null;
  }
}

/**
 * The zone to preselect: the stored one, except the untouched default (UTC) when the browser knows better.
 * `isSuggested` tells the form to say so.
 */
export function initialTimeZone(stored: string, browser: string | null): { zone: string; isSuggested: boolean } {
  if (stored === 'UTC' && browser !== null && browser !== 'UTC') return { zone: browser, isSuggested: true };
  return { zone: stored, isSuggested: false };
}

/** Every zone the runtime knows, with the given ones (a stored or detected zone) included. */
export function zoneList(extra: readonly string[] = []): string[] {
  return [...new Set([...timeZoneNames(), ...extra])].sort();
}

/** The zones matching a search: every word of the query, ignoring case, '_' and '/' as spaces. */
export function filterTimeZones(zones: readonly string[], query: string): string[] {
  const words = query
    .toLowerCase()
    .replace(/[_/]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return [...zones];
  return zones.filter((zone) => {
    const name = zone.toLowerCase().replace(/[_/]/g, ' ');
    return words.every((word) => name.includes(word));
  });
}

/** How a zone reads in a list: "Europe/Madrid (UTC+02:00)". */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at);
    const offset = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
    const shown = offset === 'GMT' ? 'UTC+00:00' : offset.replace('GMT', 'UTC');
    return `${zone.replace(/_/g, ' ')} (${shown})`;
  } catch {
    return zone;
  }
}

import {
  FIELD_MAX,
  PORTAL_HOW_CAN_HELP_MAX,
  PORTAL_ROLES,
  PORTAL_SCHOOL_NAME_MAX,
  portalRoleHasSchool,
  type PortalRoleCode,
} from '@veritext/contracts';
import type { FormFields } from '../api/client.ts';

export const PORTAL_BASE = '/integrito';
export const PORTAL_LOGIN = `${PORTAL_BASE}/login/`;
export const PORTAL_REGISTRATION = `${PORTAL_BASE}/registration/`;
export const PORTAL_FORGOT = `${PORTAL_BASE}/forgot-password/`;
export const PORTAL_RESET = `${PORTAL_BASE}/reset-password/`;

export type PortalFormValues = {
  email: string;
  role: PortalRoleCode | null;
  schoolName: string;
  howCanHelp: string;
  terms: boolean;
  info: boolean;
};

export const EMPTY_PORTAL_FORM: PortalFormValues = {
  email: '',
  role: null,
  schoolName: '',
  howCanHelp: '',
  terms: false,
  info: false,
};

export type PortalFieldErrorKey = 'email' | 'role' | 'terms';

/** The i18n key of each role code's label (1 Student … 6 Other). */
export const PORTAL_ROLE_KEYS: Record<PortalRoleCode, string> = {
  1: 'portal.roles.student',
  2: 'portal.roles.educator',
  3: 'portal.roles.researcher',
  4: 'portal.roles.contentWriter',
  5: 'portal.roles.blogger',
  6: 'portal.roles.other',
};
export const PORTAL_ROLE_CODES: readonly PortalRoleCode[] = PORTAL_ROLES.map((role) => role.code);

export function parsePortalRole(value: string): PortalRoleCode | null {
  return PORTAL_ROLE_CODES.find((code) => String(code) === value) ?? null;
}

/** commerce-and-cabinet.md §5: role chosen, terms ticked, an e-mail (unless logged in). Keys are i18n keys. */
export function validatePortalForm(
  values: PortalFormValues,
  isLoggedIn: boolean,
): Partial<Record<PortalFieldErrorKey, string>> {
  const errors: Partial<Record<PortalFieldErrorKey, string>> = {};
  const email = values.email.trim();
  if (!isLoggedIn) {
    if (email === '') errors.email = 'portal.errors.emailRequired';
    else if (email.length > FIELD_MAX.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      errors.email = 'portal.errors.emailInvalid';
    }
  }
  if (values.role === null) errors.role = 'portal.errors.roleRequired';
  if (!values.terms) errors.terms = 'portal.errors.termsRequired';
  return errors;
}

/** The sign-up payload of §3; school_name only for roles 1-3. */
export function portalRegistrationFields(
  values: PortalFormValues,
  context: { query: string; invite: string; isLoggedIn: boolean; botToken: string; csrfToken: string },
): FormFields {
  const role = values.role ?? 0;
  return {
    email: context.isLoggedIn ? undefined : values.email.trim(),
    role: String(role),
    school_name: portalRoleHasSchool(role) ? values.schoolName.trim().slice(0, PORTAL_SCHOOL_NAME_MAX) : undefined,
    how_can_help: values.howCanHelp.trim().slice(0, PORTAL_HOW_CAN_HELP_MAX),
    terms: values.terms ? 'on' : '',
    info: values.info ? 'on' : '',
    'integrito-security-token': context.botToken,
    'integrito-invite': context.invite === '' ? undefined : context.invite,
    query: context.query === '' ? undefined : context.query,
    _csrf_token: context.csrfToken,
  };
}

/** A portal path with the page's query kept ('?a=b' or ''). */
export function portalPath(path: string, search: string): string {
  return search.startsWith('?') && search.length > 1 ? path + search : path;
}

/** The portal invite of the query (integrito-invite), if any. */
export function portalInviteFrom(search: string): string {
  const params = new URLSearchParams(search);
  return (params.get('integrito-invite') ?? '').slice(0, 200);
}

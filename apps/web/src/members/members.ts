import {
  ERRORS,
  FIELD_MAX,
  MEMBER_FIELD_ERRORS,
  MEMBER_MESSAGES,
  MEMBER_UPLOAD_EXTENSIONS,
  MEMBER_UPLOAD_MAX_BYTES,
  type Member,
  type MemberFieldError,
  type MemberStatus,
  type MemberUploadOutcome,
  type MemberUploadResponse,
} from '@veritext/contracts';
import { isApiError } from '../api/client.ts';

/**
 * The pure rules of the organisation members page (commerce-and-cabinet.md §2, §3, §5, §6): the add and edit
 * forms checked as the server checks them, the names of roles, statuses and upload outcomes, the order of the
 * list, the member file's columns and limits, and which of the owner's groups the page shows.
 */

/* ---- the add and edit forms ---- */

export type MemberField = 'name' | 'email' | 'limit' | 'role';
export type MemberFieldErrors = Partial<Record<MemberField, MemberFieldError>>;

export const MEMBER_ROLES = { admin: 1, teacher: 2, student: 3 } as const;
export type AssignableRole = 2 | 3;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Page limits are whole numbers of pages that fit the database's integer column. */
export const MEMBER_LIMIT_MAX = 2_147_483_647;

/** The page limit as typed: '' is no limit; otherwise a whole number of pages, not below zero. */
export function limitProblem(limit: string): MemberFieldError | null {
  const value = limit.trim();
  if (value === '') return null;
  if (/^-\d+$/.test(value)) return Number(value) === 0 ? null : 'below_zero';
  if (!/^\+?\d+$/.test(value)) return 'invalid';
  return Number(value) > MEMBER_LIMIT_MAX ? 'invalid' : null;
}

/** The same rules as the server: name required (at most 25), a valid e-mail (at most 50), a valid limit. */
export function validateMember(input: { name: string; email: string; limit: string }): MemberFieldErrors {
  const errors: MemberFieldErrors = {};
  const name = input.name.trim();
  const email = input.email.trim();
  if (name === '') errors.name = 'required';
  else if (name.length > FIELD_MAX.name) errors.name = 'too_long';
  if (email === '') errors.email = 'required';
  else if (email.length > FIELD_MAX.email || !EMAIL_SHAPE.test(email)) errors.email = 'invalid';
  const limit = limitProblem(input.limit);
  if (limit !== null) errors.limit = limit;
  return errors;
}

/** An edit of a row: only the limit is typed (the role is chosen from a list). */
export function validateMemberChange(input: { limit: string }): MemberFieldErrors {
  const limit = limitProblem(input.limit);
  return limit === null ? {} : { limit };
}

export function hasMemberErrors(errors: MemberFieldErrors): boolean {
  return firstInvalidField(errors) !== null;
}

/** The first field with a problem, in the order of the form (where focus goes). */
export function firstInvalidField(errors: MemberFieldErrors): MemberField | null {
  const order: MemberField[] = ['name', 'email', 'limit', 'role'];
  return order.find((field) => errors[field] !== undefined) ?? null;
}

const FIELD_CODES = new Set<string>(MEMBER_FIELD_ERRORS);
const FIELDS = new Set<string>(['name', 'email', 'limit', 'role']);

/** The field problems of a refused call (`error.fields`); unknown codes read as 'invalid'. */
export function memberFieldErrorsOf(error: unknown): MemberFieldErrors {
  // an administrator's role or row: a refusal of the whole change, said in the alert
  if (!isApiError(error) || error.code === 'member_admin_role' || error.code === 'member_admin_remove') return {};
  const out: MemberFieldErrors = {};
  for (const [field, code] of Object.entries(error.fields)) {
    if (FIELDS.has(field)) out[field as MemberField] = FIELD_CODES.has(code) ? (code as MemberFieldError) : 'invalid';
  }
  // A member already in the group, or an address already invited: the e-mail field says so even when the server
  // sends no field.
  if (error.code === 'member_exists' && out.email === undefined) out.email = 'duplicate';
  if (error.code === 'invitation_exists' && out.email === undefined) out.email = 'invited';
  return out;
}

export type MemberErrorKey =
  | 'members.errors.required'
  | 'members.errors.nameTooLong'
  | 'members.errors.emailInvalid'
  | 'members.errors.duplicate'
  | 'members.errors.alreadyInvited'
  | 'members.errors.limitInvalid'
  | 'members.errors.limitBelowZero'
  | 'members.errors.roleInvalid'
  | 'members.errors.fieldInvalid';

/** The i18n key of a field problem: the spec's cabinet messages (commerce-and-cabinet.md §5). */
export function memberErrorKey(field: MemberField, code: MemberFieldError): MemberErrorKey {
  if (code === 'required') return 'members.errors.required';
  switch (field) {
    case 'name':
      return code === 'too_long' ? 'members.errors.nameTooLong' : 'members.errors.fieldInvalid';
    case 'email':
      if (code === 'invited') return 'members.errors.alreadyInvited';
      return code === 'duplicate' ? 'members.errors.duplicate' : 'members.errors.emailInvalid';
    case 'limit':
      return code === 'below_zero' ? 'members.errors.limitBelowZero' : 'members.errors.limitInvalid';
    case 'role':
      return 'members.errors.roleInvalid';
  }
}

/* ---- names of roles, statuses and outcomes ---- */

export function memberRoleKey(role: number): 'members.roles.admin' | 'members.roles.teacher' | 'members.roles.student' {
  if (role === MEMBER_ROLES.admin) return 'members.roles.admin';
  return role === MEMBER_ROLES.teacher ? 'members.roles.teacher' : 'members.roles.student';
}

export function memberStatusKey(status: MemberStatus): 'members.status.active' | 'members.status.invited' {
  return status === 'invited' ? 'members.status.invited' : 'members.status.active';
}

export type BadgeTone = 'success' | 'info' | 'warning' | 'danger';

/** Each upload outcome's badge: its words and its colour (the words carry the meaning, not the colour). */
export const OUTCOME_BADGES = {
  added: { key: 'members.outcome.added', tone: 'success' },
  invited: { key: 'members.outcome.invited', tone: 'info' },
  duplicate: { key: 'members.outcome.duplicate', tone: 'warning' },
  invalid: { key: 'members.outcome.invalid', tone: 'danger' },
} as const satisfies Record<MemberUploadOutcome, { key: string; tone: BadgeTone }>;

export function outcomeBadge(outcome: MemberUploadOutcome): (typeof OUTCOME_BADGES)[MemberUploadOutcome] {
  return OUTCOME_BADGES[outcome];
}

/** A row's message, translated where it is one of the spec's messages (the server writes them in English). */
const ROW_MESSAGE_KEYS: Record<string, string> = {
  [MEMBER_MESSAGES.required]: 'members.errors.required',
  [MEMBER_MESSAGES.nameTooLong]: 'members.errors.nameTooLong',
  [MEMBER_MESSAGES.emailInvalid]: 'members.errors.emailInvalid',
  [MEMBER_MESSAGES.limitInvalid]: 'members.errors.limitInvalid',
  [MEMBER_MESSAGES.limitBelowZero]: 'members.errors.limitBelowZero',
  [MEMBER_MESSAGES.roleInvalid]: 'members.errors.roleInvalid',
  [MEMBER_MESSAGES.duplicate]: 'members.errors.duplicate',
  [ERRORS.invitation_exists.message]: 'members.errors.alreadyInvited',
  [MEMBER_MESSAGES.added]: 'members.results.rowAdded',
  [MEMBER_MESSAGES.invited]: 'members.results.rowInvited',
};

/** The i18n key of an upload row's message, or null to show the server's words as they are. */
export function rowMessageKey(message: string): string | null {
  return ROW_MESSAGE_KEYS[message.trim()] ?? null;
}

/** The counts under the results table. */
export function uploadCounts(data: MemberUploadResponse['data']): {
  added: number;
  invited: number;
  duplicate: number;
  invalid: number;
  total: number;
} {
  const count = (outcome: MemberUploadOutcome) => data.rows.filter((row) => row.outcome === outcome).length;
  return {
    added: data.added,
    invited: data.invited,
    duplicate: count('duplicate'),
    invalid: count('invalid'),
    total: data.total,
  };
}

/* ---- the list ---- */

/** The administrator (role 1) first, then by name and e-mail, ignoring case and accents. */
export function sortMembers<T extends Pick<Member, 'role' | 'name' | 'email' | 'user_id'>>(
  members: readonly T[],
  locale = 'en',
): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...members].sort(
    (a, b) =>
      Number(b.role === 1) - Number(a.role === 1) ||
      collator.compare(a.name.trim(), b.name.trim()) ||
      collator.compare(a.email, b.email) ||
      a.user_id - b.user_id,
  );
}

/** The pages a member has used against their limit (null: no limit). */
export function pageUsage(member: Pick<Member, 'limit' | 'used_pages'>): {
  used: number;
  limit: number | null;
  percent: number | null;
  isOver: boolean;
} {
  if (member.limit === null) return { used: member.used_pages, limit: null, percent: null, isOver: false };
  const percent = member.limit === 0 ? 100 : Math.min(100, Math.round((member.used_pages / member.limit) * 100));
  return { used: member.used_pages, limit: member.limit, percent, isOver: member.used_pages >= member.limit };
}

/** What the edit form starts from: the limit as text ('' = none). */
export function limitText(limit: number | null): string {
  return limit === null ? '' : String(limit);
}

/** An administrator's row keeps its role and cannot be removed (the server refuses both). */
export function canChangeRole(member: Pick<Member, 'role'>): boolean {
  return member.role !== MEMBER_ROLES.admin;
}
export const canRemove = canChangeRole;

/* ---- the member file ---- */

/** The columns of a member file, in order (commerce-and-cabinet.md §3 "Bulk member upload"). */
export const MEMBER_FILE_COLUMNS = [
  { key: 'members.upload.columns.name', optional: false },
  { key: 'members.upload.columns.email', optional: false },
  { key: 'members.upload.columns.limit', optional: true },
  { key: 'members.upload.columns.role', optional: true },
] as const;

export const MEMBER_FILE_ACCEPT = MEMBER_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const MEMBER_FILE_MAX_MB = MEMBER_UPLOAD_MAX_BYTES / (1024 * 1024);

export type MemberFileProblem = 'type' | 'tooLarge' | 'empty';

/** Whether a picked file can be sent: csv, xls or xlsx, not empty, at most 1,048,576 bytes. */
export function memberFileProblem(file: { name: string; size: number }): MemberFileProblem | null {
  const dot = file.name.lastIndexOf('.');
  const ext = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(MEMBER_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MEMBER_UPLOAD_MAX_BYTES) return 'tooLarge';
  return null;
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A sample file to fill in: a header row (the server skips a first row whose second cell says e-mail) and two
 * example members, with the role names the server reads (Teacher, Student).
 */
export function sampleMembersCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/* ---- which group ---- */

/** The owned group the page shows: the one asked for in the address when the user owns it, else the first. */
export function chooseGroup<T extends { id: number }>(owned: readonly T[], requested: string | null): T | null {
  const id = Number(requested ?? '');
  return owned.find((group) => Number.isInteger(id) && group.id === id) ?? owned[0] ?? null;
}

/** The TanStack Query key of a group's member list. */
export function membersQueryKey(groupId: number): readonly ['group-members', number] {
  return ['group-members', groupId];
}

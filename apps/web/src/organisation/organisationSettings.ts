import {
  GROUP_BALANCE_TYPES,
  GROUP_DESCRIPTION_MAX,
  GROUP_MAX_MEMBERS_LIMIT,
  ORGANISATION_NAME_MAX,
  type GroupSettings,
} from '@veritext/contracts';
import type { GroupSettingsFields } from '../api/organisation.ts';
import type { CheckGroup } from '../check/account.ts';

/** The owner's organisation settings page, and its Spanish twin. */
export const ORGANISATION_SETTINGS_PATH = '/profile/organisation/';

export function organisationSettingsPath(groupId: number): string {
  return `${ORGANISATION_SETTINGS_PATH}?group=${String(groupId)}`;
}

/** The site administrators' organisations page. */
export const ADMIN_ORGANISATIONS_PATH = '/admin/organisations';

/** The form as the owner edits it: text fields as typed, switches as booleans. */
export type SettingsForm = {
  name: string;
  description: string;
  /** '1' shared pool, '2' per-user limits, '3' a subscription's (shown, not offered). */
  balanceType: string;
  lockStudents: boolean;
  lmsOnly: boolean;
  negativeBalance: boolean;
  keepPrivate: boolean;
  authorshipCheck: boolean;
  grammarChecker: boolean;
  maxMembers: string;
};

export function formOf(settings: GroupSettings): SettingsForm {
  return {
    name: settings.name,
    description: settings.description,
    balanceType: String(settings.balance_type),
    lockStudents: settings.hide_new_check_for_student,
    lmsOnly: settings.website_checks_disabled,
    negativeBalance: settings.negative_balance_allowed,
    keepPrivate: settings.keep_documents_private,
    authorshipCheck: settings.authorship_check_allowed,
    grammarChecker: settings.grammar_checker_enabled,
    maxMembers: settings.max_members === null ? '' : String(settings.max_members),
  };
}

/** The balance type can be chosen (1 or 2) unless a subscription sets it (3). */
export function canChooseBalanceType(settings: GroupSettings): boolean {
  return !settings.subscription_active && settings.balance_type !== GROUP_BALANCE_TYPES.subscription;
}

/** What is posted: the balance type only where the owner may choose it. */
export function fieldsOf(form: SettingsForm, settings: GroupSettings): GroupSettingsFields {
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    ...(canChooseBalanceType(settings) ? { balance_type: form.balanceType } : {}),
    hide_new_check_for_student: form.lockStudents,
    website_checks_disabled: form.lmsOnly,
    negative_balance_allowed: form.negativeBalance,
    keep_documents_private: form.keepPrivate,
    authorship_check_allowed: form.authorshipCheck,
    grammar_checker_enabled: form.grammarChecker,
    max_members: form.maxMembers.trim(),
  };
}

export type SettingsField = 'name' | 'description' | 'max_members';
/** An i18n key per invalid field (the server says the same and more: it has the last word). */
export type SettingsErrors = Partial<Record<SettingsField, string>>;

/** The checks the page makes before sending: the name, the description's length, the member maximum. */
export function validateSettings(form: SettingsForm, memberCount: number): SettingsErrors {
  const errors: SettingsErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'orgSettings.errors.nameRequired';
  else if (name.length > ORGANISATION_NAME_MAX) errors.name = 'orgSettings.errors.nameTooLong';
  if (form.description.trim().length > GROUP_DESCRIPTION_MAX)
    errors.description = 'orgSettings.errors.descriptionTooLong';
  const max = form.maxMembers.trim();
  if (max !== '') {
    const value = /^\d{1,9}$/.test(max) ? Number(max) : Number.NaN;
    if (!(value >= 1 && value <= GROUP_MAX_MEMBERS_LIMIT)) errors.max_members = 'orgSettings.errors.maxMembersInvalid';
    else if (value < memberCount) errors.max_members = 'orgSettings.errors.maxMembersBelowCount';
  }
  return errors;
}

/** The server's field codes (400 validation_failed) as the page's keys. */
export function serverFieldErrors(fields: Record<string, string> | undefined): SettingsErrors {
  if (fields === undefined) return {};
  const errors: SettingsErrors = {};
  if (fields['name'] === 'required') errors.name = 'orgSettings.errors.nameRequired';
  else if (fields['name'] !== undefined) errors.name = 'orgSettings.errors.nameTooLong';
  if (fields['description'] !== undefined) errors.description = 'orgSettings.errors.descriptionTooLong';
  if (fields['max_members'] === 'below_members') errors.max_members = 'orgSettings.errors.maxMembersBelowCount';
  else if (fields['max_members'] !== undefined) errors.max_members = 'orgSettings.errors.maxMembersInvalid';
  return errors;
}

/** The deletion goes ahead once the name is typed as shown (spaces around it do not count). */
export function confirmsDeletion(typed: string, name: string): boolean {
  return typed.trim() !== '' && typed.trim() === name.trim();
}

/** The organisations the user administers (role 1), for the settings page's chooser. */
export function administeredGroups(groups: readonly CheckGroup[]): CheckGroup[] {
  return groups.filter((group) => group.current_user_role === 1);
}

/** The organisation the page shows: the one in the address if the user administers it, else the first. */
export function chosenGroup(groups: readonly CheckGroup[], requested: number | null): CheckGroup | null {
  const owned = administeredGroups(groups);
  return owned.find((group) => group.id === requested) ?? owned[0] ?? null;
}

/** Why the user cannot start a check for the organisation, if they cannot (the server refuses the same). */
export type GroupLock = 'disabled' | 'website' | 'student';

export function groupLockOf(group: CheckGroup | null): GroupLock | null {
  if (group === null) return null;
  if (group.is_disabled === true) return 'disabled';
  if (group.website_checks_disabled === true) return 'website';
  if (group.hide_new_check_for_student && group.current_user_role === 3) return 'student';
  return null;
}

export function groupIdFromSearch(search: URLSearchParams): number | null {
  const value = Number(search.get('group') ?? '');
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
}

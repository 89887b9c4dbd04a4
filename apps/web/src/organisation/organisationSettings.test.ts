import type { GroupSettings } from '@veritext/contracts';
import { describe, expect, it } from 'vitest';
import { group } from '../check/testGroups.ts';
import {
  administeredGroups,
  canChooseBalanceType,
  chosenGroup,
  confirmsDeletion,
  fieldsOf,
  formOf,
  groupIdFromSearch,
  groupLockOf,
  serverFieldErrors,
  validateSettings,
} from './organisationSettings.ts';

const settings = (partial: Partial<GroupSettings> = {}): GroupSettings => ({
  id: 7,
  name: 'Fjord School',
  description: 'Years 8 to 10',
  balance_type: 1,
  subscription_active: false,
  hide_new_check_for_student: false,
  website_checks_disabled: true,
  negative_balance_allowed: false,
  keep_documents_private: true,
  authorship_check_allowed: false,
  grammar_checker_enabled: true,
  max_members: 30,
  member_count: 12,
  pending_invitations: 2,
  is_disabled: false,
  created_at: '2026-01-01T00:00:00.000Z',
  ...partial,
});

describe('the organisation settings form', () => {
  it('starts from the settings and sends them back, switches and all', () => {
    const form = formOf(settings());
    expect(form).toEqual({
      name: 'Fjord School',
      description: 'Years 8 to 10',
      balanceType: '1',
      lockStudents: false,
      lmsOnly: true,
      negativeBalance: false,
      keepPrivate: true,
      authorshipCheck: false,
      grammarChecker: true,
      maxMembers: '30',
    });
    expect(fieldsOf({ ...form, name: '  Fjord  ', balanceType: '2', lockStudents: true }, settings())).toEqual({
      name: 'Fjord',
      description: 'Years 8 to 10',
      balance_type: '2',
      hide_new_check_for_student: true,
      website_checks_disabled: true,
      negative_balance_allowed: false,
      keep_documents_private: true,
      authorship_check_allowed: false,
      grammar_checker_enabled: true,
      max_members: '30',
    });
    expect(formOf(settings({ max_members: null })).maxMembers).toBe('');
  });

  it('leaves the balance type out while a subscription sets it', () => {
    const subscribed = settings({ balance_type: 3, subscription_active: true });
    expect(canChooseBalanceType(subscribed)).toBe(false);
    expect(canChooseBalanceType(settings({ balance_type: 2 }))).toBe(true);
    expect(fieldsOf(formOf(subscribed), subscribed)).not.toHaveProperty('balance_type');
  });

  it('checks the name, the description and the member maximum before sending', () => {
    const form = formOf(settings());
    expect(validateSettings(form, 12)).toEqual({});
    expect(validateSettings({ ...form, name: '   ' }, 12)).toEqual({ name: 'orgSettings.errors.nameRequired' });
    expect(validateSettings({ ...form, name: 'x'.repeat(101) }, 12).name).toBe('orgSettings.errors.nameTooLong');
    expect(validateSettings({ ...form, description: 'd'.repeat(501) }, 12)).toEqual({
      description: 'orgSettings.errors.descriptionTooLong',
    });
    expect(validateSettings({ ...form, maxMembers: '11' }, 12)).toEqual({
      max_members: 'orgSettings.errors.maxMembersBelowCount',
    });
    expect(validateSettings({ ...form, maxMembers: '12' }, 12)).toEqual({});
    for (const bad of ['0', '-3', '2.5', 'ten', '100001']) {
      expect(validateSettings({ ...form, maxMembers: bad }, 1).max_members, bad).toBe(
        'orgSettings.errors.maxMembersInvalid',
      );
    }
    expect(validateSettings({ ...form, maxMembers: '  ' }, 500)).toEqual({});
  });

  it('turns the server’s field codes into the page’s messages', () => {
    expect(serverFieldErrors({ max_members: 'below_members', name: 'required' })).toEqual({
      max_members: 'orgSettings.errors.maxMembersBelowCount',
      name: 'orgSettings.errors.nameRequired',
    });
    expect(serverFieldErrors({ max_members: 'invalid', description: 'too_long' })).toEqual({
      max_members: 'orgSettings.errors.maxMembersInvalid',
      description: 'orgSettings.errors.descriptionTooLong',
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});

describe('deleting an organisation', () => {
  it('goes ahead only with the name typed as shown', () => {
    expect(confirmsDeletion('Fjord School', 'Fjord School')).toBe(true);
    expect(confirmsDeletion('  Fjord School ', 'Fjord School')).toBe(true);
    expect(confirmsDeletion('fjord school', 'Fjord School')).toBe(false);
    expect(confirmsDeletion('Fjord', 'Fjord School')).toBe(false);
    expect(confirmsDeletion('', '')).toBe(false);
  });
});

describe('the organisations a user administers', () => {
  const groups = [
    group({ id: 1, current_user_role: 3 }),
    group({ id: 2, current_user_role: 1 }),
    group({ id: 3, current_user_role: 1 }),
  ];
  it('are the ones where the user has role 1; the address picks one of them', () => {
    expect(administeredGroups(groups).map((g) => g.id)).toEqual([2, 3]);
    expect(chosenGroup(groups, 3)?.id).toBe(3);
    expect(chosenGroup(groups, 1)?.id).toBe(2);
    expect(chosenGroup(groups, null)?.id).toBe(2);
    expect(chosenGroup([group({ current_user_role: 2 })], null)).toBeNull();
  });

  it('reads ?group=ID', () => {
    expect(groupIdFromSearch(new URLSearchParams('group=12'))).toBe(12);
    for (const bad of ['group=0', 'group=-1', 'group=x', '', 'group=1.5', 'group=99999999999']) {
      expect(groupIdFromSearch(new URLSearchParams(bad)), bad).toBeNull();
    }
  });
});

describe('the lock of an organisation on New check and the AI detector', () => {
  it('locks students when new checks are locked for them, and everyone when the website or the organisation is off', () => {
    expect(groupLockOf(null)).toBeNull();
    expect(groupLockOf(group())).toBeNull();
    expect(groupLockOf(group({ hide_new_check_for_student: true }))).toBe('student');
    expect(groupLockOf(group({ hide_new_check_for_student: true, current_user_role: 2 }))).toBeNull();
    expect(groupLockOf(group({ website_checks_disabled: true, current_user_role: 1 }))).toBe('website');
    expect(groupLockOf(group({ is_disabled: true, hide_new_check_for_student: true }))).toBe('disabled');
  });
});

import { describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES, type Member, type MemberUploadResponse } from '@veritext/contracts';
import { ApiError } from '../api/client.ts';
import {
  canChangeRole,
  canRemove,
  chooseGroup,
  firstInvalidField,
  limitProblem,
  limitText,
  MEMBER_FILE_ACCEPT,
  MEMBER_FILE_COLUMNS,
  MEMBER_FILE_MAX_MB,
  memberErrorKey,
  memberFieldErrorsOf,
  memberFileProblem,
  memberRoleKey,
  memberStatusKey,
  outcomeBadge,
  pageUsage,
  rowMessageKey,
  sampleMembersCsv,
  sortMembers,
  uploadCounts,
  validateMember,
  validateMemberChange,
} from './members.ts';

function member(overrides: Partial<Member>): Member {
  return {
    user_id: 1,
    name: 'Ana',
    email: 'ana@example.edu',
    role: 3,
    limit: null,
    used_pages: 0,
    status: 'active',
    joined_at: '2026-03-01T10:00:00.000Z',
    is_you: false,
    ...overrides,
  };
}

describe('the add form rules (the server’s)', () => {
  it('accepts a name, an e-mail and no limit', () => {
    expect(validateMember({ name: ' Ana ', email: ' ana@example.edu ', limit: '' })).toEqual({});
  });

  it('requires the name and the e-mail ("This field is required")', () => {
    const errors = validateMember({ name: '   ', email: '', limit: '' });
    expect(errors).toEqual({ name: 'required', email: 'required' });
    expect(memberErrorKey('name', 'required')).toBe('members.errors.required');
    expect(memberErrorKey('email', 'required')).toBe('members.errors.required');
    expect(firstInvalidField(errors)).toBe('name');
  });

  it('caps the name at 25 characters after trimming and the e-mail at 50', () => {
    expect(validateMember({ name: `  ${'a'.repeat(25)}  `, email: 'a@b.co', limit: '' })).toEqual({});
    expect(validateMember({ name: 'a'.repeat(26), email: 'a@b.co', limit: '' })).toEqual({ name: 'too_long' });
    const long = `${'a'.repeat(45)}@b.com`; // 51 characters
    expect(validateMember({ name: 'A', email: long, limit: '' })).toEqual({ email: 'invalid' });
    expect(memberErrorKey('name', 'too_long')).toBe('members.errors.nameTooLong');
  });

  it('calls a malformed address "Invalid email"', () => {
    for (const email of ['ana', 'ana@', 'ana@example', 'a na@example.edu', '@example.edu']) {
      expect(validateMember({ name: 'A', email, limit: '' }).email, email).toBe('invalid');
    }
    expect(memberErrorKey('email', 'invalid')).toBe('members.errors.emailInvalid');
    expect(memberErrorKey('email', 'duplicate')).toBe('members.errors.duplicate');
  });

  it('reads the limit as a whole number of pages, empty meaning no limit', () => {
    expect(limitProblem('')).toBeNull();
    expect(limitProblem('  ')).toBeNull();
    expect(limitProblem('0')).toBeNull();
    expect(limitProblem(' 120 ')).toBeNull();
    expect(limitProblem('2147483647')).toBeNull();
    expect(limitProblem('-0')).toBeNull();
    expect(limitProblem('-3')).toBe('below_zero');
    expect(limitProblem('2147483648')).toBe('invalid');
    for (const typed of ['1.5', '1e3', 'ten', '12 pages', '0x10', '-1.5'])
      expect(limitProblem(typed), typed).toBe('invalid');
    expect(memberErrorKey('limit', 'below_zero')).toBe('members.errors.limitBelowZero');
    expect(memberErrorKey('limit', 'invalid')).toBe('members.errors.limitInvalid');
    expect(validateMember({ name: 'A', email: 'a@b.co', limit: '-1' })).toEqual({ limit: 'below_zero' });
    expect(validateMemberChange({ limit: 'abc' })).toEqual({ limit: 'invalid' });
    expect(validateMemberChange({ limit: '' })).toEqual({});
  });

  it('shows the server’s field problems at their fields, and a duplicate at the e-mail', () => {
    const refused = new ApiError('Invalid limit', {
      status: 400,
      code: 'validation_failed',
      fields: { limit: 'below_zero', role: 'something-new', other: 'required' },
    });
    expect(memberFieldErrorsOf(refused)).toEqual({ limit: 'below_zero', role: 'invalid' });
    const duplicate = new ApiError(MEMBER_MESSAGES.duplicate, { status: 409, code: 'member_exists' });
    expect(memberFieldErrorsOf(duplicate)).toEqual({ email: 'duplicate' });
    expect(memberFieldErrorsOf(new Error('boom'))).toEqual({});
    const adminRole = new ApiError(MEMBER_MESSAGES.adminRole, {
      status: 400,
      code: 'member_admin_role',
      fields: { role: 'invalid' },
    });
    expect(memberFieldErrorsOf(adminRole)).toEqual({});
    expect(memberErrorKey('role', 'invalid')).toBe('members.errors.roleInvalid');
  });
});

describe('names and badges', () => {
  it('names the roles and statuses', () => {
    expect([1, 2, 3].map(memberRoleKey)).toEqual([
      'members.roles.admin',
      'members.roles.teacher',
      'members.roles.student',
    ]);
    expect(memberStatusKey('active')).toBe('members.status.active');
    expect(memberStatusKey('invited')).toBe('members.status.invited');
  });

  it('gives each upload outcome its own words and tone', () => {
    expect(outcomeBadge('added')).toEqual({ key: 'members.outcome.added', tone: 'success' });
    expect(outcomeBadge('invited')).toEqual({ key: 'members.outcome.invited', tone: 'info' });
    expect(outcomeBadge('duplicate')).toEqual({ key: 'members.outcome.duplicate', tone: 'warning' });
    expect(outcomeBadge('invalid')).toEqual({ key: 'members.outcome.invalid', tone: 'danger' });
  });

  it('translates the spec’s row messages and leaves others as the server wrote them', () => {
    expect(rowMessageKey(MEMBER_MESSAGES.emailInvalid)).toBe('members.errors.emailInvalid');
    expect(rowMessageKey(MEMBER_MESSAGES.duplicate)).toBe('members.errors.duplicate');
    expect(rowMessageKey(MEMBER_MESSAGES.limitBelowZero)).toBe('members.errors.limitBelowZero');
    expect(rowMessageKey(MEMBER_MESSAGES.required)).toBe('members.errors.required');
    expect(rowMessageKey(MEMBER_MESSAGES.added)).toBe('members.results.rowAdded');
    expect(rowMessageKey(MEMBER_MESSAGES.invited)).toBe('members.results.rowInvited');
    expect(rowMessageKey('Something the server says')).toBeNull();
  });

  it('counts the outcomes of an upload', () => {
    const data: MemberUploadResponse['data'] = {
      added: 2,
      invited: 1,
      total: 4,
      rows: [
        { row: 2, name: 'A', email: 'a@x.io', outcome: 'added', message: MEMBER_MESSAGES.added },
        { row: 3, name: 'B', email: 'b@x.io', outcome: 'invited', message: MEMBER_MESSAGES.invited },
        { row: 4, name: 'C', email: 'c@x.io', outcome: 'duplicate', message: MEMBER_MESSAGES.duplicate },
        { row: 6, name: 'D', email: 'd', outcome: 'invalid', message: MEMBER_MESSAGES.emailInvalid },
      ],
    };
    expect(uploadCounts(data)).toEqual({ added: 2, invited: 1, duplicate: 1, invalid: 1, total: 4 });
  });
});

describe('the list', () => {
  it('puts the administrator first, then sorts by name (case and accents aside), then e-mail', () => {
    const sorted = sortMembers([
      member({ user_id: 1, name: 'zoe', email: 'z@x.io' }),
      member({ user_id: 2, name: 'Álvaro', email: 'b@x.io' }),
      member({ user_id: 3, name: 'Owner', email: 'o@x.io', role: 1 }),
      member({ user_id: 4, name: 'alvaro', email: 'a@x.io', role: 2 }),
      member({ user_id: 5, name: 'Bea', email: 'c@x.io' }),
    ]);
    expect(sorted.map((m) => m.user_id)).toEqual([3, 4, 2, 5, 1]);
  });

  it('measures the pages used against the limit', () => {
    expect(pageUsage({ limit: null, used_pages: 7 })).toEqual({ used: 7, limit: null, percent: null, isOver: false });
    expect(pageUsage({ limit: 20, used_pages: 5 })).toEqual({ used: 5, limit: 20, percent: 25, isOver: false });
    expect(pageUsage({ limit: 20, used_pages: 20 })).toMatchObject({ percent: 100, isOver: true });
    expect(pageUsage({ limit: 10, used_pages: 14 })).toMatchObject({ percent: 100, isOver: true });
    expect(pageUsage({ limit: 0, used_pages: 0 })).toMatchObject({ percent: 100, isOver: true });
    expect(limitText(null)).toBe('');
    expect(limitText(0)).toBe('0');
  });

  it('keeps the administrator’s role and row', () => {
    expect(canChangeRole({ role: 1 })).toBe(false);
    expect(canRemove({ role: 1 })).toBe(false);
    expect(canChangeRole({ role: 2 })).toBe(true);
    expect(canRemove({ role: 3 })).toBe(true);
  });
});

describe('the member file', () => {
  it('lists the columns in the spec’s order, Limit and Role optional', () => {
    expect(MEMBER_FILE_COLUMNS.map((c) => [c.key.split('.').pop(), c.optional])).toEqual([
      ['name', false],
      ['email', false],
      ['limit', true],
      ['role', true],
    ]);
    expect(MEMBER_FILE_ACCEPT).toBe('.csv,.xls,.xlsx');
    expect(MEMBER_FILE_MAX_MB).toBe(1);
  });

  it('takes csv, xls and xlsx up to 1,048,576 bytes', () => {
    expect(memberFileProblem({ name: 'class.CSV', size: 10 })).toBeNull();
    expect(memberFileProblem({ name: 'class.xls', size: 1_048_576 })).toBeNull();
    expect(memberFileProblem({ name: 'class.xlsx', size: 1_048_577 })).toBe('tooLarge');
    expect(memberFileProblem({ name: 'class.ods', size: 10 })).toBe('type');
    expect(memberFileProblem({ name: 'csv', size: 10 })).toBe('type');
    expect(memberFileProblem({ name: 'class.csv', size: 0 })).toBe('empty');
  });

  it('writes a sample CSV the server reads: header row, quoted cells where needed, CRLF', () => {
    const csv = sampleMembersCsv(
      ['Name', 'E-mail', 'Limit', 'Role'],
      [
        ['García, Ana', 'ana@example.edu', '50', 'Student'],
        ['Luis "Lu" Pérez', 'luis@example.edu', '', 'Teacher'],
      ],
    );
    expect(csv).toBe(
      'Name,E-mail,Limit,Role\r\n"García, Ana",ana@example.edu,50,Student\r\n"Luis ""Lu"" Pérez",luis@example.edu,,Teacher\r\n',
    );
  });
});

describe('which group the page shows', () => {
  const owned = [{ id: 4 }, { id: 9 }];
  it('takes the one in the address when the user owns it, else the first', () => {
    expect(chooseGroup(owned, '9')).toEqual({ id: 9 });
    expect(chooseGroup(owned, '5')).toEqual({ id: 4 });
    expect(chooseGroup(owned, 'x')).toEqual({ id: 4 });
    expect(chooseGroup(owned, null)).toEqual({ id: 4 });
    expect(chooseGroup([], '4')).toBeNull();
  });
});

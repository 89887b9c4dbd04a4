import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import {
  fieldErrorKey,
  fieldErrorsOf,
  filterTimeZones,
  hasErrors,
  initialTimeZone,
  validateDeletion,
  validateEmailChange,
  validateName,
  validatePasswordChange,
  zoneLabel,
  zoneList,
} from './profileForms.ts';

describe('profile form checks', () => {
  it('wants a name of at most 25 characters, trimmed', () => {
    expect(validateName('   ')).toEqual({ name: 'required' });
    expect(validateName('x'.repeat(26))).toEqual({ name: 'too_long' });
    expect(validateName(`  ${'x'.repeat(25)}  `)).toEqual({});
  });

  it('wants a new, valid e-mail and the current password', () => {
    expect(validateEmailChange({ email: '', currentPassword: '' }, 'a@b.co')).toEqual({
      email: 'required',
      current_password: 'required',
    });
    expect(validateEmailChange({ email: 'nope', currentPassword: 'x' }, 'a@b.co')).toEqual({ email: 'invalid' });
    expect(validateEmailChange({ email: 'a@b.co', currentPassword: 'x' }, 'a@b.co')).toEqual({ email: 'unchanged' });
    expect(validateEmailChange({ email: `${'a'.repeat(45)}@b.com`, currentPassword: 'x' }, '')).toEqual({
      email: 'invalid',
    });
    expect(validateEmailChange({ email: ' new@b.co ', currentPassword: 'x' }, 'a@b.co')).toEqual({});
  });

  it('applies the password rule and wants the confirmation to match', () => {
    expect(validatePasswordChange({ currentPassword: '', password: '', confirmPassword: '' })).toEqual({
      current_password: 'required',
      password: 'required',
      confirm_password: 'required',
    });
    expect(validatePasswordChange({ currentPassword: 'x', password: 'weakpass', confirmPassword: 'weakpass' })).toEqual(
      {
        password: 'weak',
      },
    );
    expect(
      validatePasswordChange({ currentPassword: 'x', password: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rt' }),
    ).toEqual({ confirm_password: 'mismatch' });
    expect(
      validatePasswordChange({ currentPassword: 'x', password: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rd' }),
    ).toEqual({});
  });

  it('wants the current password and the ticked box before a deletion', () => {
    expect(validateDeletion({ currentPassword: '', confirmed: false })).toEqual({
      current_password: 'required',
      confirm: 'required',
    });
    expect(hasErrors(validateDeletion({ currentPassword: 'x', confirmed: true }))).toBe(false);
  });

  it('reads the server’s field codes and maps each to the spec’s message key', () => {
    const error = new ApiError('Invalid current password', {
      status: 400,
      code: 'current_password_invalid',
      fields: { current_password: 'wrong', email: 'something-new' },
    });
    expect(fieldErrorsOf(error)).toEqual({ current_password: 'wrong', email: 'invalid' });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
    expect(fieldErrorKey('current_password', 'wrong')).toBe('profile.errors.currentInvalid');
    expect(fieldErrorKey('current_password', 'required')).toBe('profile.errors.currentRequired');
    expect(fieldErrorKey('confirm_password', 'mismatch')).toBe('profile.errors.confirmInvalid');
    expect(fieldErrorKey('email', 'taken')).toBe('profile.errors.emailTaken');
    expect(fieldErrorKey('name', 'required')).toBe('profile.errors.nameRequired');
    expect(fieldErrorKey('password', 'weak')).toBe('profile.errors.passwordInvalid');
    expect(fieldErrorKey('other', 'required')).toBe('profile.errors.fieldRequired');
  });
});

describe('time zones', () => {
  it('lists the IANA zones with UTC, sorted, and keeps an extra one', () => {
    const zones = zoneList(['Europe/Kyiv']);
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Madrid');
    expect(zones).toContain('Europe/Kyiv');
    expect([...zones].sort()).toEqual(zones);
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('searches by every word, ignoring case, underscores and slashes', () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/Madrid', 'UTC'];
    expect(filterTimeZones(zones, 'new york')).toEqual(['America/New_York']);
    expect(filterTimeZones(zones, 'AMERICA')).toEqual(['America/New_York', 'America/Los_Angeles']);
    expect(filterTimeZones(zones, 'europe/mad')).toEqual(['Europe/Madrid']);
    expect(filterTimeZones(zones, '  ')).toEqual(zones);
    expect(filterTimeZones(zones, 'atlantis')).toEqual([]);
  });

  it('suggests the browser’s zone while the account still has the default UTC', () => {
    expect(initialTimeZone('UTC', 'Europe/Madrid')).toEqual({ zone: 'Europe/Madrid', isSuggested: true });
    expect(initialTimeZone('UTC', null)).toEqual({ zone: 'UTC', isSuggested: false });
    expect(initialTimeZone('Asia/Tokyo', 'Europe/Madrid')).toEqual({ zone: 'Asia/Tokyo', isSuggested: false });
  });

  it('labels a zone with its offset', () => {
    expect(zoneLabel('UTC', new Date('2024-01-15T12:00:00Z'))).toBe('UTC (UTC+00:00)');
    expect(zoneLabel('Asia/Tokyo', new Date('2024-01-15T12:00:00Z'))).toBe('Asia/Tokyo (UTC+09:00)');
    expect(zoneLabel('America/New_York', new Date('2024-01-15T12:00:00Z'))).toBe('America/New York (UTC-05:00)');
  });
});

import { describe, expect, it } from 'vitest';
import {
  EMPTY_PORTAL_FORM,
  parsePortalRole,
  portalInviteFrom,
  portalPath,
  portalRegistrationFields,
  validatePortalForm,
} from './portalForm.ts';
import { resetCodeFrom } from './PortalResetPage.tsx';

const context = { query: '?utm=x', invite: '', isLoggedIn: false, botToken: 'bot', csrfToken: 'csrf' };

describe('the portal sign-up form', () => {
  it('requires an e-mail (valid, 50 at most), a role and the terms box; info stays optional', () => {
    expect(validatePortalForm(EMPTY_PORTAL_FORM, false)).toEqual({
      email: 'portal.errors.emailRequired',
      role: 'portal.errors.roleRequired',
      terms: 'portal.errors.termsRequired',
    });
    expect(validatePortalForm({ ...EMPTY_PORTAL_FORM, email: 'not-an-email', role: 2, terms: true }, false)).toEqual({
      email: 'portal.errors.emailInvalid',
    });
    const long = `${'a'.repeat(45)}@example.com`;
    expect(validatePortalForm({ ...EMPTY_PORTAL_FORM, email: long, role: 2, terms: true }, false)).toHaveProperty(
      'email',
    );
    expect(validatePortalForm({ ...EMPTY_PORTAL_FORM, email: ' a@b.co ', role: 6, terms: true }, false)).toEqual({});
    // logged in: no e-mail asked
    expect(validatePortalForm({ ...EMPTY_PORTAL_FORM, role: 1, terms: true }, true)).toEqual({});
  });

  it('knows the role codes 1-6 only', () => {
    expect(['1', '2', '3', '4', '5', '6'].map(parsePortalRole)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(['0', '7', '', 'x'].map(parsePortalRole)).toEqual([null, null, null, null]);
  });

  it('sends school_name for roles 1-3 only, the boxes as on/empty, the tokens and the kept query', () => {
    const values = {
      email: ' a@b.co ',
      role: 3 as const,
      schoolName: ' MIT ',
      howCanHelp: ' help ',
      terms: true,
      info: false,
    };
    expect(portalRegistrationFields(values, { ...context, invite: 'abc' })).toEqual({
      email: 'a@b.co',
      role: '3',
      school_name: 'MIT',
      how_can_help: 'help',
      terms: 'on',
      info: '',
      'integrito-security-token': 'bot',
      'integrito-invite': 'abc',
      query: '?utm=x',
      _csrf_token: 'csrf',
    });
    const writer = portalRegistrationFields({ ...values, role: 4, info: true }, { ...context, isLoggedIn: true });
    expect(writer['school_name']).toBeUndefined();
    expect(writer['email']).toBeUndefined();
    expect(writer['info']).toBe('on');
    expect(writer['integrito-invite']).toBeUndefined();
  });

  it('keeps the query on portal paths and reads the portal invite and the reset code', () => {
    expect(portalPath('/integrito/login/', '?utm=x')).toBe('/integrito/login/?utm=x');
    expect(portalPath('/integrito/login/', '')).toBe('/integrito/login/');
    expect(portalPath('/integrito/login/', '?')).toBe('/integrito/login/');
    expect(portalInviteFrom('?integrito-invite=course-1&utm=x')).toBe('course-1');
    expect(portalInviteFrom('?utm=x')).toBe('');
    expect(resetCodeFrom('?code=abc_123')).toBe('abc_123');
    expect(resetCodeFrom('')).toBe('');
  });
});

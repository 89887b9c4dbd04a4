import { describe, expect, it } from 'vitest';
import { googleStartHref, readSocialReturn, withoutSocialParams } from './socialLogin.ts';

describe('the return from a social sign-in', () => {
  it('reads a login and an error, and nothing else', () => {
    expect(readSocialReturn('?social_login=google')).toEqual({ kind: 'login', provider: 'google' });
    expect(readSocialReturn('?login_error=denied')).toEqual({ kind: 'error', reason: 'denied' });
    expect(readSocialReturn('?login_error=%3Cscript%3E')).toEqual({ kind: 'error', reason: 'failed' });
    // An existing account whose address is not confirmed is never linked: the user is told why and what to do.
    expect(readSocialReturn('?login_error=account_unverified')).toEqual({
      kind: 'error',
      reason: 'account_unverified',
    });
    expect(readSocialReturn('?course=1')).toBeNull();
    expect(readSocialReturn('')).toBeNull();
  });

  it('cleans the address bar, keeping other parameters', () => {
    expect(withoutSocialParams('?social_login=google')).toBe('');
    expect(withoutSocialParams('?course=1&login_error=state')).toBe('?course=1');
  });

  it('starts on the server, asking to come back to this page in this language', () => {
    expect(googleStartHref('/es/ai-detector/', 'es')).toBe(
      '/auth/google/start?return_to=%2Fes%2Fai-detector%2F&lang=es',
    );
    expect(googleStartHref('/', 'fr')).toBe('/auth/google/start?return_to=%2F&lang=en');
  });
});

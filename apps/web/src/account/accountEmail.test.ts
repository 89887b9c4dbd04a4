import type { LoginJsonResponse } from '@veritext/contracts';
import { describe, expect, it } from 'vitest';
import {
  readEmailVerifiedNotice,
  readResetCode,
  resetFormProblem,
  shouldPromptVerification,
  withoutEmailVerified,
} from './accountEmail.ts';

describe('account e-mail rules', () => {
  it('reads the reset code from the link', () => {
    expect(readResetCode('?code=abc-123_X')).toBe('abc-123_X');
    expect(readResetCode('?code=%20')).toBeNull();
    expect(readResetCode('')).toBeNull();
    expect(readResetCode('?other=1')).toBeNull();
  });

  it('checks the new password like the server: required, rules, confirmation', () => {
    expect(resetFormProblem('', '')).toBe('required');
    expect(resetFormProblem('Str0ng!Pass', '')).toBe('required');
    expect(resetFormProblem('password', 'password')).toBe('weak');
    expect(resetFormProblem('Str0ng!Pass', 'Str0ng!Pas')).toBe('mismatch');
    expect(resetFormProblem('Str0ng!Pass', 'Str0ng!Pass')).toBeNull();
  });

  it('reads and removes the verification result of the home page', () => {
    expect(readEmailVerifiedNotice('?email_verified=1')).toBe('verified');
    expect(readEmailVerifiedNotice('?x=2&email_verified=0')).toBe('expired');
    expect(readEmailVerifiedNotice('?email_verified=yes')).toBeNull();
    expect(readEmailVerifiedNotice('')).toBeNull();
    expect(withoutEmailVerified('?email_verified=1')).toBe('');
    expect(withoutEmailVerified('?x=2&email_verified=0')).toBe('?x=2');
  });

  it('prompts a logged-in user whose address is not confirmed, nobody else', () => {
    const answer = (hasToVerify: boolean, isGuest = false): LoginJsonResponse => ({
      success: true,
      data: {
        user: { id: 7, email: 'ana@example.edu', name: 'Ana', is_guest: isGuest },
        balance: { balance: 0, bonus: 1, ai_balance: 0 },
        block_text_submit: false,
        has_to_verify_email: hasToVerify,
        packages_bought: 0,
      },
    });
    expect(shouldPromptVerification(answer(true))).toBe(true);
    expect(shouldPromptVerification(answer(false))).toBe(false);
    expect(shouldPromptVerification(answer(true, true))).toBe(false);
    expect(shouldPromptVerification({ success: false, data: null })).toBe(false);
  });
});

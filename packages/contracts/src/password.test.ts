import { describe, expect, it } from 'vitest';
import { checkPasswordRule, isPasswordAcceptable, PASSWORD_STRENGTH_LEVELS, scorePassword } from './password.ts';

describe('password rule and strength', () => {
  it('needs 8+ characters with upper, lower, digit and special symbol', () => {
    expect(isPasswordAcceptable('Str0ng!Pass')).toBe(true);
    expect(isPasswordAcceptable('Sh0rt!')).toBe(false);
    expect(isPasswordAcceptable('nouppercase1!')).toBe(false);
    expect(isPasswordAcceptable('NOLOWERCASE1!')).toBe(false);
    expect(isPasswordAcceptable('NoDigits!!')).toBe(false);
    expect(isPasswordAcceptable('NoSpecial123')).toBe(false);
    expect(isPasswordAcceptable('Ñandú!2024x')).toBe(true);
    expect(isPasswordAcceptable('A1!a' + 'x'.repeat(69))).toBe(false); // over 72
    expect(checkPasswordRule('abc')).toEqual({
      length: false,
      upper: false,
      lower: true,
      digit: false,
      special: false,
    });
  });

  it('has five levels, from very weak to strong, in order', () => {
    expect(PASSWORD_STRENGTH_LEVELS).toEqual(['Very weak', 'Weak', 'Fair', 'Good', 'Strong']);
    const samples = ['', 'abc', 'abcdefgh1', 'Abcdefg1!', 'Tr0ub4dor&3xyz', 'correct-Horse-battery-9-staple'];
    const scores = samples.map(scorePassword);
    expect(scores[0]).toBe(0);
    expect(scores[5]).toBe(4);
    for (let i = 1; i < scores.length; i += 1) expect(scores[i]).toBeGreaterThanOrEqual(scores[i - 1] ?? 0);
  });

  it('never rates a password that breaks the rule above Fair, nor a well-known one above Very weak', () => {
    expect(scorePassword('averyveryverylongpasswordwithoutclasses')).toBeLessThanOrEqual(2);
    expect(scorePassword('Password1!')).toBe(0);
  });
});

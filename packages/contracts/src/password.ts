import { FIELD_MAX, PASSWORD_MIN_LENGTH } from './constants.ts';

/** Five strength levels of the spec (check-tool.md §5), weakest first. */
export const PASSWORD_STRENGTH_LEVELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

export type PasswordRuleCheck = {
  length: boolean;
  upper: boolean;
  lower: boolean;
  digit: boolean;
  special: boolean;
};

export function checkPasswordRule(password: string): PasswordRuleCheck {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= FIELD_MAX.password,
    upper: /\p{Lu}/u.test(password),
    lower: /\p{Ll}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    special: /[^\p{L}\p{Nd}]/u.test(password),
  };
}

/** The rule: at least 8 characters with upper case, lower case, digit and special symbol. */
export function isPasswordAcceptable(password: string): boolean {
  const check = checkPasswordRule(password);
  return check.length && check.upper && check.lower && check.digit && check.special;
}

const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  '12345678',
  '123456789',
  'qwertyuiop',
  'iloveyou',
  'admin123',
  'welcome1',
  'letmein1',
  'contraseña',
]);

/**
 * A strength score from 0 (very weak) to 4 (strong): character classes met, length beyond the
 * minimum, and penalties for repeats, sequences and well-known passwords.
 */
export function scorePassword(password: string): PasswordStrength {
  if (password.length === 0) return 0;
  const check = checkPasswordRule(password);
  const classes = [check.upper, check.lower, check.digit, check.special].filter(Boolean).length;
  let points = classes; // 0..4
  if (password.length >= 8) points += 1;
  if (password.length >= 12) points += 1;
  if (password.length >= 16) points += 1;
  if (/(.)\1{2,}/u.test(password)) points -= 1;
  if (/(?:0123|1234|2345|3456|4567|5678|6789|abcd|bcde|cdef|qwer|asdf)/iu.test(password)) points -= 1;
  const bare = password.toLowerCase().replace(/[^\p{L}\p{Nd}]/gu, '');
  if (COMMON_PASSWORDS.has(bare) || COMMON_PASSWORDS.has(bare.replace(/\d+$/u, ''))) return 0;
  if (password.length < PASSWORD_MIN_LENGTH) points = Math.min(points, 1);
  if (!isPasswordAcceptable(password)) points = Math.min(points, 2);
  // points range roughly -2..7; map onto five levels.
  if (points <= 1) return 0;
  if (points <= 3) return 1;
  if (points <= 4) return 2;
  if (points <= 5) return 3;
  return 4;
}

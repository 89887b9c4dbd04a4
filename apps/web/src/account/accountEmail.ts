import { EMAIL_VERIFIED_QUERY, isPasswordAcceptable, type LoginJsonResponse } from '@veritext/contracts';

/** The pure rules of the verification and reset screens (React-free, unit tested). */

/** The reset code of `/reset-password/?code=…`, or null when the link carries none. */
export function readResetCode(search: string): string | null {
  const code = new URLSearchParams(search).get('code');
  return code === null || code.trim() === '' ? null : code.trim();
}

export type ResetFormProblem = 'required' | 'weak' | 'mismatch';

/** What is wrong with the new password before it is sent (the server checks the same). */
export function resetFormProblem(password: string, confirmPassword: string): ResetFormProblem | null {
  if (password === '' || confirmPassword === '') return 'required';
  if (!isPasswordAcceptable(password)) return 'weak';
  if (password !== confirmPassword) return 'mismatch';
  return null;
}

export type EmailVerifiedNotice = 'verified' | 'expired';

/** The result the verification link leaves on the home page: `?email_verified=1` or `=0`. */
export function readEmailVerifiedNotice(search: string): EmailVerifiedNotice | null {
  const value = new URLSearchParams(search).get(EMAIL_VERIFIED_QUERY);
  if (value === '1') return 'verified';
  if (value === '0') return 'expired';
  return null;
}

/** The query without the verification flag (so a reload does not show the notice again). */
export function withoutEmailVerified(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(EMAIL_VERIFIED_QUERY);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

/** Whether the logged-in state asks the user to confirm the address (the verify_email modal after login). */
export function shouldPromptVerification(answer: LoginJsonResponse): boolean {
  return answer.success && answer.data !== null && !answer.data.user.is_guest && answer.data.has_to_verify_email;
}

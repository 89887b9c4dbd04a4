import { z } from 'zod';
import { FIELD_MAX } from './constants.ts';

/** The payloads of e-mail verification and password reset (commerce-and-cabinet.md §3 "Forms"). */

const email = z.string().trim().min(1).max(FIELD_MAX.email).pipe(z.email());
const code = z.string().trim().max(200);
const csrf = z.string().max(200).optional();

/** Which site the reset link opens: the main site, or the activity-report portal (/integrito/…). */
export const RESET_PORTALS = ['integrito'] as const;

/** POST /forgot_password. */
export const ForgotPasswordFormSchema = z.object({
  email,
  portal: z.enum(RESET_PORTALS).optional(),
  _csrf_token: csrf,
});

/** POST /validate_reset_password_code. */
export const ResetCodeFormSchema = z.object({ code, _csrf_token: csrf });

/** POST /reset_password. */
export const ResetPasswordFormSchema = z.object({
  code,
  password: z.string().min(1).max(FIELD_MAX.password),
  confirm_password: z.string().min(1).max(FIELD_MAX.password),
  _csrf_token: csrf,
});

/** POST /resend_verification_email. */
export const ResendVerificationFormSchema = z.object({ _csrf_token: csrf });

/** Every answer of these calls: `{success, message}`; failures carry the error body as well. */
export const AccountEmailResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type AccountEmailResponse = z.infer<typeof AccountEmailResponseSchema>;

export const PASSWORD_RESET_DONE_MESSAGE = 'Done! Your password has been successfully updated.';
export const FORGOT_PASSWORD_SENT_MESSAGE =
  'If an account uses this e-mail address, we have sent it a link to reset the password. Please check your inbox.';
export const RESET_CODE_VALID_MESSAGE = 'The link is valid. Please choose a new password.';
export const VERIFICATION_SENT_MESSAGE = 'We have sent you a new confirmation e-mail. Please check your inbox.';

/** Query flag the verification link leaves on the home page: 1 verified, 0 used or expired. */
export const EMAIL_VERIFIED_QUERY = 'email_verified';

/** Lifetimes and limits of the codes sent by e-mail. */
export const VERIFY_EMAIL_CODE_TTL_SECONDS = 48 * 60 * 60;
export const RESET_PASSWORD_CODE_TTL_SECONDS = 60 * 60;
export const VERIFICATION_RESENDS_PER_HOUR = 3;
export const RESET_EMAILS_PER_HOUR = 3;

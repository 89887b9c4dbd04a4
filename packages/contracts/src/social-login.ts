import { z } from 'zod';

/** GET /api/v1/auth/providers/: which outside sign-in providers the server offers (none when unconfigured). */
export const AuthProvidersResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ google: z.boolean() }),
});
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;

/** Where the social sign-in flow starts (a full-page navigation, not a fetch). */
export const GOOGLE_LOGIN_START_PATH = '/auth/google/start';

/** The query the server adds when it sends the browser back after a social sign-in. */
export const SOCIAL_LOGIN_PARAM = 'social_login';
export const LOGIN_ERROR_PARAM = 'login_error';

/**
 * Why a social sign-in failed, as the server puts it in ?login_error=: denied (the user refused consent),
 * state (the round trip was tampered with, replayed or took too long), email_unverified (the provider has
 * not verified the address), unavailable (the provider cannot be reached or is not configured), failed
 * (anything else, e.g. an ID token that does not verify), account_unverified (an account with that address
 * exists but has not confirmed it: it is never linked silently; log in with the password and confirm the
 * address first).
 */
export const SOCIAL_LOGIN_ERRORS = [
  'denied',
  'state',
  'email_unverified',
  'unavailable',
  'failed',
  'account_unverified',
] as const;
export type SocialLoginError = (typeof SOCIAL_LOGIN_ERRORS)[number];

export function parseSocialLoginError(value: string | null): SocialLoginError | null {
  if (value === null) return null;
  return (SOCIAL_LOGIN_ERRORS as readonly string[]).includes(value) ? (value as SocialLoginError) : 'failed';
}

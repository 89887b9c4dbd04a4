import {
  GOOGLE_LOGIN_START_PATH,
  LOGIN_ERROR_PARAM,
  SOCIAL_LOGIN_PARAM,
  parseSocialLoginError,
  type SocialLoginError,
} from '@veritext/contracts';

/** What the server said when it sent the browser back from a social sign-in (?social_login= / ?login_error=). */
export type SocialReturn = { kind: 'login'; provider: string } | { kind: 'error'; reason: SocialLoginError };

export function readSocialReturn(search: string): SocialReturn | null {
  const params = new URLSearchParams(search);
  const provider = params.get(SOCIAL_LOGIN_PARAM);
  if (provider !== null) return { kind: 'login', provider };
  const reason = parseSocialLoginError(params.get(LOGIN_ERROR_PARAM));
  return reason === null ? null : { kind: 'error', reason };
}

/** The query without the social sign-in parameters (the address bar is cleaned after reading them). */
export function withoutSocialParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SOCIAL_LOGIN_PARAM);
  params.delete(LOGIN_ERROR_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

/** Where 'Continue with Google' goes: the server's start, told to come back to this page in this language. */
export function googleStartHref(pathname: string, language: string): string {
  const params = new URLSearchParams({ return_to: pathname, lang: language === 'es' ? 'es' : 'en' });
  return `${GOOGLE_LOGIN_START_PATH}?${params.toString()}`;
}

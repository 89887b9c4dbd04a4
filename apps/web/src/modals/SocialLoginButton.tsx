import { useQuery } from '@tanstack/react-query';
import type { SocialLoginError } from '@veritext/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { googleStartHref } from '../session/socialLogin.ts';

export const AUTH_PROVIDERS_QUERY_KEY = ['auth-providers'] as const;

/** 'Continue with Google', shown only when the server offers it (GET /api/v1/auth/providers/). */
export function SocialLoginButton() {
  const { t, i18n } = useTranslation();
  const { endpoints } = useServices();
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: AUTH_PROVIDERS_QUERY_KEY,
    queryFn: () => endpoints.authProviders(),
    staleTime: Infinity,
  });
  if (query.data?.data.google !== true) return null;
  return (
    <div className="social-login">
      <a className="button button--secondary button--block" href={googleStartHref(pathname, i18n.language)}>
        {t('socialLogin.google')}
      </a>
      <p className="social-login__or" aria-hidden="true">
        {t('socialLogin.or')}
      </p>
    </div>
  );
}

/** The catalogue key of each failure (whole keys, so the catalogue test can find them). */
const SOCIAL_ERROR_KEYS: Record<SocialLoginError, string> = {
  denied: 'socialLogin.errors.denied',
  state: 'socialLogin.errors.state',
  email_unverified: 'socialLogin.errors.email_unverified',
  unavailable: 'socialLogin.errors.unavailable',
  failed: 'socialLogin.errors.failed',
  account_unverified: 'socialLogin.errors.account_unverified',
};

/** Why the last Google sign-in failed, in the user's language. */
export function useSocialErrorText(): (reason: SocialLoginError | undefined) => string | null {
  const { t } = useTranslation();
  return (reason) => (reason === undefined ? null : t(SOCIAL_ERROR_KEYS[reason]));
}

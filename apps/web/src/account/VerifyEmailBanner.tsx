import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { shouldPromptVerification } from './accountEmail.ts';

/** Pages where an unconfirmed address is reminded of: the cabinet (a sign-up lands there). */
export function isCabinetPath(pathname: string): boolean {
  return pathname.startsWith('/profile/') || pathname === '/profile';
}

/**
 * A reminder above the cabinet pages while the address is not confirmed (has_to_verify_email), with
 * Resend Email: it does not block the page as the verify_email modal (shown after a login) does.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const session = useSession();
  const { pathname } = useLocation();
  const describeError = useErrorText();
  const isUser = session.status === 'user' && session.profile !== null && !session.profile.is_guest;
  const show = isUser && isCabinetPath(pathname);
  const state = useQuery({
    queryKey: ['login-json', 'verify-email'],
    queryFn: () => endpoints.loginJson(),
    enabled: show,
    staleTime: 60_000,
  });
  const resend = useMutation({ mutationFn: () => endpoints.resendVerificationEmail() });
  if (!show || state.data === undefined || !shouldPromptVerification(state.data)) return null;
  const email = session.profile?.email ?? '';
  return (
    <div className="container">
      <div className="alert alert--info verify-banner" role="region" aria-label={t('accountEmail.verify.title')}>
        <p>
          <strong>{t('accountEmail.verify.title')}</strong> {t('accountEmail.verify.description', { email })}
        </p>
        <div aria-live="polite">
          {resend.isSuccess ? <p>{t('accountEmail.verify.sent', { email })}</p> : null}
          {resend.isError ? <p>{describeError(resend.error)}</p> : null}
        </div>
        {resend.isSuccess ? null : (
          <button
            type="button"
            className="button button--small"
            disabled={resend.isPending}
            onClick={() => {
              resend.mutate();
            }}
          >
            {t('accountEmail.verify.resend')}
          </button>
        )}
      </div>
    </div>
  );
}

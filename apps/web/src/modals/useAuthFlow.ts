import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { errorText } from '../i18n/errorText.ts';
import { pathAfterLogin } from '../session/destinations.ts';

/**
 * What every successful login or sign-up does: load the profile, close modals, go on (or stay). When the
 * server does not confirm the login (the session was not kept), it throws an error for the form to show,
 * and the form stays open.
 */
export function useAfterAuth(kind: 'login' | 'signup' = 'login'): () => Promise<void> {
  const { session, modals, queryClient } = useServices();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(async () => {
    if (!(await session.completeLogin())) {
      const key = kind === 'signup' ? 'sessionKept.signupNotKept' : 'sessionKept.loginNotKept';
      throw new ApiError(t(key), { status: 401, code: 'session_not_kept', key });
    }
    queryClient.clear();
    modals.closeAll();
    const target = pathAfterLogin(pathname, search);
    if (target !== null) await navigate(target);
  }, [session, modals, queryClient, navigate, pathname, search, kind, t]);
}

/** Translates a failed call for display. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback((error: unknown) => errorText(t, (key) => i18n.exists(key), i18n.language, error), [t, i18n]);
}

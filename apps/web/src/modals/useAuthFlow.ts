import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { errorText } from '../i18n/errorText.ts';
import { pathAfterLogin } from '../session/destinations.ts';

/** What every successful login or sign-up does: load the profile, close modals, go on (or stay). */
export function useAfterAuth(): () => Promise<void> {
  const { session, modals, queryClient } = useServices();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(async () => {
    await session.completeLogin();
    queryClient.clear();
    modals.closeAll();
    const target = pathAfterLogin(pathname, search);
    if (target !== null) await navigate(target);
  }, [session, modals, queryClient, navigate, pathname, search]);
}

/** Translates a failed call for display. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback((error: unknown) => errorText(t, (key) => i18n.exists(key), i18n.language, error), [t, i18n]);
}

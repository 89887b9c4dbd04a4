import { useCallback } from 'react';
import { useServices } from '../app/ServicesContext.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { homePath } from '../language/language.ts';
import { LOGOUT_RELOAD_MS } from './store.ts';

/** Schedules the reload that follows every logout, on the chosen language's home page. */
export function reloadHomeSoon(home: string): void {
  window.setTimeout(() => {
    window.location.assign(home);
  }, LOGOUT_RELOAD_MS);
}

/** Logs out (server, local state, other tabs through the storage event), then reloads on the home page. */
export function useLogout(): () => Promise<void> {
  const { session, queryClient } = useServices();
  const lang = useLanguage();
  return useCallback(async () => {
    try {
      await session.logout();
    } catch (error) {
      // The local login is cleared either way; the reload shows what the server thinks.
      console.error('Logout was not confirmed by the server', error);
    } finally {
      queryClient.clear();
      reloadHomeSoon(homePath(lang));
    }
  }, [session, queryClient, lang]);
}

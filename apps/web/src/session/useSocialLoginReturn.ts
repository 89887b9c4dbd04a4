import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { pathAfterLogin } from './destinations.ts';
import { readSocialReturn, withoutSocialParams } from './socialLogin.ts';

/**
 * After the server sent the browser back from Google: on success, the session keys are written (socialLogin
 * included) and the page behaves as after any login; on failure, the login modal opens with the reason.
 */
export function useSocialLoginReturn(): void {
  const { session, modals, queryClient } = useServices();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    const result = readSocialReturn(search);
    if (result === null) return;
    handled.current = true;
    const cleaned = pathname + withoutSocialParams(search);
    if (result.kind === 'error') {
      void navigate(cleaned, { replace: true });
      modals.openModal('login', { socialError: result.reason });
      return;
    }
    void session
      .completeLogin({ social: true })
      .then((loggedIn) => {
        queryClient.clear();
        modals.closeAll();
        if (!loggedIn) {
          // The server did not confirm the sign-in: say so rather than leave an empty login window.
          modals.openModal('login', { socialError: 'failed' });
          return navigate(cleaned, { replace: true });
        }
        const target = pathAfterLogin(pathname, withoutSocialParams(search));
        return navigate(target ?? cleaned, { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Loading the profile after Google sign-in failed', error);
      });
  }, [session, modals, queryClient, navigate, pathname, search]);
}

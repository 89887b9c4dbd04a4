import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { inviteTokenFrom } from './invitesApi.ts';

/** Opens the sign-up modal's by-link variant once when the address carries ?invite=… (not in the portal). */
export function InviteLinkOpener() {
  const { modals } = useServices();
  const session = useSession();
  const { pathname, search } = useLocation();
  const opened = useRef<string | null>(null);
  const token = pathname.startsWith('/integrito/') ? null : inviteTokenFrom(search);
  const isSettled = session.status !== 'checking';

  useEffect(() => {
    if (token === null || !isSettled || opened.current === token) return;
    opened.current = token;
    modals.openModal('signup', { invite: token });
  }, [token, isSettled, modals]);
  return null;
}

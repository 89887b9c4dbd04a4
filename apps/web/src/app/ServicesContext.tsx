import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Services } from './services.ts';
import type { SessionState } from '../session/store.ts';

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices must be used inside ServicesContext');
  return services;
}

export function useSession(): SessionState {
  const { session } = useServices();
  return useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.getState(),
    () => session.getState(),
  );
}

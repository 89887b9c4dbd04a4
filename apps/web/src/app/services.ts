import { QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { createCsrfCache } from '../api/csrf.ts';
import { createEndpoints, type Endpoints } from '../api/endpoints.ts';
import { createModalController, type ModalController } from '../modals/registry.ts';
import { deleteBrowserCookie } from '../session/guestCookie.ts';
import type { Timers } from '../session/loginCheck.ts';
import { browserStore, type KeyValueStore } from '../session/storage.ts';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import { NEW_CHECK_PATH } from '../session/destinations.ts';

export type Services = {
  storage: KeyValueStore;
  client: ApiClient;
  endpoints: Endpoints;
  session: SessionStore;
  modals: ModalController;
  queryClient: QueryClient;
};

const browserTimers: Timers = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    if (typeof handle === 'number') window.clearTimeout(handle);
  },
};

/** Wires the plain modules together for the browser. `navigate` is the router's. */
export function createServices(navigate: (path: string) => void): Services {
  const storage = browserStore();
  let session: SessionStore | null = null;
  const client = createApiClient({ getToken: () => session?.getApiToken() ?? null });
  const csrf = createCsrfCache(client);
  const endpoints = createEndpoints(client, csrf);
  session = createSessionStore({
    storage,
    endpoints,
    timers: browserTimers,
    getCookies: () => document.cookie,
    deleteCookie: deleteBrowserCookie,
  });
  const activeSession = session;
  const modals = createModalController({
    isLoggedIn: () => activeSession.getState().status === 'user',
    goToNewCheck: () => {
      navigate(NEW_CHECK_PATH);
    },
    timers: browserTimers,
    logError: (message) => {
      console.error(message);
    },
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  return { storage, client, endpoints, session: activeSession, modals, queryClient };
}

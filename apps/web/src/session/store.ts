import { GUEST_COOKIE_NAME, TIMINGS, type CredentialsUser } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import type { Endpoints } from '../api/endpoints.ts';
import { readGuestCookie } from './guestCookie.ts';
import { loginCheckDelays, scheduleLoginChecks, type Timers } from './loginCheck.ts';
import {
  clearLogin,
  interpretStorageChange,
  readLocalSession,
  reconcileLocalSession,
  saveLogin,
  saveProfile,
  type KeyValueStore,
  type StorageChange,
} from './storage.ts';

/** checking: the first server answer is pending and nothing is cached; guest / user: known. */
export type SessionStatus = 'checking' | 'guest' | 'user';

export type SessionState = {
  status: SessionStatus;
  profile: CredentialsUser | null;
  /** The last server failure of the session calls (a message for the UI), or null. */
  error: string | null;
};

export type SessionDeps = {
  storage: KeyValueStore;
  endpoints: Pick<Endpoints, 'loginJson' | 'credentials' | 'logout'>;
  timers: Timers;
  getCookies: () => string;
  deleteCookie: (name: string) => void;
};

type Listener = () => void;

/** The session of check-tool.md §4, kept in local storage and reconciled with the server. React-free. */
export function createSessionStore(deps: SessionDeps) {
  const { storage, endpoints } = deps;
  const listeners = new Set<Listener>();

  const cached = reconcileLocalSession(storage, null);
  let state: SessionState = {
    status: cached.isLogin && cached.profile !== null ? 'user' : 'checking',
    profile: cached.isLogin ? cached.profile : null,
    error: null,
  };

  function setState(next: Partial<SessionState>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function toGuest(error: string | null = null): void {
    clearLogin(storage);
    setState({ status: 'guest', profile: null, error });
  }

  /**
   * The X-API-TOKEN to send: the user's token, else the guest's from a valid guest_data cookie. A logged-in
   * browser (its profile still loading after a login) sends none: its session cookie speaks for it, and a
   * guest's token must never stand in for the user.
   */
  function getApiToken(): string | null {
    const local = readLocalSession(storage);
    const profileToken = state.profile?.api_token ?? local.profile?.api_token;
    if (profileToken !== undefined && profileToken !== '') return profileToken;
    if (state.status === 'user' || local.isLogin) return null;
    return readGuestCookie(deps.getCookies(), deps.deleteCookie)?.api ?? null;
  }

  /** The server replaced the API token (a password change): the same profile with the new token, in every tab. */
  function replaceApiToken(token: string): void {
    if (state.profile === null) return;
    const profile = { ...state.profile, api_token: token };
    saveProfile(storage, profile);
    setState({ profile });
  }

  /** Fetches the credentials and stores them as the profile. */
  async function refreshProfile(): Promise<CredentialsUser> {
    try {
      const credentials = await endpoints.credentials();
      if (credentials.user.is_guest) {
        toGuest();
        return credentials.user;
      }
      saveLogin(storage);
      saveProfile(storage, credentials.user);
      setState({ status: 'user', profile: credentials.user, error: null });
      return credentials.user;
    } catch (error) {
      if (isApiError(error) && error.status === 401) toGuest();
      throw error;
    }
  }

  /** Asks the server (GET /login_json) and makes the local session agree. Resolves to the logged-in flag. */
  async function checkLogin(isRetry = false): Promise<boolean> {
    let loggedIn: boolean;
    try {
      const answer = await endpoints.loginJson();
      loggedIn = answer.success && answer.data !== null && !answer.data.user.is_guest;
    } catch (error) {
      // A token the server no longer knows (an account deleted, a database reset) would fail every call,
      // login included: forget it and the guest cookie that may carry it, then ask again without it.
      if (!isRetry && isApiError(error) && error.code === 'invalid_api_token') {
        deps.deleteCookie(GUEST_COOKIE_NAME);
        toGuest();
        return checkLogin(true);
      }
      const message = error instanceof Error ? error.message : String(error);
      // Unknown answer: keep a cached login (degrade gracefully), otherwise act as a guest for now.
      if (state.status === 'checking') setState({ status: 'guest', error: message });
      else setState({ error: message });
      return state.status === 'user';
    }
    if (!loggedIn) {
      toGuest();
      return false;
    }
    if (!readLocalSession(storage).isLogin) saveLogin(storage);
    try {
      await refreshProfile();
    } catch (error) {
      const local = reconcileLocalSession(storage, true);
      const message = error instanceof Error ? error.message : String(error);
      setState(local.profile === null ? { status: 'guest', profile: null, error: message } : { error: message });
      return local.profile !== null;
    }
    return true;
  }

  /**
   * After a successful login or sign-up (or a social sign-in): the session cookie is set; the browser is no
   * longer a guest (the guest cookie goes, as the server also says); load the profile. Resolves to whether
   * the server confirms the login: false (the session was not kept, or the server could not be asked) is
   * for the caller to show as an error, never a silent return to the guest state.
   */
  async function completeLogin(options: { social?: boolean } = {}): Promise<boolean> {
    deps.deleteCookie(GUEST_COOKIE_NAME);
    saveLogin(storage, options);
    try {
      await refreshProfile();
    } catch {
      await checkLogin();
    }
    return state.status === 'user';
  }

  /** Logs out on the server (best effort) and clears the local login, which logs out the other tabs. */
  async function logout(): Promise<void> {
    try {
      await endpoints.logout();
    } finally {
      toGuest();
    }
  }

  /** A session key changed in another tab: follow it. Returns what happened so the UI can react. */
  function applyStorageChange(key: string | null, oldValue: string | null, newValue: string | null): StorageChange {
    const change = interpretStorageChange(key, oldValue, newValue);
    if (change === 'logout') {
      setState({ status: 'guest', profile: null, error: null });
    } else if (change === 'login' || change === 'profile') {
      const local = readLocalSession(storage);
      if (local.isLogin && local.profile !== null) setState({ status: 'user', profile: local.profile, error: null });
      // The other tab writes isLogin before the profile: until it arrives this tab is "checking", not a
      // guest (a guest on a /profile page is sent home with the login modal).
      else if (change === 'login' && state.status !== 'user') setState({ status: 'checking', error: null });
    }
    return change;
  }

  /** Starts the login checks of this page load; returns a function that stops them. */
  function start(options: { isBlog: boolean }): () => void {
    const delays = loginCheckDelays({ hasToken: getApiToken() !== null, isBlog: options.isBlog });
    return scheduleLoginChecks(delays, checkLogin, deps.timers);
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getApiToken,
    replaceApiToken,
    refreshProfile,
    checkLogin,
    completeLogin,
    logout,
    applyStorageChange,
    start,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const LOGOUT_RELOAD_MS = TIMINGS.logoutReloadMs;

import type { CredentialsUser } from '@veritext/contracts';
import { parseCredentialsUser } from '../api/lightParsers.ts';

/** Local-storage keys of the session (check-tool.md §4). */
export const SESSION_KEYS = { isLogin: 'isLogin', socialLogin: 'socialLogin', profile: 'profile' } as const;

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type LocalSession = {
  isLogin: boolean;
  socialLogin: boolean;
  profile: CredentialsUser | null;
};

function parseProfile(raw: string | null): CredentialsUser | null {
  if (raw === null) return null;
  try {
    // CredentialsUserSchema's zod-free twin: zod is not part of the first load.
    return parseCredentialsUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function readLocalSession(store: KeyValueStore): LocalSession {
  return {
    isLogin: store.getItem(SESSION_KEYS.isLogin) !== null,
    socialLogin: store.getItem(SESSION_KEYS.socialLogin) !== null,
    profile: parseProfile(store.getItem(SESSION_KEYS.profile)),
  };
}

export function saveLogin(store: KeyValueStore, options: { social?: boolean } = {}): void {
  store.setItem(SESSION_KEYS.isLogin, 'true');
  if (options.social === true) store.setItem(SESSION_KEYS.socialLogin, 'true');
}

export function saveProfile(store: KeyValueStore, profile: CredentialsUser): void {
  store.setItem(SESSION_KEYS.profile, JSON.stringify(profile));
}

export function clearLogin(store: KeyValueStore): void {
  store.removeItem(SESSION_KEYS.isLogin);
  store.removeItem(SESSION_KEYS.socialLogin);
  store.removeItem(SESSION_KEYS.profile);
}

/**
 * Keeps the three keys consistent (check-tool.md §4): the server saying "not logged in" clears the
 * local login; a missing (or unreadable) profile clears the login; a missing login removes the profile.
 * `serverLoggedIn` is null when the server's answer is not known.
 */
export function reconcileLocalSession(store: KeyValueStore, serverLoggedIn: boolean | null): LocalSession {
  if (serverLoggedIn === false) {
    clearLogin(store);
    return readLocalSession(store);
  }
  const session = readLocalSession(store);
  if (session.profile === null) {
    store.removeItem(SESSION_KEYS.isLogin);
    store.removeItem(SESSION_KEYS.socialLogin);
    store.removeItem(SESSION_KEYS.profile);
  } else if (!session.isLogin) {
    store.removeItem(SESSION_KEYS.profile);
    store.removeItem(SESSION_KEYS.socialLogin);
  }
  return readLocalSession(store);
}

/** What a change of a session key in another tab means for this tab. */
export type StorageChange = 'login' | 'logout' | 'profile' | null;

export function interpretStorageChange(
  key: string | null,
  oldValue: string | null,
  newValue: string | null,
): StorageChange {
  if (key === null) return 'logout'; // localStorage.clear() in another tab
  if (key === SESSION_KEYS.isLogin) {
    if (newValue === null && oldValue !== null) return 'logout';
    if (newValue !== null && oldValue === null) return 'login';
    return null;
  }
  if (key === SESSION_KEYS.profile && newValue !== null) return 'profile';
  return null;
}

/** A Map-backed store for tests and for browsers where localStorage is blocked. */
export function createMemoryStore(
  initial: Record<string, string> = {},
): KeyValueStore & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
    dump: () => Object.fromEntries(map),
  };
}

/** localStorage when usable (it throws in some privacy modes), otherwise memory. */
export function browserStore(): KeyValueStore {
  try {
    const probe = '__veritext_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return createMemoryStore();
  }
}

import { describe, expect, it, vi } from 'vitest';
import type { CredentialsResponse, LoginJsonResponse } from '@veritext/contracts';
import { ApiError } from '../api/client.ts';
import { credentialsFor, sampleUser } from '../test/fixtures.ts';
import type { Timers } from './loginCheck.ts';
import { SESSION_KEYS, createMemoryStore, saveLogin, saveProfile } from './storage.ts';
import { createSessionStore, type SessionDeps } from './store.ts';

const loggedIn: LoginJsonResponse = {
  success: true,
  data: {
    user: { id: 7, email: sampleUser.email, name: sampleUser.name, is_guest: false },
    balance: sampleUser.balance,
    block_text_submit: false,
    has_to_verify_email: false,
    packages_bought: 0,
  },
};
const loggedOut: LoginJsonResponse = { success: false, data: null };

const noTimers: Timers = { setTimeout: () => null, clearTimeout: () => undefined };

function setup(options: {
  loginJson?: () => Promise<LoginJsonResponse>;
  credentials?: () => Promise<CredentialsResponse>;
  logout?: () => Promise<void>;
  cookies?: string;
  initial?: Record<string, string>;
}) {
  const storage = createMemoryStore(options.initial);
  const endpoints: SessionDeps['endpoints'] = {
    loginJson: vi.fn(options.loginJson ?? (() => Promise.resolve(loggedOut))),
    credentials: vi.fn(options.credentials ?? (() => Promise.resolve(credentialsFor(sampleUser)))),
    logout: vi.fn(options.logout ?? (() => Promise.resolve())),
  };
  // The browser's cookies: a deleted one is gone from the next read, as in document.cookie.
  let cookies = options.cookies ?? '';
  const deleteCookie = vi.fn((name: string) => {
    cookies = cookies
      .split(';')
      .filter((part) => part.trim().split('=')[0] !== name)
      .join(';');
  });
  const store = createSessionStore({
    storage,
    endpoints,
    timers: noTimers,
    getCookies: () => cookies,
    deleteCookie,
  });
  return { store, storage, endpoints, deleteCookie };
}

function loggedInStorage(): Record<string, string> {
  const s = createMemoryStore();
  saveLogin(s);
  saveProfile(s, sampleUser);
  return s.dump();
}

describe('session store', () => {
  it('starts as "checking" with nothing cached, and as the cached user otherwise', () => {
    expect(setup({}).store.getState().status).toBe('checking');
    const { store } = setup({ initial: loggedInStorage() });
    expect(store.getState()).toMatchObject({ status: 'user', profile: sampleUser });
  });

  it('clears a cached login when the server says not logged in', async () => {
    const { store, storage } = setup({ initial: loggedInStorage() });
    await expect(store.checkLogin()).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ status: 'guest', profile: null });
    expect(storage.dump()).toEqual({});
  });

  it('loads the profile when the server says logged in', async () => {
    const { store, storage } = setup({ loginJson: () => Promise.resolve(loggedIn) });
    await expect(store.checkLogin()).resolves.toBe(true);
    expect(store.getState()).toMatchObject({ status: 'user', profile: sampleUser });
    expect(storage.getItem(SESSION_KEYS.isLogin)).toBe('true');
    expect(JSON.parse(storage.getItem(SESSION_KEYS.profile) ?? 'null')).toEqual(sampleUser);
  });

  it('keeps a cached login when the server cannot be reached', async () => {
    const { store } = setup({
      initial: loggedInStorage(),
      loginJson: () => Promise.reject(new ApiError('Network error occurred', { status: 0 })),
    });
    await store.checkLogin();
    expect(store.getState()).toMatchObject({ status: 'user', error: 'Network error occurred' });
  });

  it('forgets a token the server no longer knows, with the guest cookie, and asks again without it', async () => {
    let calls = 0;
    const { store, storage, deleteCookie } = setup({
      initial: loggedInStorage(),
      loginJson: () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new ApiError('The API token is not valid.', { status: 401, code: 'invalid_api_token' }))
          : Promise.resolve(loggedOut);
      },
    });
    await expect(store.checkLogin()).resolves.toBe(false);
    expect(calls).toBe(2);
    expect(deleteCookie).toHaveBeenCalledWith('guest_data');
    expect(store.getState()).toMatchObject({ status: 'guest', profile: null });
    expect(storage.getItem(SESSION_KEYS.profile)).toBeNull();
    expect(store.getApiToken()).toBeNull();
  });

  it('becomes a guest with an error when the server cannot be reached and nothing is cached', async () => {
    const { store } = setup({ loginJson: () => Promise.reject(new ApiError('Network error occurred', { status: 0 })) });
    await expect(store.checkLogin()).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ status: 'guest', error: 'Network error occurred' });
  });

  it('uses the user token first, then a valid guest cookie, and deletes an invalid cookie', () => {
    const guestCookie = `guest_data=${encodeURIComponent(JSON.stringify({ api: 'guest-token' }))}`;
    expect(setup({ initial: loggedInStorage(), cookies: guestCookie }).store.getApiToken()).toBe('user-token');
    expect(setup({ cookies: guestCookie }).store.getApiToken()).toBe('guest-token');
    const bad = setup({ cookies: 'guest_data=garbage' });
    expect(bad.store.getApiToken()).toBeNull();
    expect(bad.deleteCookie).toHaveBeenCalledWith('guest_data');
  });

  it('clears the local login on logout even when the server call fails', async () => {
    const { store, storage } = setup({
      initial: loggedInStorage(),
      logout: () => Promise.reject(new ApiError('Network error occurred', { status: 0 })),
    });
    await expect(store.logout()).rejects.toThrow('Network error occurred');
    expect(store.getState().status).toBe('guest');
    expect(storage.dump()).toEqual({});
  });

  it('treats a 401 from the credentials call as logged out', async () => {
    const { store } = setup({
      initial: loggedInStorage(),
      credentials: () => Promise.reject(new ApiError('Please log in to continue.', { status: 401 })),
    });
    await expect(store.refreshProfile()).rejects.toThrow();
    expect(store.getState().status).toBe('guest');
  });

  it('follows other tabs through storage changes', () => {
    const { store, storage } = setup({});
    saveLogin(storage);
    saveProfile(storage, sampleUser);
    expect(store.applyStorageChange('isLogin', null, 'true')).toBe('login');
    expect(store.getState().status).toBe('user');
    expect(store.applyStorageChange('isLogin', 'true', null)).toBe('logout');
    expect(store.getState()).toMatchObject({ status: 'guest', profile: null });
  });

  it('a login from another tab is "checking" until its profile arrives', () => {
    const { store, storage } = setup({});
    store.applyStorageChange('isLogin', 'true', null);
    saveLogin(storage);
    expect(store.applyStorageChange('isLogin', null, 'true')).toBe('login');
    expect(store.getState().status).toBe('checking');
    saveProfile(storage, sampleUser);
    expect(store.applyStorageChange('profile', null, JSON.stringify(sampleUser))).toBe('profile');
    expect(store.getState()).toMatchObject({ status: 'user', profile: sampleUser });
  });

  it("after a login in a browser that was a guest: the guest cookie is deleted and the guest's token never sent again", async () => {
    const guestCookie = `guest_data=${encodeURIComponent(JSON.stringify({ api: 'guest-token' }))}`;
    const sentTokens: (string | null)[] = [];
    const { store, deleteCookie } = setup({
      cookies: guestCookie,
      credentials: () => {
        sentTokens.push(store.getApiToken());
        return Promise.resolve(credentialsFor(sampleUser));
      },
    });
    expect(store.getApiToken()).toBe('guest-token');
    await expect(store.completeLogin()).resolves.toBe(true);
    expect(deleteCookie).toHaveBeenCalledWith('guest_data');
    // The profile call goes with the session cookie alone; then the user's own token.
    expect(sentTokens).toEqual([null]);
    expect(store.getState()).toMatchObject({ status: 'user', profile: sampleUser });
    expect(store.getApiToken()).toBe('user-token');
  });

  it('says when the server did not keep the login (never a silent fall-back to a guest)', async () => {
    const { store } = setup({
      credentials: () => Promise.resolve(credentialsFor({ ...sampleUser, email: '', is_guest: true })),
    });
    await expect(store.completeLogin()).resolves.toBe(false);
    expect(store.getState().status).toBe('guest');
    const unreachable = setup({
      credentials: () => Promise.reject(new ApiError('Network error occurred', { status: 0 })),
      loginJson: () => Promise.reject(new ApiError('Network error occurred', { status: 0 })),
    });
    await expect(unreachable.store.completeLogin()).resolves.toBe(false);
  });

  it('marks a social sign-in in local storage (socialLogin)', async () => {
    const { store, storage } = setup({ loginJson: () => Promise.resolve(loggedIn) });
    await store.completeLogin({ social: true });
    expect(storage.getItem(SESSION_KEYS.socialLogin)).toBe('true');
    expect(store.getState().status).toBe('user');
  });

  it('notifies subscribers', async () => {
    const { store } = setup({ loginJson: () => Promise.resolve(loggedIn) });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await store.checkLogin();
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });
});

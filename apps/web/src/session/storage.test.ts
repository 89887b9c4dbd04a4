import { describe, expect, it } from 'vitest';
import {
  SESSION_KEYS,
  createMemoryStore,
  interpretStorageChange,
  readLocalSession,
  reconcileLocalSession,
  saveLogin,
  saveProfile,
} from './storage.ts';
import { sampleUser } from '../test/fixtures.ts';

describe('local session consistency', () => {
  it('keeps a complete login', () => {
    const store = createMemoryStore();
    saveLogin(store);
    saveProfile(store, sampleUser);
    expect(reconcileLocalSession(store, null)).toEqual({ isLogin: true, socialLogin: false, profile: sampleUser });
    expect(reconcileLocalSession(store, true).isLogin).toBe(true);
  });

  it('clears everything when the server says not logged in', () => {
    const store = createMemoryStore();
    saveLogin(store, { social: true });
    saveProfile(store, sampleUser);
    expect(reconcileLocalSession(store, false)).toEqual({ isLogin: false, socialLogin: false, profile: null });
    expect(store.dump()).toEqual({});
  });

  it('clears the login when the profile is missing or unreadable', () => {
    const store = createMemoryStore({ [SESSION_KEYS.isLogin]: 'true', [SESSION_KEYS.profile]: '{broken' });
    expect(reconcileLocalSession(store, null).isLogin).toBe(false);
    expect(store.dump()).toEqual({});
  });

  it('removes the profile when the login is missing', () => {
    const store = createMemoryStore({ [SESSION_KEYS.profile]: JSON.stringify(sampleUser) });
    expect(reconcileLocalSession(store, null).profile).toBeNull();
    expect(store.dump()).toEqual({});
  });

  it('leaves unrelated keys alone', () => {
    const store = createMemoryStore({ language: 'es' });
    reconcileLocalSession(store, false);
    expect(readLocalSession(store).isLogin).toBe(false);
    expect(store.dump()).toEqual({ language: 'es' });
  });
});

describe('interpretStorageChange', () => {
  it('reads logins, logouts and profile updates from other tabs', () => {
    expect(interpretStorageChange('isLogin', null, 'true')).toBe('login');
    expect(interpretStorageChange('isLogin', 'true', null)).toBe('logout');
    expect(interpretStorageChange(null, null, null)).toBe('logout');
    expect(interpretStorageChange('profile', null, '{}')).toBe('profile');
    expect(interpretStorageChange('language', 'en', 'es')).toBeNull();
    expect(interpretStorageChange('isLogin', 'true', 'true')).toBeNull();
  });
});

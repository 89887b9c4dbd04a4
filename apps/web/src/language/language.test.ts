import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../session/storage.ts';
import {
  homePath,
  languageForPath,
  localisedPath,
  pathInLanguage,
  placeInLanguage,
  readStoredLanguage,
  storeLanguage,
} from './language.ts';

describe('languageForPath', () => {
  it('is Spanish under /es and English on the English twins, whatever is stored', () => {
    expect(languageForPath('/es/', 'en')).toBe('es');
    expect(languageForPath('/es/pricing/', null)).toBe('es');
    expect(languageForPath('/pricing/', 'es')).toBe('en');
    expect(languageForPath('/', 'es')).toBe('en');
    expect(languageForPath('/blog/es/post', 'en')).toBe('es');
  });

  it('keeps the stored choice on pages without a twin, defaulting to English', () => {
    expect(languageForPath('/profile/new-check', 'es')).toBe('es');
    expect(languageForPath('/profile/new-check', null)).toBe('en');
    expect(languageForPath('/citation-generator/', 'fr')).toBe('en');
  });
});

describe('language helpers', () => {
  it('stores the choice under "language"', () => {
    const store = createMemoryStore();
    storeLanguage(store, 'es');
    expect(readStoredLanguage(store)).toBe('es');
    expect(store.dump()).toEqual({ language: 'es' });
  });

  it('builds localised paths', () => {
    expect(homePath('en')).toBe('/');
    expect(homePath('es')).toBe('/es/');
    expect(localisedPath('/pricing/', 'es')).toBe('/es/pricing/');
    expect(localisedPath('/', 'es')).toBe('/es/');
    expect(localisedPath('/pricing/', 'en')).toBe('/pricing/');
  });

  it('switches to the twin page, or stays on a page that has one path for both languages', () => {
    expect(pathInLanguage('/pricing/', 'es')).toBe('/es/pricing/');
    expect(pathInLanguage('/es/pricing/', 'en')).toBe('/pricing/');
    expect(pathInLanguage('/privacy/', 'es')).toBe('/es/privacy/');
    expect(pathInLanguage('/es/money-back-guarantee/', 'en')).toBe('/money-back-guarantee/');
    expect(pathInLanguage('/payment/pending/12/', 'es')).toBe('/es/payment/pending/12/');
    expect(pathInLanguage('/blog/es/post', 'en')).toBe('/blog/post');
    // Issue 13 A7: the cabinet keeps its place (it used to fall back to the home page).
    expect(pathInLanguage('/profile/my-documents', 'es')).toBe('/profile/my-documents');
    expect(pathInLanguage('/profile/my-documents', 'en')).toBe('/profile/my-documents');
    expect(pathInLanguage('/profile/new-check', 'es')).toBe('/profile/new-check');
    // A Spanish address without a twin (a 404) loses its prefix rather than staying a 404.
    expect(pathInLanguage('/es/profile/my-documents', 'en')).toBe('/profile/my-documents');
  });

  it('keeps the query string and the hash', () => {
    expect(placeInLanguage({ pathname: '/profile/my-documents', search: '?page=2', hash: '#top' }, 'es')).toBe(
      '/profile/my-documents?page=2#top',
    );
    expect(placeInLanguage({ pathname: '/pricing/', search: '?ai=1', hash: '#packs' }, 'es')).toBe(
      '/es/pricing/?ai=1#packs',
    );
    expect(placeInLanguage({ pathname: '/es/privacy/', search: '', hash: '#cookies' }, 'en')).toBe('/privacy/#cookies');
  });

  it('reads the English twins of the legal and payment pages as English, whatever is stored', () => {
    expect(languageForPath('/terms/', 'es')).toBe('en');
    expect(languageForPath('/payment-success/', 'es')).toBe('en');
    expect(languageForPath('/es/terms/', 'en')).toBe('es');
  });
});

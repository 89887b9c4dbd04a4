import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../session/storage.ts';
import {
  homePath,
  languageForPath,
  languagesOfPage,
  languageToStore,
  localisedPath,
  pathInLanguage,
  placeInLanguage,
  readStoredLanguage,
  speaksNorwegian,
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

describe('Norwegian, the cabinet only', () => {
  it('speaks Norwegian on the cabinet pages (/profile/, /admin/) and the /no twins, not on the public site', () => {
    expect(speaksNorwegian('/profile/')).toBe(true);
    expect(speaksNorwegian('/profile/my-documents')).toBe(true);
    expect(speaksNorwegian('/profile/billing/')).toBe(true);
    expect(speaksNorwegian('/es/profile/billing/')).toBe(true);
    expect(speaksNorwegian('/admin/collections')).toBe(true);
    expect(speaksNorwegian('/no/profile/report/7')).toBe(true);
    expect(speaksNorwegian('/')).toBe(false);
    expect(speaksNorwegian('/pricing/')).toBe(false);
    expect(speaksNorwegian('/profiles-of-teachers/')).toBe(false);
    expect(speaksNorwegian('/citation-generator/')).toBe(false);
    expect(languagesOfPage('/profile/new-check')).toEqual(['en', 'es', 'no']);
    expect(languagesOfPage('/es/pricing/')).toEqual(['en', 'es']);
  });

  it("shows the cabinet in Norwegian for a stored 'no', and a public page in English", () => {
    expect(languageForPath('/profile/my-documents', 'no')).toBe('no');
    expect(languageForPath('/admin/billing', 'no')).toBe('no');
    // The cabinet's Billing page has an /es twin: its English address is Norwegian for a Norwegian reader.
    expect(languageForPath('/profile/billing/', 'no')).toBe('no');
    expect(languageForPath('/es/profile/billing/', 'no')).toBe('es');
    expect(languageForPath('/', 'no')).toBe('en');
    expect(languageForPath('/pricing/', 'no')).toBe('en');
    expect(languageForPath('/citation-generator/', 'no')).toBe('en');
    expect(languageForPath('/no/profile/report/7', null)).toBe('no');
    expect(languageForPath('/no/profile/report/7', 'es')).toBe('no');
  });

  it("keeps a stored 'no' on the English public pages, and lets an /es or /no address change it", () => {
    expect(languageToStore('/pricing/', 'no')).toBeNull();
    expect(languageToStore('/', 'no')).toBeNull();
    expect(languageToStore('/es/pricing/', 'no')).toBe('es');
    expect(languageToStore('/pricing/', 'es')).toBe('en');
    expect(languageToStore('/no/profile/report/7', 'en')).toBe('no');
    // Pages with one path (the cabinet) never store: the choice is what decides them.
    expect(languageToStore('/profile/my-documents', 'no')).toBeNull();
  });

  it('switches to Norwegian in place on the cabinet pages, and back out of a /no address', () => {
    expect(pathInLanguage('/profile/my-documents', 'no')).toBe('/profile/my-documents');
    expect(pathInLanguage('/es/profile/billing/', 'no')).toBe('/profile/billing/');
    expect(pathInLanguage('/no/profile/report/7', 'en')).toBe('/profile/report/7');
    // The report has all three addresses (its Spanish and Norwegian twins).
    expect(pathInLanguage('/no/profile/report/7', 'es')).toBe('/es/profile/report/7');
    expect(pathInLanguage('/es/profile/report/7', 'no')).toBe('/no/profile/report/7');
    expect(pathInLanguage('/profile/report/7', 'no')).toBe('/no/profile/report/7');
    expect(placeInLanguage({ pathname: '/profile/members/', search: '?group=3', hash: '#invite' }, 'no')).toBe(
      '/profile/members/?group=3#invite',
    );
    // Norwegian has no public site: its links and home page are the English ones.
    expect(localisedPath('/pricing/', 'no')).toBe('/pricing/');
    expect(homePath('no')).toBe('/');
  });

  it("stores 'no' under the same key", () => {
    const store = createMemoryStore();
    storeLanguage(store, 'no');
    expect(store.dump()).toEqual({ language: 'no' });
  });
});

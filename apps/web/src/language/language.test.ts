import { describe, expect, it } from 'vitest';
import { pathForLanguage } from '@veritext/contracts';
import { createMemoryStore } from '../session/storage.ts';
import { homePath, languageForPath, localisedPath, readStoredLanguage, storeLanguage } from './language.ts';

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

  it('switches to the twin page or the home page (contracts)', () => {
    expect(pathForLanguage('/pricing/', 'es')).toBe('/es/pricing/');
    expect(pathForLanguage('/es/pricing/', 'en')).toBe('/pricing/');
    expect(pathForLanguage('/profile/new-check', 'es')).toBe('/es/');
  });
});

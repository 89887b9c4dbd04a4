import { describe, expect, it } from 'vitest';
import {
  htmlLangOf,
  isSiteLanguage,
  isUiLanguage,
  languageOfPath,
  pathForLanguage,
  siteLanguageOf,
  stripLanguagePrefix,
} from './languages.ts';

describe('language rules of the site', () => {
  it('reads Spanish from the /es prefix and the blog twin', () => {
    expect(languageOfPath('/es/')).toBe('es');
    expect(languageOfPath('/es')).toBe('es');
    expect(languageOfPath('/es/pricing/')).toBe('es');
    expect(languageOfPath('/blog/es/post/')).toBe('es');
    expect(languageOfPath('/')).toBe('en');
    expect(languageOfPath('/essays/')).toBe('en');
  });

  it('switches a twin page to its twin', () => {
    expect(pathForLanguage('/pricing/', 'es')).toBe('/es/pricing/');
    expect(pathForLanguage('/es/pricing/', 'en')).toBe('/pricing/');
    expect(pathForLanguage('/ai-detector', 'es')).toBe('/es/ai-detector/');
    expect(pathForLanguage('/', 'es')).toBe('/es/');
    expect(pathForLanguage('/es/', 'en')).toBe('/');
  });

  it('sends pages without a twin to the home page of the chosen language', () => {
    expect(pathForLanguage('/profile/new-check', 'es')).toBe('/es/');
    expect(pathForLanguage('/citation-generator/', 'en')).toBe('/');
    expect(pathForLanguage('/es/unknown/', 'en')).toBe('/');
  });

  it('keeps the blog in its own twin', () => {
    expect(pathForLanguage('/blog/how-to-cite/', 'es')).toBe('/blog/es/how-to-cite/');
    expect(pathForLanguage('/blog/es/how-to-cite/', 'en')).toBe('/blog/how-to-cite/');
    expect(pathForLanguage('/blog', 'es')).toBe('/blog/es/');
    expect(pathForLanguage('/blog/es', 'en')).toBe('/blog/');
    expect(stripLanguagePrefix('/es/about-us/')).toBe('/about-us/');
  });

  it('reads Norwegian from the /no prefix, an interface language but not a site language', () => {
    expect(languageOfPath('/no/profile/report/7')).toBe('no');
    expect(languageOfPath('/no')).toBe('no');
    expect(languageOfPath('/notices/')).toBe('en');
    expect(stripLanguagePrefix('/no/profile/report/7')).toBe('/profile/report/7');
    expect(stripLanguagePrefix('/no')).toBe('/');
    expect(isUiLanguage('no')).toBe(true);
    expect(isUiLanguage('nb')).toBe(false);
    expect(isSiteLanguage('no')).toBe(false);
    expect(siteLanguageOf('no')).toBe('en');
    expect(siteLanguageOf('es')).toBe('es');
    expect(htmlLangOf('no')).toBe('nb');
    expect(htmlLangOf('es')).toBe('es');
  });

  it('sends a Norwegian switch on a public page to the English page', () => {
    expect(pathForLanguage('/es/pricing/', 'no')).toBe('/pricing/');
    expect(pathForLanguage('/blog/es/how-to-cite/', 'no')).toBe('/blog/how-to-cite/');
  });
});

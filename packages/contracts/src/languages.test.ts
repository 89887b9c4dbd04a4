import { describe, expect, it } from 'vitest';
import { languageOfPath, pathForLanguage, stripLanguagePrefix } from './languages.ts';

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
});

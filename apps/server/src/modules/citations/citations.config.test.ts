import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

/** CITATION_LOOKUP and the providers' base URLs (README "Citation generator", .env.example). */
describe('the citation look-up configuration', () => {
  const base = { NODE_ENV: 'test' };

  it('is off by default', () => {
    expect(loadConfig(base).citationLookup).toBeNull();
    expect(
      loadConfig({ ...base, CITATION_LOOKUP: 'off', OPENLIBRARY_URL: 'http://127.0.0.1:9' }).citationLookup,
    ).toBeNull();
  });

  it('uses Open Library and Crossref when on, or the base URLs given (without a trailing slash)', () => {
    expect(loadConfig({ ...base, CITATION_LOOKUP: 'on' }).citationLookup).toEqual({
      openLibraryUrl: 'https://openlibrary.org',
      crossrefUrl: 'https://api.crossref.org',
      mailto: null,
    });
    expect(
      loadConfig({
        ...base,
        CITATION_LOOKUP: 'on',
        OPENLIBRARY_URL: 'http://127.0.0.1:8081/',
        CROSSREF_URL: 'http://127.0.0.1:8082',
        CROSSREF_MAILTO: 'ops@example.com',
      }).citationLookup,
    ).toEqual({
      openLibraryUrl: 'http://127.0.0.1:8081',
      crossrefUrl: 'http://127.0.0.1:8082',
      mailto: 'ops@example.com',
    });
  });

  it('says what is wrong with a bad value', () => {
    expect(() => loadConfig({ ...base, CITATION_LOOKUP: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, CITATION_LOOKUP: 'on', CROSSREF_URL: 'ftp://example.org' })).toThrow(
      /CROSSREF_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ ...base, CROSSREF_MAILTO: 'not-an-address' })).toThrow(/CROSSREF_MAILTO/);
  });
});

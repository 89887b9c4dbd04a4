import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES, stripLanguagePrefix } from '@veritext/contracts';
import { routes } from '../app/routes.tsx';
import { hasNorwegianTwin, hasSpanishTwin, languageForPath, pathInLanguage, speaksNorwegian } from './language.ts';

/** Every page path of the router (the layout's children), the catch-all 404 apart. */
function pagePatterns(tree: readonly RouteObject[]): string[] {
  return tree.flatMap((route) => [
    ...(route.path === undefined || route.path === '*' ? [] : [route.path]),
    ...pagePatterns(route.children ?? []),
  ]);
}

/** A concrete address for a pattern: parameters and splats get sample values. */
function sampleOf(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, '7').replace(/\*$/, 'sample');
}

/** The route an address reaches (its last, deepest match); the catch-all when none. */
function routeOf(pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.at(-1)?.route.path ?? '(none)';
}

/** One name per page whatever its language: '/es/terms/' and '/terms/' are one page, as are the blog's twins. */
function pageOf(pattern: string): string {
  return pattern.startsWith('/blog/') ? '/blog/*' : stripLanguagePrefix(pattern);
}

const PATTERNS = pagePatterns(routes);

describe('switching language keeps the place, for every route of the router', () => {
  it('sees the route table', () => {
    expect(PATTERNS).toEqual(expect.arrayContaining(['/profile/my-documents', '/terms/', '/es/terms/', '/es/']));
  });

  it.each(PATTERNS)('%s: every language leads to the same page, shown in that language', (pattern) => {
    const here = sampleOf(pattern);
    expect(routeOf(here)).toBe(pattern);
    for (const lang of UI_LANGUAGES) {
      const there = pathInLanguage(here, lang);
      const reached = routeOf(there);
      expect(reached, `${here} in ${lang}: ${there}`).not.toBe('*');
      expect(pageOf(reached), `${here} in ${lang}: ${there}`).toBe(pageOf(pattern));
      // After the switch the stored choice is `lang`: the page must then be in `lang` (Norwegian: the cabinet's
      // pages; a public page shows English).
      const shown = lang === 'no' && !speaksNorwegian(there) ? 'en' : lang;
      expect(languageForPath(there, lang), `${there} in ${lang}`).toBe(shown);
    }
  });

  it('lists as Norwegian twins exactly the cabinet pages that have a /no route', () => {
    const norwegian = PATTERNS.filter((pattern) => pattern.startsWith('/no/'));
    for (const pattern of norwegian) {
      expect(hasNorwegianTwin(sampleOf(stripLanguagePrefix(pattern))), pattern).toBe(true);
      expect(speaksNorwegian(stripLanguagePrefix(pattern)), pattern).toBe(true);
    }
    const english = PATTERNS.filter((pattern) => !pattern.startsWith('/no/') && !pattern.startsWith('/es/'));
    for (const pattern of english.filter((p) => hasNorwegianTwin(sampleOf(p)))) {
      expect(routeOf(`/no${sampleOf(pattern)}`), pattern).not.toBe('*');
    }
  });

  it('lists as twins exactly the pages that have an /es route', () => {
    const spanish = PATTERNS.filter((pattern) => pattern === '/es/' || pattern.startsWith('/es/'));
    for (const pattern of spanish) {
      expect(hasSpanishTwin(sampleOf(stripLanguagePrefix(pattern))), pattern).toBe(true);
    }
    const english = PATTERNS.filter(
      (pattern) => !pattern.startsWith('/es/') && pattern !== '/es/' && !pattern.startsWith('/no/'),
    );
    for (const pattern of english.filter((p) => hasSpanishTwin(sampleOf(p)))) {
      expect(routeOf(localisedSample(pattern)), pattern).not.toBe('*');
    }
  });
});

function localisedSample(pattern: string): string {
  return pattern === '/' ? '/es/' : `/es${sampleOf(pattern)}`;
}

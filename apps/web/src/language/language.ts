import { matchPath } from 'react-router';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  SITE_LANGUAGES,
  UI_LANGUAGES,
  isUiLanguage,
  languageOfPath,
  pathForLanguage,
  stripLanguagePrefix,
  type UiLanguage,
} from '@veritext/contracts';
import type { KeyValueStore } from '../session/storage.ts';
import { NORWEGIAN_TWIN_ROUTE_PATTERNS, TWIN_ROUTE_PATTERNS } from './twinRoutes.ts';

function isBlogPath(pathname: string): boolean {
  return pathname === '/blog' || pathname.startsWith('/blog/');
}

/** Whether an English path (no /es prefix) has a Spanish twin under /es. */
export function hasSpanishTwin(englishPath: string): boolean {
  return TWIN_ROUTE_PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, englishPath) !== null);
}

/** Whether an English path (no prefix) has a Norwegian twin under /no (a cabinet page registered in twinRoutes.ts). */
export function hasNorwegianTwin(englishPath: string): boolean {
  return NORWEGIAN_TWIN_ROUTE_PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, englishPath) !== null);
}

function hasPrefix(pathname: string, prefix: '/es' | '/no'): boolean {
  return pathname === prefix || pathname.startsWith(prefix + '/');
}

/**
 * Whether a page speaks Norwegian: the cabinet (every page under /profile/ and /admin/, with the reports, the AI
 * results and the modals shown there) and the /no twins. The public site (home, pricing, legal, blog, the AI
 * detector's page…) is English and Spanish only.
 */
export function speaksNorwegian(pathname: string): boolean {
  if (hasPrefix(pathname, '/no')) return true;
  const path = stripLanguagePrefix(pathname);
  return ['/profile', '/admin'].some((area) => path === area || path.startsWith(area + '/'));
}

/** The interface languages a page offers (the language switcher's options): Norwegian on the cabinet's pages. */
export function languagesOfPage(pathname: string): readonly UiLanguage[] {
  return speaksNorwegian(pathname) ? UI_LANGUAGES : SITE_LANGUAGES;
}

/** Whether the path itself says which language it is in (the /es and /no twins, their English pages, the blog). */
export function pathCarriesLanguage(pathname: string): boolean {
  if (hasPrefix(pathname, '/es') || hasPrefix(pathname, '/no')) return true;
  if (isBlogPath(pathname)) return true;
  return hasSpanishTwin(pathname);
}

/**
 * The language of a page: the path decides where it can (Spanish with the /es prefix, Norwegian with /no);
 * pages without a twin (the cabinet, the citation generator, 404s) keep the visitor's stored choice.
 * Norwegian is the cabinet's only: a stored 'no' shows a public page in English, and the English twin of a
 * cabinet page (/profile/billing/) in Norwegian.
 */
export function languageForPath(pathname: string, stored: string | null): UiLanguage {
  const norwegian = stored === 'no' && speaksNorwegian(pathname);
  if (pathCarriesLanguage(pathname)) {
    const lang = languageOfPath(pathname);
    return lang === 'en' && norwegian ? 'no' : lang;
  }
  if (stored === 'no') return norwegian ? 'no' : DEFAULT_LANGUAGE;
  return isUiLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * What a visit stores as the visitor's choice: the language of a page whose path says it (a visit to /es/
 * stores Spanish), but an English public page keeps a stored Norwegian, so the cabinet stays Norwegian.
 * null: the stored choice stays as it is.
 */
export function languageToStore(pathname: string, stored: string | null): UiLanguage | null {
  if (!pathCarriesLanguage(pathname)) return null;
  const lang = languageForPath(pathname, stored);
  return lang === 'en' && stored === 'no' ? null : lang;
}

export function readStoredLanguage(store: KeyValueStore): string | null {
  return store.getItem(LANGUAGE_STORAGE_KEY);
}

export function storeLanguage(store: KeyValueStore, lang: UiLanguage): void {
  store.setItem(LANGUAGE_STORAGE_KEY, lang);
}

/** The home page of a language; Norwegian has no public site: its home is the English one. */
export function homePath(lang: UiLanguage): string {
  return lang === 'es' ? '/es/' : '/';
}

/**
 * Where switching to `lang` leads from `pathname`: the twin page when the page has one ('/es/terms/' <->
 * '/terms/', the blog's /blog/es/), otherwise the same page, whose language comes from the stored choice
 * (the cabinet, the portal, the citation generator). A /es or /no path without a twin (a 404) drops its
 * prefix. Norwegian leads to the /no twin where the page has one, otherwise to the page without a prefix.
 */
export function pathInLanguage(pathname: string, lang: UiLanguage): string {
  if (isBlogPath(pathname)) return pathForLanguage(pathname, lang);
  const english = stripLanguagePrefix(pathname);
  if (lang === 'no') return hasNorwegianTwin(english) ? '/no' + english : english;
  if (hasSpanishTwin(english)) return localisedPath(english, lang);
  return english;
}

/** The whole place after a language switch: the path in the other language, the same query and hash. */
export function placeInLanguage(
  location: { pathname: string; search: string; hash: string },
  lang: UiLanguage,
): string {
  return pathInLanguage(location.pathname, lang) + location.search + location.hash;
}

/**
 * A site path in the given language: '/pricing/' becomes '/es/pricing/' in Spanish; Norwegian links to the
 * English public pages (and the cabinet's pages, which have one path, keep theirs).
 */
export function localisedPath(path: string, lang: UiLanguage): string {
  if (lang !== 'es') return path;
  return path === '/' ? '/es/' : '/es' + path;
}

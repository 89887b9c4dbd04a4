import { matchPath } from 'react-router';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  isSiteLanguage,
  languageOfPath,
  pathForLanguage,
  stripLanguagePrefix,
  type SiteLanguage,
} from '@veritext/contracts';
import type { KeyValueStore } from '../session/storage.ts';
import { TWIN_ROUTE_PATTERNS } from './twinRoutes.ts';

function isBlogPath(pathname: string): boolean {
  return pathname === '/blog' || pathname.startsWith('/blog/');
}

/** Whether an English path (no /es prefix) has a Spanish twin under /es. */
export function hasSpanishTwin(englishPath: string): boolean {
  return TWIN_ROUTE_PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, englishPath) !== null);
}

/** Whether the path itself says which language it is in (the /es twins, their English pages, the blog). */
export function pathCarriesLanguage(pathname: string): boolean {
  if (pathname === '/es' || pathname.startsWith('/es/')) return true;
  if (isBlogPath(pathname)) return true;
  return hasSpanishTwin(pathname);
}

/**
 * The language of a page: the path decides where it can (Spanish with the /es prefix); pages without a
 * Spanish twin (the cabinet, the citation generator, 404s) keep the visitor's stored choice.
 */
export function languageForPath(pathname: string, stored: string | null): SiteLanguage {
  if (pathCarriesLanguage(pathname)) return languageOfPath(pathname);
  return isSiteLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function readStoredLanguage(store: KeyValueStore): string | null {
  return store.getItem(LANGUAGE_STORAGE_KEY);
}

export function storeLanguage(store: KeyValueStore, lang: SiteLanguage): void {
  store.setItem(LANGUAGE_STORAGE_KEY, lang);
}

export function homePath(lang: SiteLanguage): string {
  return lang === 'es' ? '/es/' : '/';
}

/**
 * Where switching to `lang` leads from `pathname`: the twin page when the page has one ('/es/terms/' <->
 * '/terms/', the blog's /blog/es/), otherwise the same page, whose language comes from the stored choice
 * (the cabinet, the portal, the citation generator). A /es path without a twin (a 404) drops its prefix.
 */
export function pathInLanguage(pathname: string, lang: SiteLanguage): string {
  if (isBlogPath(pathname)) return pathForLanguage(pathname, lang);
  const english = stripLanguagePrefix(pathname);
  if (hasSpanishTwin(english)) return localisedPath(english, lang);
  return english;
}

/** The whole place after a language switch: the path in the other language, the same query and hash. */
export function placeInLanguage(
  location: { pathname: string; search: string; hash: string },
  lang: SiteLanguage,
): string {
  return pathInLanguage(location.pathname, lang) + location.search + location.hash;
}

/** A site path in the given language: '/pricing/' becomes '/es/pricing/' in Spanish. */
export function localisedPath(path: string, lang: SiteLanguage): string {
  if (lang === 'en') return path;
  return path === '/' ? '/es/' : '/es' + path;
}

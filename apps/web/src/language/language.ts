import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  TWIN_PAGES,
  isSiteLanguage,
  languageOfPath,
  type SiteLanguage,
} from '@veritext/contracts';
import type { KeyValueStore } from '../session/storage.ts';

function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : path + '/';
}

/** Whether the path itself says which language it is in (the /es twins, their English pages, the blog). */
export function pathCarriesLanguage(pathname: string): boolean {
  if (pathname === '/es' || pathname.startsWith('/es/')) return true;
  if (pathname === '/blog' || pathname.startsWith('/blog/')) return true;
  return (TWIN_PAGES as readonly string[]).includes(withTrailingSlash(pathname));
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

/** A site path in the given language: '/pricing/' becomes '/es/pricing/' in Spanish. */
export function localisedPath(path: string, lang: SiteLanguage): string {
  if (lang === 'en') return path;
  return path === '/' ? '/es/' : '/es' + path;
}

export const SITE_LANGUAGES = ['en', 'es'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SiteLanguage = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * The interface languages (commerce-and-cabinet.md §2, §9): the site languages and Norwegian bokmål ('no'),
 * which only the cabinet speaks (/profile/, /admin/ and the pages registered with a /no twin). Texts are
 * checked in the site languages only, and e-mails and PDFs for a 'no' user are in English.
 */
export const UI_LANGUAGES = ['en', 'es', 'no'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** The site language of an interface language: Norwegian pages link to, check and print in English. */
export function siteLanguageOf(lang: UiLanguage): SiteLanguage {
  return lang === 'no' ? 'en' : lang;
}

/** The BCP 47 tag of an interface language for <html lang>: 'nb' (bokmål) for Norwegian. */
export function htmlLangOf(lang: UiLanguage): string {
  return lang === 'no' ? 'nb' : lang;
}

function hasPrefix(pathname: string, prefix: '/es' | '/no'): boolean {
  return pathname === prefix || pathname.startsWith(prefix + '/');
}

/** Pages that exist in both languages (check-tool.md §2). Others fall back to the chosen language's home page. */
export const TWIN_PAGES = [
  '/',
  '/about-us/',
  '/ai-detector/',
  '/contact-us/',
  '/for-developers/',
  '/for-education-request/',
  '/for-students/',
  '/google-docs-add-on/',
  '/higher-ed/',
  '/pricing/',
  '/request-successful/',
] as const;

export function isSiteLanguage(value: unknown): value is SiteLanguage {
  return typeof value === 'string' && (SITE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language a path is in: Spanish when it carries the /es/ prefix (or the blog's /blog/es/ twin),
 * Norwegian with the /no/ prefix (the cabinet pages that have a /no twin).
 */
export function languageOfPath(pathname: string): UiLanguage {
  if (hasPrefix(pathname, '/es')) return 'es';
  if (hasPrefix(pathname, '/no')) return 'no';
  if (pathname.startsWith('/blog/es/') || pathname === '/blog/es') return 'es';
  return 'en';
}

/** The path without its language prefix, always starting with '/'. */
export function stripLanguagePrefix(pathname: string): string {
  if (pathname === '/es' || pathname === '/no') return '/';
  if (pathname.startsWith('/es/') || pathname.startsWith('/no/')) return pathname.slice(3);
  if (pathname === '/blog/es' || pathname.startsWith('/blog/es/')) return '/blog/' + pathname.slice('/blog/es/'.length);
  return pathname;
}

function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : path + '/';
}

/**
 * Where a language switch leads: the twin of the current page when it has one,
 * otherwise the home page of the chosen language (Norwegian: the English public pages).
 */
export function pathForLanguage(pathname: string, language: UiLanguage): string {
  const lang = siteLanguageOf(language);
  const stripped = stripLanguagePrefix(pathname);
  const base = stripped === '/blog' ? '/blog/' : stripped;
  if (base.startsWith('/blog/')) {
    return lang === 'es' ? '/blog/es/' + base.slice('/blog/'.length) : base;
  }
  const normalised = withTrailingSlash(base);
  const hasTwin = (TWIN_PAGES as readonly string[]).includes(normalised);
  const target = hasTwin ? normalised : '/';
  if (lang === 'en') return target;
  return target === '/' ? '/es/' : '/es' + target;
}

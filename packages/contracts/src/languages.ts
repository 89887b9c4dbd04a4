export const SITE_LANGUAGES = ['en', 'es'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SiteLanguage = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

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

/** The language a path is in: Spanish when it carries the /es/ prefix (or the blog's /blog/es/ twin). */
export function languageOfPath(pathname: string): SiteLanguage {
  if (pathname === '/es' || pathname.startsWith('/es/')) return 'es';
  if (pathname.startsWith('/blog/es/') || pathname === '/blog/es') return 'es';
  return 'en';
}

/** The path without its language prefix, always starting with '/'. */
export function stripLanguagePrefix(pathname: string): string {
  if (pathname === '/es') return '/';
  if (pathname.startsWith('/es/')) return pathname.slice(3);
  if (pathname === '/blog/es' || pathname.startsWith('/blog/es/')) return '/blog/' + pathname.slice('/blog/es/'.length);
  return pathname;
}

function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : path + '/';
}

/**
 * Where a language switch leads: the twin of the current page when it has one,
 * otherwise the home page of the chosen language.
 */
export function pathForLanguage(pathname: string, lang: SiteLanguage): string {
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

import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  DEFAULT_LANGUAGE,
  htmlLangOf,
  isUiLanguage,
  siteLanguageOf,
  type SiteLanguage,
  type UiLanguage,
} from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { languageForPath, languageToStore, placeInLanguage, readStoredLanguage, storeLanguage } from './language.ts';

/**
 * The interface language of the page: 'en', 'es' or, on the cabinet's pages, 'no'. Numbers and dates follow
 * it (i18n/format.ts), and the language switcher shows it.
 */
export function useUiLanguage(): UiLanguage {
  const { i18n } = useTranslation();
  return isUiLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * The site language of the page, for links to the public site, the language a text is checked in, PDFs and
 * e-mails: the interface language, with Norwegian read as English (the public site is en/es only).
 */
export function useLanguage(): SiteLanguage {
  return siteLanguageOf(useUiLanguage());
}

/** Sets <html lang>: the BCP 47 tag, 'nb' (bokmål) for Norwegian. */
export function setDocumentLanguage(lang: UiLanguage): void {
  document.documentElement.lang = htmlLangOf(lang);
}

/** Keeps i18next, <html lang> and the stored choice in step with the current path. */
export function useLanguageSync(): void {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const { storage } = useServices();

  useEffect(() => {
    const stored = readStoredLanguage(storage);
    const lang = languageForPath(pathname, stored);
    const toStore = languageToStore(pathname, stored);
    if (toStore !== null) storeLanguage(storage, toStore);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    setDocumentLanguage(lang);
  }, [pathname, i18n, storage]);
}

/**
 * Switches language and keeps the place: the twin page of a page that has one, otherwise the same page (its
 * language is the stored choice), with the query and the hash.
 */
export function useSwitchLanguage(): (lang: UiLanguage) => void {
  const location = useLocation();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const { storage } = useServices();
  return useCallback(
    (lang: UiLanguage) => {
      storeLanguage(storage, lang);
      void i18n.changeLanguage(lang);
      setDocumentLanguage(lang);
      const target = placeInLanguage(location, lang);
      if (target !== location.pathname + location.search + location.hash) void navigate(target);
    },
    [storage, i18n, navigate, location],
  );
}

import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_LANGUAGE, isSiteLanguage, type SiteLanguage } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import {
  languageForPath,
  pathCarriesLanguage,
  placeInLanguage,
  readStoredLanguage,
  storeLanguage,
} from './language.ts';

export function useLanguage(): SiteLanguage {
  const { i18n } = useTranslation();
  return isSiteLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Keeps i18next, <html lang> and the stored choice in step with the current path. */
export function useLanguageSync(): void {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const { storage } = useServices();

  useEffect(() => {
    const lang = languageForPath(pathname, readStoredLanguage(storage));
    if (pathCarriesLanguage(pathname)) storeLanguage(storage, lang);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  }, [pathname, i18n, storage]);
}

/**
 * Switches language and keeps the place: the twin page of a page that has one, otherwise the same page (its
 * language is the stored choice), with the query and the hash.
 */
export function useSwitchLanguage(): (lang: SiteLanguage) => void {
  const location = useLocation();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const { storage } = useServices();
  return useCallback(
    (lang: SiteLanguage) => {
      storeLanguage(storage, lang);
      void i18n.changeLanguage(lang);
      document.documentElement.lang = lang;
      const target = placeInLanguage(location, lang);
      if (target !== location.pathname + location.search + location.hash) void navigate(target);
    },
    [storage, i18n, navigate, location],
  );
}

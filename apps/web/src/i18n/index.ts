import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, SITE_LANGUAGES, type SiteLanguage } from '@veritext/contracts';
import en from './en.json';
import es from './es.json';

export const resources = { en: { translation: en }, es: { translation: es } } as const;

/** Sets up i18next for the site languages; every user-visible string goes through it. */
export async function initI18n(language: SiteLanguage): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SITE_LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return i18next;
}

export { i18next };

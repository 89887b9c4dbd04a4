import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { htmlLangOf } from '@veritext/contracts';
import { languagesOfPage } from '../language/language.ts';
import { useSwitchLanguage, useUiLanguage } from '../language/useLanguage.ts';

/**
 * The languages the page offers: English and Spanish everywhere, Norsk on the cabinet's pages (the public site
 * is en/es only). A switch keeps the place (language.ts placeInLanguage).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = useUiLanguage();
  const switchLanguage = useSwitchLanguage();
  const names = { en: t('language.en'), es: t('language.es'), no: t('language.no') } as const;
  return (
    <div className="language-switcher" role="group" aria-label={t('language.label')}>
      {languagesOfPage(pathname).map((lang) => (
        <button
          key={lang}
          type="button"
          lang={htmlLangOf(lang)}
          className="language-switcher__option"
          aria-pressed={lang === current}
          onClick={() => {
            if (lang !== current) switchLanguage(lang);
          }}
        >
          {names[lang]}
        </button>
      ))}
    </div>
  );
}

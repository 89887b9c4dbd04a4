import { useTranslation } from 'react-i18next';
import { SITE_LANGUAGES } from '@veritext/contracts';
import { useLanguage, useSwitchLanguage } from '../language/useLanguage.ts';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLanguage();
  const switchLanguage = useSwitchLanguage();
  const names = { en: t('language.en'), es: t('language.es') } as const;
  return (
    <div className="language-switcher" role="group" aria-label={t('language.label')}>
      {SITE_LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
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

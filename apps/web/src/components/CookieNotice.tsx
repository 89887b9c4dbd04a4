import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { LEGAL_PATHS } from '../legal/legalPaths.ts';

export const COOKIE_NOTICE_KEY = 'cookieNoticeDismissed';

export function CookieNotice() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const lang = useLanguage();
  const [isVisible, setIsVisible] = useState(() => storage.getItem(COOKIE_NOTICE_KEY) === null);
  if (!isVisible) return null;
  return (
    <section className="cookie-notice" aria-label={t('cookies.label')}>
      <p>
        {t('cookies.message')} <Link to={localisedPath(LEGAL_PATHS.privacy, lang)}>{t('cookies.privacyLink')}</Link>
      </p>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => {
          storage.setItem(COOKIE_NOTICE_KEY, 'true');
          setIsVisible(false);
        }}
      >
        {t('cookies.dismiss')}
      </button>
    </section>
  );
}

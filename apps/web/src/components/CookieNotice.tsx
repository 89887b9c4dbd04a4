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
    // A slim bar along the bottom edge (components.css): it never covers the home page's text box.
    <section className="cookie-notice" aria-label={t('cookies.label')}>
      <div className="container cookie-notice__inner">
        <p>
          {t('cookies.message')} <Link to={localisedPath(LEGAL_PATHS.privacy, lang)}>{t('cookies.privacyLink')}</Link>
        </p>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            storage.setItem(COOKIE_NOTICE_KEY, 'true');
            setIsVisible(false);
          }}
        >
          {t('cookies.dismiss')}
        </button>
      </div>
    </section>
  );
}

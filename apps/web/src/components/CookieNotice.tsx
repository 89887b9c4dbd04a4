import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';

export const COOKIE_NOTICE_KEY = 'cookieNoticeDismissed';

export function CookieNotice() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const [isVisible, setIsVisible] = useState(() => storage.getItem(COOKIE_NOTICE_KEY) === null);
  if (!isVisible) return null;
  return (
    <section className="cookie-notice" aria-label={t('cookies.label')}>
      <p>{t('cookies.message')}</p>
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

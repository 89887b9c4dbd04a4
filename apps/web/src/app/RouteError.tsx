import { useTranslation } from 'react-i18next';

/** Shown when a page fails to render: a plain message and a way home, never a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main id="main" className="container page page--centered">
      <h1>{t('errors.internal')}</h1>
      <p>
        <a className="button button--primary" href="/">
          {t('common.goHome')}
        </a>
      </p>
    </main>
  );
}

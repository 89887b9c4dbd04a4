import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageIntro } from '../components/PageIntro.tsx';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import './forms.css';

/** /request-successful/ (and /es): the enquiry arrived; what happens next. */
export function RequestSuccessfulPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="container page">
      <PageIntro title={t('pages.requestSuccessful.title')} lead={t('pages.requestSuccessful.lead')}>
        <h2 className="lead-form__step">{t('requestSuccessful.nextTitle')}</h2>
        <ol className="students__steps">
          <li>{t('requestSuccessful.next1')}</li>
          <li>{t('requestSuccessful.next2')}</li>
          <li>{t('requestSuccessful.next3')}</li>
        </ol>
        <p className="lead-page__actions">
          <Link className="button button--primary" to={localisedPath('/', lang)}>
            {t('requestSuccessful.home')}
          </Link>
          <Link className="button" to={localisedPath('/contact-us/', lang)}>
            {t('requestSuccessful.contact')}
          </Link>
        </p>
      </PageIntro>
    </div>
  );
}

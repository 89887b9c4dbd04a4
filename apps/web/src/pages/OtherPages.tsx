import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { homePath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';

export function CitationPage() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <PageIntro title={t('pages.citation.title')} lead={t('pages.citation.lead')}>
        <p>{t('pages.citation.body')}</p>
      </PageIntro>
    </div>
  );
}

export function IntegritoLoginPage() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <PageIntro title={t('pages.integritoLogin.title')} lead={t('pages.integritoLogin.lead')}>
        <button type="button" className="button button--primary" data-modal="login">
          {t('pages.integritoLogin.cta')}
        </button>
      </PageIntro>
    </div>
  );
}

export function IntegritoRegistrationPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className="container page">
      <PageIntro title={t('pages.integritoRegistration.title')} lead={t('pages.integritoRegistration.lead')}>
        {session.status === 'user' && session.profile !== null ? (
          <p className="alert alert--info">
            {t('pages.integritoRegistration.loggedIn', { email: session.profile.email })}
          </p>
        ) : (
          <button type="button" className="button button--primary" data-modal="signup">
            {t('pages.integritoRegistration.cta')}
          </button>
        )}
      </PageIntro>
    </div>
  );
}

export function BlogPage() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <PageIntro title={t('pages.blog.title')} lead={t('pages.blog.lead')}>
        <p className="card muted">{t('pages.blog.empty')}</p>
      </PageIntro>
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="container page page--centered">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <PageIntro title={t('pages.notFound.title')} lead={t('pages.notFound.lead')}>
        <Link className="button button--primary" to={homePath(lang)}>
          {t('common.goHome')}
        </Link>
      </PageIntro>
    </div>
  );
}

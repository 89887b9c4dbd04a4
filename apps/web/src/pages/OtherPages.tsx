import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageIntro } from '../components/PageIntro.tsx';
import { homePath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';

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

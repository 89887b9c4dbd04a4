import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageIntro } from '../components/PageIntro.tsx';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { QuickGuideForm } from './QuickGuideForm.tsx';
import './forms.css';

/** /for-students/ (and /es): what Veritext gives a student, how to check, the AI detector, citations and pricing. */
export function StudentsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="container page">
      <PageIntro title={t('pages.students.title')} lead={t('pages.students.lead')}>
        <p>{t('pages.students.body')}</p>
        <Link className="button button--primary" to={localisedPath('/', lang)}>
          {t('students.ctaCheck')}
        </Link>
      </PageIntro>
      <div className="lead-page">
        <div className="lead-page__main students">
          <section className="card" aria-labelledby="students-get">
            <h2 id="students-get" className="lead-form__step">
              {t('students.getTitle')}
            </h2>
            <ul className="ticks">
              <li>{t('students.get1')}</li>
              <li>{t('students.get2')}</li>
              <li>{t('students.get3')}</li>
              <li>{t('students.get4')}</li>
            </ul>
          </section>
          <section className="card" aria-labelledby="students-how">
            <h2 id="students-how" className="lead-form__step">
              {t('students.howTitle')}
            </h2>
            <ol className="students__steps">
              <li>{t('students.how1')}</li>
              <li>{t('students.how2')}</li>
              <li>{t('students.how3')}</li>
              <li>{t('students.how4')}</li>
            </ol>
          </section>
          <section className="card" aria-labelledby="students-ai">
            <h2 id="students-ai" className="lead-form__step">
              {t('students.aiTitle')}
            </h2>
            <p>{t('students.aiBody')}</p>
            <p>
              <Link to={localisedPath('/ai-detector/', lang)}>{t('students.aiLink')}</Link>
            </p>
          </section>
          <section className="card" aria-labelledby="students-cite">
            <h2 id="students-cite" className="lead-form__step">
              {t('students.citeTitle')}
            </h2>
            <p>{t('students.citeBody')}</p>
            <p>
              <Link to="/citation-generator/">{t('students.citeLink')}</Link>
            </p>
          </section>
          <section className="card" aria-labelledby="students-price">
            <h2 id="students-price" className="lead-form__step">
              {t('students.priceTitle')}
            </h2>
            <p>{t('students.priceBody')}</p>
            <p>
              <Link to={localisedPath('/pricing/', lang)}>{t('students.priceLink')}</Link>
            </p>
          </section>
        </div>
        <aside className="lead-page__side" aria-label={t('forms.quickGuide.title')}>
          <QuickGuideForm />
        </aside>
      </div>
    </div>
  );
}

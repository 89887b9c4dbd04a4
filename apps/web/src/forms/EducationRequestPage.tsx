import { useTranslation } from 'react-i18next';
import { PageIntro } from '../components/PageIntro.tsx';
import { EnquiryForm } from './EnquiryForm.tsx';
import { QuickGuideForm } from './QuickGuideForm.tsx';
import './forms.css';

/** /for-education-request/ (and /es): the "Get in touch" enquiry, with the quick guide beside it. */
export function EducationRequestPage() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <PageIntro title={t('pages.educationRequest.title')} lead={t('pages.educationRequest.lead')} />
      <div className="lead-page">
        <div className="lead-page__main">
          <EnquiryForm />
        </div>
        <aside className="lead-page__side" aria-label={t('forms.side.label')}>
          <section className="card">
            <h2 className="lead-form__step">{t('forms.side.title')}</h2>
            <ul className="ticks">
              <li>{t('forms.side.point1')}</li>
              <li>{t('forms.side.point2')}</li>
              <li>{t('forms.side.point3')}</li>
              <li>{t('forms.side.point4')}</li>
            </ul>
          </section>
          <QuickGuideForm />
        </aside>
      </div>
    </div>
  );
}

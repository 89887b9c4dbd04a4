import { Trans, useTranslation } from 'react-i18next';
import { PageIntro } from '../components/PageIntro.tsx';
import { siteSupportEmail } from '../legal/operator.ts';
import { ContactForm } from './ContactForm.tsx';
import './forms.css';

/** /contact-us/ (and /es): how to reach us, and the contact form under it. */
export function ContactPage() {
  const { t } = useTranslation();
  const email = siteSupportEmail();
  return (
    <div className="container page">
      <PageIntro title={t('pages.contact.title')} lead={t('pages.contact.lead')}>
        <p>
          <Trans i18nKey="legal.support" values={{ email }} components={{ email: <a href={`mailto:${email}`} /> }} />
        </p>
        <p>{t('pages.contact.body')}</p>
      </PageIntro>
      <div className="lead-page lead-page--single">
        <ContactForm />
      </div>
    </div>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { FormAlert, FormField, SubmitButton } from '../modals/FormField.tsx';
import { trackEvent } from '../tracking/track.ts';
import { FormSuccess, NameEmailFields } from './fields.tsx';
import { useLeadForm } from './useLeadForm.ts';
import { publicEmailEvent, validateEmail, validateName, validatePhone, type FieldError } from './validation.ts';

type GuideField = 'name' | 'email' | 'phone';

/** The fixed label the quick-guide form sends as its cta (commerce-and-cabinet.md §3). */
export const QUICK_GUIDE_CTA = 'Plagiarism checker alternative';

export function quickGuideErrors(values: Record<GuideField, string>): Record<GuideField, FieldError | null> {
  return { name: validateName(values.name), email: validateEmail(values.email), phone: validatePhone(values.phone) };
}

/** Opens the PDF in a new tab and downloads it (an <a download> click); a blocked pop-up still leaves the link. */
export function openAndDownload(url: string, doc: Document = document): void {
  doc.defaultView?.open(url, '_blank', 'noopener');
  const link = doc.createElement('a');
  link.href = url;
  link.download = 'QuickGuide.pdf';
  link.rel = 'noopener';
  doc.body.append(link);
  link.click();
  link.remove();
}

/**
 * The quick-guide form (commerce-and-cabinet.md §2): name, e-mail, phone; Download. On success the guide's PDF opens
 * and downloads, and a link to it stays in the form.
 */
export function QuickGuideForm() {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const lang = useLanguage();
  const id = useId();
  const [url, setUrl] = useState<string | null>(null);
  const form = useLeadForm<GuideField>({ name: '', email: '', phone: '' }, quickGuideErrors);
  const { values, errors } = form;
  const t2 = (error: FieldError | undefined) => (error === undefined ? undefined : t(error));

  const send = async (current: Record<GuideField, string>) => {
    const publicEvent = publicEmailEvent(current.email, 'quick-guide');
    if (publicEvent !== null) trackEvent(publicEvent);
    const address = await endpoints.requestQuickGuide({ ...current, cta: QUICK_GUIDE_CTA, language: lang });
    setUrl(address);
    openAndDownload(address);
  };

  return (
    <form
      ref={form.formRef}
      className="form lead-form card card--tinted"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.submit(send)}
    >
      <h2 id={`${id}-title`} className="lead-form__step">
        {t('forms.quickGuide.title')}
      </h2>
      <p className="form__note">{t('forms.quickGuide.lead')}</p>
      <FormAlert message={form.serverError} />
      {url === null ? null : (
        <FormSuccess
          message={t('forms.quickGuide.done')}
          link={{ href: url, label: t('forms.quickGuide.openAgain') }}
        />
      )}
      <NameEmailFields idPrefix={id} form={form} />
      <FormField
        id={`${id}-phone`}
        label={t('forms.fields.phoneOptional')}
        type="tel"
        autoComplete="tel"
        value={values.phone}
        onChange={form.change('phone')}
        onBlur={form.blur('phone')}
        error={t2(errors.phone)}
      />
      <SubmitButton
        label={form.status === 'submitting' ? t('forms.sending') : t('forms.quickGuide.submit')}
        isBusy={form.status === 'submitting'}
      />
    </form>
  );
}

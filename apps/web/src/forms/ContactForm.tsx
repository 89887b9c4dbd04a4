import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { FormAlert, SubmitButton } from '../modals/FormField.tsx';
import { trackEvent } from '../tracking/track.ts';
import { NameEmailFields, TextAreaField } from './fields.tsx';
import { useLeadForm } from './useLeadForm.ts';
import { publicEmailEvent, validateEmail, validateMessage, validateName, type FieldError } from './validation.ts';

type ContactField = 'name' | 'email' | 'message';

export function contactErrors(values: Record<ContactField, string>): Record<ContactField, FieldError | null> {
  return {
    name: validateName(values.name),
    email: validateEmail(values.email),
    message: validateMessage(values.message, true),
  };
}

/** The contact form (commerce-and-cabinet.md §2): name, e-mail, message; on success an info modal says thank you. */
export function ContactForm() {
  const { t } = useTranslation();
  const { endpoints, modals } = useServices();
  const lang = useLanguage();
  const id = useId();
  const form = useLeadForm<ContactField>({ name: '', email: '', message: '' }, contactErrors);
  const { values, errors } = form;
  const t2 = (error: FieldError | undefined) => (error === undefined ? undefined : t(error));

  const send = async (current: Record<ContactField, string>) => {
    const publicEvent = publicEmailEvent(current.email, 'contact');
    if (publicEvent !== null) trackEvent(publicEvent);
    await endpoints.sendContact({ ...current, language: lang });
    form.reset();
    modals.openModal('info', { title: t('forms.contact.thanksTitle'), message: t('forms.contact.thanks') });
  };

  return (
    <form
      ref={form.formRef}
      className="form lead-form card"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.submit(send)}
    >
      <h2 id={`${id}-title`} className="lead-form__step">
        {t('forms.contact.title')}
      </h2>
      <FormAlert message={form.serverError} />
      <NameEmailFields idPrefix={id} form={form} />
      <TextAreaField
        id={`${id}-message`}
        label={t('forms.fields.message')}
        rows={5}
        value={values.message}
        onChange={form.change('message')}
        onBlur={form.blur('message')}
        error={t2(errors.message)}
        required
      />
      <SubmitButton
        label={form.status === 'submitting' ? t('forms.sending') : t('forms.contact.submit')}
        isBusy={form.status === 'submitting'}
      />
    </form>
  );
}

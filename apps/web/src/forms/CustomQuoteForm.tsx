import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { FormAlert, SubmitButton } from '../modals/FormField.tsx';
import { trackEvent } from '../tracking/track.ts';
import { FormSuccess, NameEmailFields, TextAreaField } from './fields.tsx';
import { useLeadForm } from './useLeadForm.ts';
import { publicEmailEvent, validateEmail, validateMessage, validateName, type FieldError } from './validation.ts';

type QuoteField = 'name' | 'email' | 'message';

export function customQuoteErrors(values: Record<QuoteField, string>): Record<QuoteField, FieldError | null> {
  return {
    name: validateName(values.name),
    email: validateEmail(values.email),
    message: validateMessage(values.message, true),
  };
}

/**
 * The custom quote of the add-more-pages modal's last step (commerce-and-cabinet.md §2, §7: POST
 * /send_feedback/request): name, e-mail, message; then "Thank you! Our experts will be in touch within 1 business day."
 */
export function CustomQuoteForm() {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const lang = useLanguage();
  const id = useId();
  const form = useLeadForm<QuoteField>({ name: '', email: '', message: '' }, customQuoteErrors);
  const { values, errors } = form;
  const t2 = (error: FieldError | undefined) => (error === undefined ? undefined : t(error));

  if (form.status === 'done') return <FormSuccess message={t('forms.customQuote.thanks')} />;

  const send = async (current: Record<QuoteField, string>) => {
    const publicEvent = publicEmailEvent(current.email, 'custom-quote');
    if (publicEvent !== null) trackEvent(publicEvent);
    await endpoints.sendCustomQuote({ ...current, language: lang });
  };

  return (
    <form
      ref={form.formRef}
      className="form lead-form lead-form--compact"
      noValidate
      aria-label={t('forms.customQuote.label')}
      onSubmit={form.submit(send)}
    >
      <FormAlert message={form.serverError} />
      <NameEmailFields idPrefix={id} form={form} />
      <TextAreaField
        id={`${id}-message`}
        label={t('forms.customQuote.message')}
        rows={3}
        value={values.message}
        onChange={form.change('message')}
        onBlur={form.blur('message')}
        error={t2(errors.message)}
        required
      />
      <SubmitButton
        label={form.status === 'submitting' ? t('forms.sending') : t('forms.customQuote.submit')}
        isBusy={form.status === 'submitting'}
      />
    </form>
  );
}

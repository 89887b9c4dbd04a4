import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LeadRole, SiteLanguage } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { FormAlert, FormField, SubmitButton } from '../modals/FormField.tsx';
import { trackEvent } from '../tracking/track.ts';
import { NameEmailFields, SelectField, TextAreaField } from './fields.tsx';
import type { EnquiryInput, EnquiryResult } from './formsEndpoints.ts';
import { LMS_OPTIONS, ROLE_LABEL_KEYS, ROLES } from './roles.ts';
import { useLeadForm } from './useLeadForm.ts';
import {
  asksForLms,
  lmsValue,
  publicEmailEvent,
  validateEmail,
  validateLms,
  validateMessage,
  validateName,
  validatePhone,
  validateStudents,
  type FieldError,
} from './validation.ts';

type EnquiryField = 'name' | 'email' | 'phone' | 'lms' | 'lmsOther' | 'students' | 'message';

const EMPTY: Record<EnquiryField, string> = {
  name: '',
  email: '',
  phone: '',
  lms: '',
  lmsOther: '',
  students: '',
  message: '',
};

/** The enquiry's field errors for a role: LMS and number of students only where the role is asked them (§4). */
export function enquiryErrors(
  role: string,
  values: Record<EnquiryField, string>,
): Record<EnquiryField, FieldError | null> {
  const withLms = asksForLms(role);
  const lms = withLms ? validateLms(values.lms, values.lmsOther) : { lms: null, lmsOther: null };
  return {
    name: validateName(values.name),
    email: validateEmail(values.email),
    phone: validatePhone(values.phone),
    lms: lms.lms,
    lmsOther: lms.lmsOther,
    students: withLms ? validateStudents(values.students) : null,
    message: validateMessage(values.message, false),
  };
}

/** The referrer the enquiry reports (§3: "No previous URL" when there is none). */
export function previousUrl(referrer: string): string {
  return referrer === '' ? 'No previous URL' : referrer;
}

export type EnquiryFlowDeps = {
  sendEnquiry: (input: EnquiryInput) => Promise<EnquiryResult>;
  /** Loads the profile as a login does; true when the server confirms the session. */
  completeLogin: () => Promise<boolean>;
  clearQueries: () => void;
  navigate: (path: string) => Promise<void> | void;
  track: (name: string, fields?: Record<string, string>) => void;
};

/**
 * What a valid enquiry does: the analytics events (§5 public mail provider, send-b2b-form, lms-sendform), the call,
 * the session refresh of a visitor the server registered and signed in, then the server's redirect.
 */
export async function sendEnquiryFlow(
  deps: EnquiryFlowDeps,
  role: LeadRole,
  values: Record<EnquiryField, string>,
  context: { cta: string; referrer: string; language: SiteLanguage },
): Promise<void> {
  const withLms = asksForLms(role);
  const publicEvent = publicEmailEvent(values.email, 'enquiry');
  if (publicEvent !== null) deps.track(publicEvent);
  const result = await deps.sendEnquiry({
    name: values.name,
    email: values.email,
    job: role,
    lms: withLms ? lmsValue(values.lms, values.lmsOther) : undefined,
    numberOfStudents: withLms ? values.students.trim() : undefined,
    phone: values.phone,
    message: values.message,
    cta: context.cta,
    previousURL: previousUrl(context.referrer),
    language: context.language,
  });
  deps.track('send-b2b-form', { role });
  if (withLms) deps.track('lms-sendform', { lms: lmsValue(values.lms, values.lmsOther) });
  if (result.registered) {
    // Signed in by the server: load the profile as a login does, so the header shows the user.
    await deps.completeLogin();
    deps.clearQueries();
  }
  await deps.navigate(result.redirect);
}

/**
 * The institution enquiry, "Get in touch" (commerce-and-cabinet.md §2, §4): step 1 the role; step 2 the personal data,
 * only once a role is chosen. A Student gets a note that leads to the students' page instead. LMS and number of
 * students are not asked of a Business representative or a Reseller; Other opens a field for the LMS's name. After
 * the send, the server's redirect: /profile/new-check for a visitor it registered and signed in (the session is
 * refreshed first, as after a login), else /request-successful/.
 */
export function EnquiryForm({
  initialRole = '',
  initialValues = {},
}: {
  /** A role chosen beforehand (a link's ?role=, a test). */
  initialRole?: LeadRole | '';
  initialValues?: Partial<Record<EnquiryField, string>>;
}) {
  const { t } = useTranslation();
  const { endpoints, session, queryClient } = useServices();
  const navigate = useNavigate();
  const lang = useLanguage();
  const [search] = useSearchParams();
  const id = useId();
  const [role, setRole] = useState<LeadRole | ''>(initialRole);
  const form = useLeadForm({ ...EMPTY, ...initialValues }, (values) => enquiryErrors(role, values));
  const { values, errors } = form;
  const withLms = asksForLms(role);
  const stepTwo = role !== '' && role !== 'Student';
  const opened = useRef(false);

  useEffect(() => {
    if (stepTwo && !opened.current) {
      opened.current = true;
      trackEvent('open-b2b-form');
    }
  }, [stepTwo]);

  const send = (current: Record<EnquiryField, string>) =>
    role === ''
      ? Promise.resolve()
      : sendEnquiryFlow(
          {
            sendEnquiry: (input) => endpoints.sendEnquiry(input),
            completeLogin: () => session.completeLogin(),
            clearQueries: () => {
              queryClient.clear();
            },
            navigate: (path) => navigate(path),
            track: trackEvent,
          },
          role,
          current,
          { cta: search.get('cta') ?? 'Get in touch', referrer: document.referrer, language: lang },
        );

  const t2 = (error: FieldError | undefined) => (error === undefined ? undefined : t(error));

  return (
    <div className="lead-form card">
      <fieldset className="lead-form__roles">
        <legend className="lead-form__legend">{t('forms.enquiry.roleLegend')}</legend>
        <div className="lead-form__role-grid">
          {ROLES.map((value) => (
            <label key={value} className={role === value ? 'role-card role-card--selected' : 'role-card'}>
              <input
                type="radio"
                name={`${id}-role`}
                value={value}
                checked={role === value}
                onChange={() => {
                  setRole(value);
                }}
              />
              <span>{t(ROLE_LABEL_KEYS[value])}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {role === 'Student' ? (
        <div className="alert alert--info lead-form__student" role="status">
          <p>{t('forms.enquiry.studentNote')}</p>
          <p>
            <Link className="button button--primary" to={localisedPath('/for-students/', lang)}>
              {t('forms.enquiry.studentLink')}
            </Link>
          </p>
        </div>
      ) : null}

      {stepTwo ? (
        <form
          ref={form.formRef}
          className="form lead-form__details"
          noValidate
          aria-label={t('forms.enquiry.detailsLabel')}
          onSubmit={form.submit(send)}
        >
          <h2 className="lead-form__step">{t('forms.enquiry.detailsTitle')}</h2>
          <FormAlert message={form.serverError} />
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
          {withLms ? (
            <>
              <SelectField
                id={`${id}-lms`}
                label={t('forms.fields.lms')}
                placeholder={t('forms.fields.lmsChoose')}
                options={LMS_OPTIONS.map((lms) => ({
                  value: lms,
                  label: lms === 'Other' ? t('forms.fields.lmsOther') : lms,
                }))}
                value={values.lms}
                onChange={form.change('lms')}
                onBlur={form.blur('lms')}
                error={t2(errors.lms)}
                required
              />
              {values.lms === 'Other' ? (
                <FormField
                  id={`${id}-lms-other`}
                  label={t('forms.fields.lmsName')}
                  value={values.lmsOther}
                  onChange={form.change('lmsOther')}
                  onBlur={form.blur('lmsOther')}
                  error={t2(errors.lmsOther)}
                  required
                />
              ) : null}
              <FormField
                id={`${id}-students`}
                label={t('forms.fields.students')}
                inputMode="numeric"
                value={values.students}
                onChange={form.change('students')}
                onBlur={form.blur('students')}
                error={t2(errors.students)}
                required
              />
            </>
          ) : null}
          <TextAreaField
            id={`${id}-message`}
            label={t('forms.fields.messageOptional')}
            rows={4}
            value={values.message}
            onChange={form.change('message')}
            onBlur={form.blur('message')}
            error={t2(errors.message)}
          />
          <SubmitButton
            label={form.status === 'submitting' ? t('forms.sending') : t('forms.enquiry.submit')}
            isBusy={form.status !== 'idle'}
          />
        </form>
      ) : null}
    </div>
  );
}

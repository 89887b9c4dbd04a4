import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FIELD_MAX, PORTAL_HOW_CAN_HELP_MAX, PORTAL_SCHOOL_NAME_MAX, portalRoleHasSchool } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { AgreeToTerms } from '../legal/LegalLinks.tsx';
import { FormAlert, FormField, SubmitButton } from '../modals/FormField.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { PortalCard } from './PortalLayout.tsx';
import { PortalEmailSent } from './PortalEmailSent.tsx';
import { portalApiFor } from './portalApi.ts';
import {
  EMPTY_PORTAL_FORM,
  PORTAL_LOGIN,
  PORTAL_ROLE_CODES,
  PORTAL_ROLE_KEYS,
  parsePortalRole,
  portalInviteFrom,
  portalPath,
  validatePortalForm,
  type PortalFieldErrorKey,
  type PortalFormValues,
} from './portalForm.ts';

type Outcome = { kind: 'sent'; email: string; mailError: string | null } | { kind: 'done' };

/** /integrito/registration/{query}: the activity-report tool's sign-up (commerce-and-cabinet.md §2, §3). */
export function PortalRegistrationPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const session = useSession();
  const describeError = useErrorText();
  const { search } = useLocation();
  const isLoggedIn = session.status === 'user';
  const [values, setValues] = useState<PortalFormValues>(EMPTY_PORTAL_FORM);
  const [errors, setErrors] = useState<Partial<Record<PortalFieldErrorKey, string>>>({});
  const [phase, setPhase] = useState<'idle' | 'botCheck' | 'sending'>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [isEmailTaken, setIsEmailTaken] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const loginPath = portalPath(PORTAL_LOGIN, search);
  const isBusy = phase !== 'idle';

  function update(patch: Partial<PortalFormValues>): void {
    setValues((current) => ({ ...current, ...patch }));
  }

  async function submit(): Promise<void> {
    setMessage(null);
    setIsEmailTaken(false);
    const found = validatePortalForm(values, isLoggedIn);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPhase('sending');
    const api = portalApiFor(client);
    try {
      const result = await api.register(values, { query: search, invite: portalInviteFrom(search), isLoggedIn }, () => {
        setPhase('botCheck');
      });
      if (result.needs_password === true) {
        const email = values.email.trim();
        let mailError: string | null = null;
        try {
          await api.sendPasswordEmail(email);
        } catch (error) {
          mailError = describeError(error);
        }
        setOutcome({ kind: 'sent', email, mailError });
      } else {
        setOutcome({ kind: 'done' });
      }
    } catch (error) {
      setMessage(describeError(error));
      if (isApiError(error)) {
        setIsEmailTaken(error.code === 'email_taken');
        const fields: Partial<Record<PortalFieldErrorKey, string>> = {};
        for (const name of ['email', 'role', 'terms'] as const) {
          if (error.fields[name] !== undefined) fields[name] = error.fields[name];
        }
        setErrors(fields);
      }
      setPhase('idle');
    }
  }

  if (outcome?.kind === 'sent') {
    return (
      <PortalEmailSent
        email={outcome.email}
        title={t('portal.registration.sentTitle')}
        loginPath={loginPath}
        initialError={outcome.mailError}
      />
    );
  }
  if (outcome?.kind === 'done') {
    return (
      <PortalCard title={t('portal.registration.doneTitle')} lead={t('portal.registration.doneLead')}>
        <Link className="button button--primary" to="/profile/new-check">
          {t('portal.registration.continue')}
        </Link>
      </PortalCard>
    );
  }

  const errorText = (key: PortalFieldErrorKey): string | undefined => {
    const value = errors[key];
    return value === undefined ? undefined : value.startsWith('portal.') ? t(value) : value;
  };
  const roleError = errorText('role');
  const termsError = errorText('terms');

  return (
    <PortalCard title={t('portal.registration.title')} lead={t('portal.registration.lead')}>
      <form
        className="form"
        aria-busy={isBusy}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormAlert message={message} />
        {isEmailTaken ? (
          <p>
            <Link to={loginPath}>{t('portal.registration.toLogin')}</Link>
          </p>
        ) : null}
        {isLoggedIn ? (
          <p className="alert alert--info">
            {t('portal.registration.signedInAs', { email: session.profile?.email ?? '' })}
          </p>
        ) : (
          <FormField
            id="portal-email"
            label={t('fields.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={FIELD_MAX.email}
            value={values.email}
            error={errorText('email')}
            onChange={(event) => {
              update({ email: event.target.value });
            }}
          />
        )}
        <div className={roleError === undefined ? 'field' : 'field field--invalid'}>
          <label htmlFor="portal-role" className="field__label">
            {t('portal.registration.role')}
          </label>
          <select
            id="portal-role"
            name="role"
            className="field__input"
            required
            value={values.role === null ? '' : String(values.role)}
            aria-invalid={roleError === undefined ? undefined : true}
            aria-describedby={roleError === undefined ? undefined : 'portal-role-error'}
            onChange={(event) => {
              update({ role: parsePortalRole(event.target.value) });
            }}
          >
            <option value="">{t('portal.registration.chooseRole')}</option>
            {PORTAL_ROLE_CODES.map((code) => (
              <option key={code} value={String(code)}>
                {t(PORTAL_ROLE_KEYS[code])}
              </option>
            ))}
          </select>
          {roleError === undefined ? null : (
            <p id="portal-role-error" className="field__error">
              {roleError}
            </p>
          )}
        </div>
        {values.role !== null && portalRoleHasSchool(values.role) ? (
          <FormField
            id="portal-school"
            label={t('portal.registration.schoolName')}
            hint={t('common.optional')}
            name="school_name"
            autoComplete="organization"
            maxLength={PORTAL_SCHOOL_NAME_MAX}
            value={values.schoolName}
            onChange={(event) => {
              update({ schoolName: event.target.value });
            }}
          />
        ) : null}
        <div className="field">
          <label htmlFor="portal-help" className="field__label">
            {t('portal.registration.howCanHelp')}
          </label>
          <textarea
            id="portal-help"
            name="how_can_help"
            className="field__input"
            rows={3}
            maxLength={PORTAL_HOW_CAN_HELP_MAX}
            value={values.howCanHelp}
            onChange={(event) => {
              update({ howCanHelp: event.target.value });
            }}
          />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            name="terms"
            checked={values.terms}
            aria-invalid={termsError === undefined ? undefined : true}
            aria-describedby={termsError === undefined ? undefined : 'portal-terms-error'}
            onChange={(event) => {
              update({ terms: event.target.checked });
            }}
          />
          <AgreeToTerms />
        </label>
        {termsError === undefined ? null : (
          <p id="portal-terms-error" className="field__error">
            {termsError}
          </p>
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            name="info"
            checked={values.info}
            onChange={(event) => {
              update({ info: event.target.checked });
            }}
          />
          {t('portal.registration.info')}
        </label>
        <SubmitButton label={t('portal.registration.submit')} isBusy={isBusy} />
        {isBusy ? (
          <p className="form__status" role="status">
            {phase === 'botCheck' ? t('auth.botCheck') : t('auth.submitting')}
          </p>
        ) : null}
      </form>
      {isLoggedIn ? null : (
        <p className="portal__links">
          {t('portal.registration.haveAccount')} <Link to={loginPath}>{t('portal.registration.toLogin')}</Link>
        </p>
      )}
    </PortalCard>
  );
}

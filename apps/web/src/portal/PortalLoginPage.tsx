import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FIELD_MAX } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { FormAlert, FormField, SubmitButton } from '../modals/FormField.tsx';
import { useAfterAuth, useErrorText } from '../modals/useAuthFlow.ts';
import { PortalCard } from './PortalLayout.tsx';
import { PORTAL_FORGOT, PORTAL_REGISTRATION, portalPath } from './portalForm.ts';

/** /integrito/login/{query}: after login the session moves on to /integrito/registration/{query}. */
export function PortalLoginPage() {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const afterAuth = useAfterAuth();
  const describeError = useErrorText();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(): Promise<void> {
    setIsBusy(true);
    setMessage(null);
    try {
      await endpoints.login({ email, password, rememberMe });
      await afterAuth();
    } catch (error) {
      setMessage(describeError(error));
      setIsBusy(false);
    }
  }

  return (
    <PortalCard title={t('portal.login.title')} lead={t('portal.login.lead')}>
      <form
        className="form"
        aria-busy={isBusy}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormAlert message={message} />
        <FormField
          id="portal-login-email"
          label={t('fields.email')}
          type="email"
          name="_username"
          autoComplete="email"
          required
          maxLength={FIELD_MAX.email}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        <FormField
          id="portal-login-password"
          label={t('fields.password')}
          type="password"
          name="_password"
          autoComplete="current-password"
          required
          maxLength={FIELD_MAX.password}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={rememberMe}
            onChange={(event) => {
              setRememberMe(event.target.checked);
            }}
          />
          {t('auth.login.rememberMe')}
        </label>
        <SubmitButton label={t('portal.login.submit')} isBusy={isBusy} />
      </form>
      <p className="portal__links">
        <Link to={portalPath(PORTAL_FORGOT, search)}>{t('portal.login.forgot')}</Link>
        <Link to={portalPath(PORTAL_REGISTRATION, search)}>{t('portal.login.toRegistration')}</Link>
      </p>
    </PortalCard>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FIELD_MAX } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { FormAlert, FormField, SubmitButton } from '../modals/FormField.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { PortalCard } from './PortalLayout.tsx';
import { portalApiFor } from './portalApi.ts';
import { PORTAL_LOGIN, portalPath } from './portalForm.ts';
import { PortalEmailSent } from './PortalEmailSent.tsx';

/** The portal's forgot-password screen: e-mail, then the confirmation with resend; Go back to the login. */
export function PortalForgotPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const describeError = useErrorText();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const backTo = portalPath(PORTAL_LOGIN, search);

  async function submit(): Promise<void> {
    setIsBusy(true);
    setMessage(null);
    try {
      await portalApiFor(client).sendPasswordEmail(email);
      setIsSent(true);
    } catch (error) {
      setMessage(describeError(error));
    }
    setIsBusy(false);
  }

  if (isSent) return <PortalEmailSent email={email} title={t('portal.forgot.sentTitle')} loginPath={backTo} />;
  return (
    <PortalCard title={t('portal.forgot.title')} lead={t('portal.forgot.lead')}>
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
          id="portal-forgot-email"
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={FIELD_MAX.email}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        <SubmitButton label={t('portal.forgot.submit')} isBusy={isBusy} />
      </form>
      <Link className="button button--ghost button--block" to={backTo}>
        {t('portal.forgot.goBack')}
      </Link>
    </PortalCard>
  );
}

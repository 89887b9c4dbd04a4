import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { PortalCard } from './PortalLayout.tsx';
import { portalApiFor } from './portalApi.ts';

/** The confirmation screen: the e-mail went out; Resend Email and Login. */
export function PortalEmailSent({
  email,
  title,
  loginPath,
  initialError = null,
}: {
  email: string;
  title: string;
  loginPath: string;
  initialError?: string | null;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const describeError = useErrorText();
  const [state, setState] = useState<'idle' | 'sending' | 'resent'>('idle');
  const [error, setError] = useState<string | null>(initialError);

  async function resend(): Promise<void> {
    setState('sending');
    setError(null);
    try {
      await portalApiFor(client).sendPasswordEmail(email);
      setState('resent');
    } catch (failure) {
      setError(describeError(failure));
      setState('idle');
    }
  }

  return (
    <PortalCard title={title} lead={t('portal.sent.lead', { email })}>
      {error === null ? null : (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      <p role="status" className="portal__status">
        {state === 'resent' ? t('portal.sent.resent') : ''}
      </p>
      <div className="portal__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={state === 'sending'}
          aria-busy={state === 'sending'}
          onClick={() => void resend()}
        >
          {t('portal.sent.resend')}
        </button>
        <Link className="button button--primary" to={loginPath}>
          {t('portal.sent.login')}
        </Link>
      </div>
    </PortalCard>
  );
}

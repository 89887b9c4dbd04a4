import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { FormAlert } from '../modals/FormField.tsx';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';

export type VerifyEmailViewProps = {
  email: string;
  status: 'idle' | 'sending' | 'sent';
  error: string | null;
  onResend: () => void;
};

/** Asks the user to confirm the address, with Resend and its result (check-tool.md §3 hasToVerifyEmail). */
export function VerifyEmailView({ email, status, error, onResend }: VerifyEmailViewProps) {
  const { t } = useTranslation();
  return (
    <div className="account-email">
      <p>{t('accountEmail.verify.hint')}</p>
      {status === 'sent' ? (
        <p className="alert alert--info" role="status">
          {t('accountEmail.verify.sent', { email })}
        </p>
      ) : null}
      <FormAlert message={error} />
      <div className="modal__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={status === 'sending'}
          aria-busy={status === 'sending'}
          onClick={onResend}
        >
          {status === 'sending' ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
          {t('accountEmail.verify.resend')}
        </button>
        <Dialog.Close className="button button--primary">{t('common.ok')}</Dialog.Close>
      </div>
    </div>
  );
}

export function VerifyEmailModal() {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const session = useSession();
  const describeError = useErrorText();
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const email = session.profile?.email ?? '';

  async function resend(): Promise<void> {
    setStatus('sending');
    setError(null);
    try {
      await endpoints.resendVerificationEmail();
      setStatus('sent');
    } catch (caught) {
      setError(describeError(caught));
      setStatus('idle');
    }
  }

  return (
    <ModalFrame
      title={t('accountEmail.verify.title')}
      description={t('accountEmail.verify.description', { email })}
      size="sm"
    >
      <VerifyEmailView email={email} status={status} error={error} onResend={() => void resend()} />
    </ModalFrame>
  );
}

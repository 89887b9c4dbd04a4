import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_MAX } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { FormAlert, FormField, SubmitButton } from '../modals/FormField.tsx';
import { ModalFrame, ModalSwitchPrompt } from '../modals/ModalFrame.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';

export type ForgotViewProps = {
  step: 'form' | 'sent';
  email: string;
  isBusy: boolean;
  /** A failure to show above the form (or under the confirmation after a resend). */
  error: string | null;
  hasResent: boolean;
  onEmailChange: (email: string) => void;
  onSubmit: () => void;
  onResend: () => void;
  onBack: () => void;
  onLogin: () => void;
};

/** The forgot-password screens (commerce-and-cabinet.md §4): the form, then the confirmation with resend. */
export function ForgotView(props: ForgotViewProps) {
  const { t } = useTranslation();
  if (props.step === 'sent') {
    return (
      <div className="account-email">
        <p className="alert alert--info" role="status">
          {t('accountEmail.forgot.sent', { email: props.email.trim() })}
        </p>
        {props.hasResent ? <p role="status">{t('accountEmail.forgot.resent')}</p> : null}
        <FormAlert message={props.error} />
        <div className="modal__actions">
          <button type="button" className="button button--ghost" disabled={props.isBusy} onClick={props.onResend}>
            {t('accountEmail.forgot.resend')}
          </button>
          <button type="button" className="button button--primary" onClick={props.onLogin}>
            {t('accountEmail.forgot.toLogin')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      <form
        className="form"
        aria-busy={props.isBusy}
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <FormAlert message={props.error} />
        <FormField
          id="forgot-email"
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={FIELD_MAX.email}
          value={props.email}
          onChange={(event) => {
            props.onEmailChange(event.target.value);
          }}
        />
        <SubmitButton label={t('accountEmail.forgot.submit')} isBusy={props.isBusy} />
      </form>
      <ModalSwitchPrompt
        question={t('accountEmail.forgot.remembered')}
        action={t('accountEmail.forgot.back')}
        onSwitch={props.onBack}
      />
    </>
  );
}

/** The forgot modal: posts the address to /forgot_password (the portal's link when `portal` is set). */
export function ForgotModal({
  onSwitch,
  portal,
}: {
  onSwitch: (name: 'login') => void;
  portal?: 'integrito' | undefined;
}) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const describeError = useErrorText();
  const [step, setStep] = useState<'form' | 'sent'>('form');
  const [email, setEmail] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hasResent, setHasResent] = useState(false);

  async function send(isResend: boolean): Promise<void> {
    setIsBusy(true);
    setError(null);
    try {
      await endpoints.forgotPassword(email, portal);
      setStep('sent');
      setHasResent(isResend);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <ModalFrame
      title={t('accountEmail.forgot.title')}
      description={step === 'form' ? t('accountEmail.forgot.description') : t('accountEmail.forgot.sentTitle')}
      size="sm"
    >
      <ForgotView
        step={step}
        email={email}
        isBusy={isBusy}
        error={error}
        hasResent={hasResent}
        onEmailChange={setEmail}
        onSubmit={() => void send(false)}
        onResend={() => void send(true)}
        onBack={() => {
          onSwitch('login');
        }}
        onLogin={() => {
          onSwitch('login');
        }}
      />
    </ModalFrame>
  );
}

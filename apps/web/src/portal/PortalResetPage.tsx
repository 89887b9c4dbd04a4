import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FIELD_MAX, isPasswordAcceptable } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { FormAlert, FormField, SubmitButton } from '../modals/FormField.tsx';
import { PasswordStrength } from '../modals/PasswordStrength.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { PortalCard } from './PortalLayout.tsx';
import { portalApiFor } from './portalApi.ts';
import { PORTAL_LOGIN } from './portalForm.ts';

type Screen = { kind: 'checking' } | { kind: 'invalid'; message: string } | { kind: 'form' } | { kind: 'done' };

/** The reset code of the e-mail's link: /integrito/reset-password/?code=… */
export function resetCodeFrom(search: string): string {
  return (new URLSearchParams(search).get('code') ?? '').slice(0, 200);
}

/** The portal's reset-password screen: the code is checked on load; success links to /integrito/login/. */
export function PortalResetPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const describeError = useErrorText();
  const { search } = useLocation();
  const code = resetCodeFrom(search);
  const [screen, setScreen] = useState<Screen>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    portalApiFor(client)
      .validateResetCode(code)
      .then(
        () => {
          if (isCurrent) setScreen({ kind: 'form' });
        },
        (error: unknown) => {
          if (isCurrent) setScreen({ kind: 'invalid', message: describeError(error) });
        },
      );
    return () => {
      isCurrent = false;
    };
  }, [client, code, describeError]);

  async function submit(): Promise<void> {
    setMessage(null);
    setFieldError(undefined);
    if (!isPasswordAcceptable(password)) {
      setFieldError(t('errors.weak_password'));
      return;
    }
    if (password !== confirm) {
      setFieldError(t('portal.reset.mismatch'));
      return;
    }
    setIsBusy(true);
    try {
      await portalApiFor(client).resetPassword({ code, password, confirmPassword: confirm });
      setScreen({ kind: 'done' });
    } catch (error) {
      setMessage(describeError(error));
    }
    setIsBusy(false);
  }

  if (screen.kind === 'checking') {
    return (
      <PortalCard title={t('portal.reset.title')}>
        <p role="status">{t('common.loading')}</p>
      </PortalCard>
    );
  }
  if (screen.kind === 'invalid') return <PortalResetError message={screen.message} />;
  if (screen.kind === 'done') return <PortalResetDone />;
  return (
    <PortalCard title={t('portal.reset.title')} lead={t('portal.reset.lead')}>
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
          id="portal-reset-password"
          label={t('portal.reset.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          maxLength={FIELD_MAX.password}
          value={password}
          describedBy="portal-reset-strength"
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
        <PasswordStrength password={password} id="portal-reset-strength" />
        <FormField
          id="portal-reset-confirm"
          label={t('portal.reset.confirm')}
          type="password"
          name="confirm_password"
          autoComplete="new-password"
          required
          maxLength={FIELD_MAX.password}
          value={confirm}
          error={fieldError}
          onChange={(event) => {
            setConfirm(event.target.value);
          }}
        />
        <SubmitButton label={t('portal.reset.submit')} isBusy={isBusy} />
      </form>
    </PortalCard>
  );
}

export function PortalResetDone() {
  const { t } = useTranslation();
  return (
    <PortalCard title={t('portal.reset.doneTitle')} lead={t('portal.reset.doneLead')}>
      <Link className="button button--primary" to={PORTAL_LOGIN}>
        {t('portal.sent.login')}
      </Link>
    </PortalCard>
  );
}

export function PortalResetError({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <PortalCard title={t('portal.reset.errorTitle')} lead={message}>
      <Link className="button button--primary" to="/contact-us/">
        {t('portal.reset.contactUs')}
      </Link>
    </PortalCard>
  );
}

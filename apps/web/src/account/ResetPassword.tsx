import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FIELD_MAX } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { FormAlert, FormField, SubmitButton } from '../modals/FormField.tsx';
import { PasswordStrength } from '../modals/PasswordStrength.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { readResetCode, resetFormProblem, type ResetFormProblem } from './accountEmail.ts';

export type ResetPhase = 'checking' | 'form' | 'done' | 'error';

export type ResetPasswordViewProps = {
  phase: ResetPhase;
  /** The error screen's message, or the form's alert. */
  message: string | null;
  password: string;
  confirmPassword: string;
  problem: ResetFormProblem | null;
  isBusy: boolean;
  contactHref: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  onSubmit: () => void;
  onLogin: () => void;
  onRequestNew: () => void;
};

/**
 * The reset screens of commerce-and-cabinet.md §2/§4/§8: the code checked on load, the new password
 * with its strength meter, "Done!" with a Log in button, or the error screen with Contact Us.
 */
export function ResetPasswordView(props: ResetPasswordViewProps) {
  const { t } = useTranslation();
  switch (props.phase) {
    case 'checking':
      return (
        <p role="status" className="account-email__checking">
          <span className="spinner spinner--sm" aria-hidden="true" /> {t('accountEmail.reset.checking')}
        </p>
      );
    case 'done':
      return (
        <div className="account-email" role="status">
          <p className="account-email__done">{t('accountEmail.reset.done')}</p>
          <button type="button" className="button button--primary" onClick={props.onLogin}>
            {t('accountEmail.reset.login')}
          </button>
        </div>
      );
    case 'error':
      return (
        <div className="account-email" role="alert">
          <p className="account-email__error-title">{t('accountEmail.reset.errorTitle')}</p>
          <p>{props.message}</p>
          <div className="modal__actions">
            <Link className="button button--primary" to={props.contactHref}>
              {t('accountEmail.reset.contactUs')}
            </Link>
            <button type="button" className="button button--ghost" onClick={props.onRequestNew}>
              {t('accountEmail.reset.requestNew')}
            </button>
          </div>
        </div>
      );
    case 'form': {
      const problemText: Record<ResetFormProblem, string> = {
        required: t('accountEmail.reset.required'),
        weak: t('errors.weak_password'),
        mismatch: t('accountEmail.reset.mismatch'),
      };
      const passwordError = props.problem === 'weak' ? problemText.weak : undefined;
      const confirmError =
        props.problem === 'mismatch' || props.problem === 'required' ? problemText[props.problem] : undefined;
      return (
        <form
          className="form"
          aria-busy={props.isBusy}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          <FormAlert message={props.message} />
          <FormField
            id="reset-password"
            label={t('accountEmail.reset.password')}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            maxLength={FIELD_MAX.password}
            value={props.password}
            error={passwordError}
            describedBy="reset-password-strength"
            onChange={(event) => {
              props.onPasswordChange(event.target.value);
            }}
          />
          <PasswordStrength password={props.password} id="reset-password-strength" />
          <FormField
            id="reset-confirm-password"
            label={t('accountEmail.reset.confirm')}
            type="password"
            name="confirm_password"
            autoComplete="new-password"
            required
            maxLength={FIELD_MAX.password}
            value={props.confirmPassword}
            error={confirmError}
            onChange={(event) => {
              props.onConfirmChange(event.target.value);
            }}
          />
          <SubmitButton label={t('accountEmail.reset.submit')} isBusy={props.isBusy} />
        </form>
      );
    }
  }
}

/**
 * The reset flow for one code: validates it on mount, then sets the new password. Used by the
 * /reset-password/ page and the reset modal; `onLogin` decides where "Log in" goes.
 */
export function ResetPasswordPanel({ code, onLogin }: { code: string | null; onLogin: () => void }) {
  const { t } = useTranslation();
  const { endpoints, session, modals } = useServices();
  const describeError = useErrorText();
  const lang = useLanguage();
  const [phase, setPhase] = useState<ResetPhase>(code === null ? 'error' : 'checking');
  const [message, setMessage] = useState<string | null>(code === null ? t('accountEmail.reset.missingCode') : null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<ResetFormProblem | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (code === null) return;
    let isCurrent = true;
    endpoints.validateResetCode(code).then(
      () => {
        if (isCurrent) setPhase('form');
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setMessage(describeError(error));
        setPhase('error');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [code, endpoints, describeError]);

  async function submit(): Promise<void> {
    if (code === null) return;
    const found = resetFormProblem(password, confirmPassword);
    setProblem(found);
    setMessage(null);
    if (found !== null) return;
    setIsBusy(true);
    try {
      await endpoints.resetPassword({ code, password, confirmPassword });
      setPhase('done');
      // Every session of the account ended: let this tab know it is logged out.
      void session.checkLogin();
    } catch (error) {
      const isCodeProblem = isApiError(error) && error.code !== null && error.code.startsWith('reset_code_');
      setMessage(describeError(error));
      if (isCodeProblem) setPhase('error');
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <ResetPasswordView
      phase={phase}
      message={message}
      password={password}
      confirmPassword={confirmPassword}
      problem={problem}
      isBusy={isBusy}
      contactHref={localisedPath('/contact-us/', lang)}
      onPasswordChange={setPassword}
      onConfirmChange={setConfirmPassword}
      onSubmit={() => void submit()}
      onLogin={onLogin}
      onRequestNew={() => {
        modals.openModal('forgot');
      }}
    />
  );
}

/** GET /reset-password/?code=… (the link of the reset e-mail). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { modals } = useServices();
  return (
    <div className="container page">
      <div className="card account-email__card">
        <PageIntro title={t('accountEmail.reset.title')} />
        <ResetPasswordPanel
          code={readResetCode(search)}
          onLogin={() => {
            modals.openModal('login');
          }}
        />
      </div>
    </div>
  );
}

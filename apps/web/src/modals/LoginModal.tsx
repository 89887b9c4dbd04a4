import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { FormAlert, FormField, SubmitButton } from './FormField.tsx';
import { ModalFrame, ModalSwitchPrompt } from './ModalFrame.tsx';
import { useAfterAuth, useErrorText } from './useAuthFlow.ts';
import { promptEmailVerification } from '../account/AccountEmailNotices.tsx';
import { SocialLoginButton, useSocialErrorText } from './SocialLoginButton.tsx';
import type { SocialLoginError } from '@veritext/contracts';

type FieldErrors = { email?: string; password?: string };

/** Server field names of POST /login_check mapped to the form's. */
function loginFieldErrors(fields: Readonly<Record<string, string>>): FieldErrors {
  const email = fields['_username'] ?? fields['email'];
  const password = fields['_password'] ?? fields['password'];
  return {
    ...(email === undefined ? {} : { email }),
    ...(password === undefined ? {} : { password }),
  };
}

export function LoginModal({
  onSwitch,
  socialError,
}: {
  onSwitch: (name: 'signup' | 'forgot') => void;
  /** Why a Google sign-in just failed (?login_error=), shown at the top. */
  socialError?: SocialLoginError | undefined;
}) {
  const { t } = useTranslation();
  const { endpoints, modals } = useServices();
  const afterAuth = useAfterAuth();
  const describeError = useErrorText();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const socialErrorText = useSocialErrorText();
  const [message, setMessage] = useState<string | null>(socialErrorText(socialError));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  async function submit(): Promise<void> {
    setIsSubmitting(true);
    setMessage(null);
    setFieldErrors({});
    try {
      await endpoints.login({ email, password, rememberMe });
      await afterAuth();
      void promptEmailVerification(endpoints, modals);
    } catch (error) {
      setMessage(describeError(error));
      if (isApiError(error)) setFieldErrors(loginFieldErrors(error.fields));
      setIsSubmitting(false);
    }
  }

  return (
    <ModalFrame title={t('auth.login.title')} description={t('auth.login.description')} size="sm">
      <form
        className="form"
        aria-busy={isSubmitting}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormAlert message={message} />
        <SocialLoginButton />
        <FormField
          id="login-email"
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          maxLength={50}
          value={email}
          error={fieldErrors.email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        <FormField
          id="login-password"
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={72}
          value={password}
          error={fieldErrors.password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
        <p className="form__aside">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              onSwitch('forgot');
            }}
          >
            {t('accountEmail.forgotLink')}
          </button>
        </p>
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
        <SubmitButton label={t('auth.login.submit')} isBusy={isSubmitting} />
        {isSubmitting ? (
          <p className="visually-hidden" role="status">
            {t('auth.submitting')}
          </p>
        ) : null}
      </form>
      <ModalSwitchPrompt
        question={t('auth.login.noAccount')}
        action={t('auth.login.toSignup')}
        onSwitch={() => {
          onSwitch('signup');
        }}
      />
    </ModalFrame>
  );
}

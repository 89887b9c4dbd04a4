import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_MAX, isPasswordAcceptable } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import type { AccountType } from '../api/endpoints.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { FormAlert, FormField, SubmitButton } from './FormField.tsx';
import { ModalFrame, ModalSwitchPrompt } from './ModalFrame.tsx';
import { PasswordStrength } from './PasswordStrength.tsx';
import { useAfterAuth, useErrorText } from './useAuthFlow.ts';

type FieldErrors = Partial<Record<'email' | 'password' | 'name' | 'organisationName', string>>;

const ACCOUNT_TYPES: readonly AccountType[] = ['individual', 'organisation'];

function signupFieldErrors(fields: Readonly<Record<string, string>>): FieldErrors {
  const out: FieldErrors = {};
  if (fields['email'] !== undefined) out.email = fields['email'];
  if (fields['password'] !== undefined) out.password = fields['password'];
  if (fields['name'] !== undefined) out.name = fields['name'];
  if (fields['organisation_name'] !== undefined) out.organisationName = fields['organisation_name'];
  return out;
}

export function SignupModal({
  onSwitch,
  initialType = 'individual',
}: {
  onSwitch: (name: 'login') => void;
  initialType?: AccountType;
}) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const afterAuth = useAfterAuth();
  const describeError = useErrorText();
  const [accountType, setAccountType] = useState<AccountType>(initialType);
  const [name, setName] = useState('');
  const [organisationName, setOrganisationName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phase, setPhase] = useState<'idle' | 'botCheck' | 'sending'>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const isBusy = phase !== 'idle';

  const tabLabels: Record<AccountType, string> = {
    individual: t('auth.signup.individual'),
    organisation: t('auth.signup.organisation'),
  };

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number): void {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + ACCOUNT_TYPES.length) % ACCOUNT_TYPES.length;
    const type = ACCOUNT_TYPES[next];
    if (type !== undefined) setAccountType(type);
    tabRefs.current[next]?.focus();
  }

  async function submit(): Promise<void> {
    setMessage(null);
    setFieldErrors({});
    if (!isPasswordAcceptable(password)) {
      setFieldErrors({ password: t('errors.weak_password') });
      return;
    }
    setPhase('sending');
    try {
      await endpoints.register({ email, password, name, accountType, organisationName }, () => {
        setPhase('botCheck');
      });
      setPhase('sending');
      await afterAuth();
    } catch (error) {
      setMessage(describeError(error));
      if (isApiError(error)) setFieldErrors(signupFieldErrors(error.fields));
      setPhase('idle');
    }
  }

  return (
    <ModalFrame title={t('auth.signup.title')} description={t('auth.signup.description')}>
      <div className="tabs" role="tablist" aria-label={t('auth.signup.typeLabel')}>
        {ACCOUNT_TYPES.map((type, index) => (
          <button
            key={type}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`signup-tab-${type}`}
            aria-selected={accountType === type}
            aria-controls="signup-panel"
            tabIndex={accountType === type ? 0 : -1}
            className="tabs__tab"
            onClick={() => {
              setAccountType(type);
            }}
            onKeyDown={(event) => {
              onTabKeyDown(event, index);
            }}
          >
            {tabLabels[type]}
          </button>
        ))}
      </div>
      <form
        id="signup-panel"
        role="tabpanel"
        aria-labelledby={`signup-tab-${accountType}`}
        className="form"
        aria-busy={isBusy}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormAlert message={message} />
        {accountType === 'organisation' ? (
          <>
            <p className="form__note">{t('auth.signup.organisationHint')}</p>
            <FormField
              id="signup-organisation"
              label={t('fields.organisationName')}
              name="organisation_name"
              autoComplete="organization"
              required
              maxLength={FIELD_MAX.name}
              value={organisationName}
              error={fieldErrors.organisationName}
              onChange={(event) => {
                setOrganisationName(event.target.value);
              }}
            />
          </>
        ) : null}
        <FormField
          id="signup-name"
          label={t('fields.name')}
          hint={t('common.optional')}
          name="name"
          autoComplete="name"
          maxLength={FIELD_MAX.name}
          value={name}
          error={fieldErrors.name}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
        <FormField
          id="signup-email"
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={FIELD_MAX.email}
          value={email}
          error={fieldErrors.email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        <FormField
          id="signup-password"
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          maxLength={FIELD_MAX.password}
          value={password}
          error={fieldErrors.password}
          describedBy="signup-password-strength"
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
        <PasswordStrength password={password} id="signup-password-strength" />
        <SubmitButton label={t('auth.signup.submit')} isBusy={isBusy} />
        {isBusy ? (
          <p className="form__status" role="status">
            {phase === 'botCheck' ? t('auth.botCheck') : t('auth.submitting')}
          </p>
        ) : null}
      </form>
      <ModalSwitchPrompt
        question={t('auth.signup.haveAccount')}
        action={t('auth.signup.toLogin')}
        onSwitch={() => {
          onSwitch('login');
        }}
      />
    </ModalFrame>
  );
}

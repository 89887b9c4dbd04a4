import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_MAX, isPasswordAcceptable, ORGANISATION_NAME_MAX } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import type { AccountType } from '../api/endpoints.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { FormAlert, FormField, SubmitButton } from './FormField.tsx';
import { SocialLoginButton } from './SocialLoginButton.tsx';
import { ModalFrame, ModalSwitchPrompt } from './ModalFrame.tsx';
import { PasswordStrength } from './PasswordStrength.tsx';
import { useAfterAuth, useErrorText } from './useAuthFlow.ts';
import { funnelStep } from '../tracking/funnel.ts';
import { trackEvent } from '../tracking/track.ts';
import { useSession } from '../app/ServicesContext.tsx';
import { InviteNotice } from '../invites/InviteNotice.tsx';
import { InviteJoinModal } from '../invites/InviteJoin.tsx';
import { AgreeToTerms } from '../legal/LegalLinks.tsx';
import { organisationNameProblem } from '../members/organisations.ts';

type FieldErrors = Partial<Record<'email' | 'password' | 'name' | 'organisationName' | 'terms', string>>;

const ACCOUNT_TYPES: readonly AccountType[] = ['individual', 'organisation'];

function signupFieldErrors(fields: Readonly<Record<string, string>>): FieldErrors {
  const out: FieldErrors = {};
  if (fields['email'] !== undefined) out.email = fields['email'];
  if (fields['password'] !== undefined) out.password = fields['password'];
  if (fields['name'] !== undefined) out.name = fields['name'];
  if (fields['organisation_name'] !== undefined) out.organisationName = fields['organisation_name'];
  return out;
}

/** Sign-up: individual, organisation, or by an organisation's invite link (`invite`: its token). */
export function SignupModal({
  onSwitch,
  initialType = 'individual',
  invite,
}: {
  onSwitch: (name: 'login') => void;
  initialType?: AccountType;
  invite?: string | undefined;
}) {
  const session = useSession();
  if (invite !== undefined && session.status === 'user') return <InviteJoinModal token={invite} />;
  return <SignupForm onSwitch={onSwitch} initialType={initialType} invite={invite} />;
}

function SignupForm({
  onSwitch,
  initialType,
  invite,
}: {
  onSwitch: (name: 'login') => void;
  initialType: AccountType;
  invite: string | undefined;
}) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const afterAuth = useAfterAuth('signup');
  const describeError = useErrorText();
  const [accountType, setAccountType] = useState<AccountType>(initialType);
  const [name, setName] = useState('');
  const [organisationName, setOrganisationName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
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
    const problems: FieldErrors = {};
    // an organisation's name may be longer than a person's: refused past its bound, never cut
    if (accountType === 'organisation' && invite === undefined && organisationNameProblem(organisationName) !== null) {
      problems.organisationName = t('organisations.nameTooLong', { max: ORGANISATION_NAME_MAX });
    }
    if (!isPasswordAcceptable(password)) problems.password = t('errors.weak_password');
    // The API records the agreements when the box is ticked; the site asks for them before an account exists.
    if (!terms) problems.terms = t('auth.signup.termsRequired');
    if (Object.keys(problems).length > 0) {
      setFieldErrors(problems);
      return;
    }
    setPhase('sending');
    try {
      const type = invite === undefined ? accountType : 'individual';
      await endpoints.register({ email, password, name, accountType: type, organisationName, invite, terms }, () => {
        setPhase('botCheck');
      });
      setPhase('sending');
      trackEvent('registration');
      funnelStep('registration');
      await afterAuth();
    } catch (error) {
      setMessage(describeError(error));
      if (isApiError(error)) setFieldErrors(signupFieldErrors(error.fields));
      setPhase('idle');
    }
  }

  return (
    <ModalFrame title={t('auth.signup.title')} description={t('auth.signup.description')}>
      {invite === undefined ? null : <InviteNotice token={invite} />}
      <div className="tabs" role="tablist" aria-label={t('auth.signup.typeLabel')} hidden={invite !== undefined}>
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
      {/* the panel of the tabs wraps the form: a <form> may not take the tabpanel role */}
      <div id="signup-panel" role="tabpanel" aria-labelledby={`signup-tab-${accountType}`}>
        <form
          className="form"
          aria-busy={isBusy}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormAlert message={message} />
          {invite === undefined ? <SocialLoginButton /> : null}
          {accountType === 'organisation' && invite === undefined ? (
            <>
              <p className="form__note">{t('auth.signup.organisationHint')}</p>
              <FormField
                id="signup-organisation"
                label={t('fields.organisationName')}
                name="organisation_name"
                autoComplete="organization"
                required
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
          <label className="checkbox">
            <input
              type="checkbox"
              name="terms"
              required
              checked={terms}
              aria-invalid={fieldErrors.terms === undefined ? undefined : true}
              aria-describedby={fieldErrors.terms === undefined ? undefined : 'signup-terms-error'}
              onChange={(event) => {
                setTerms(event.target.checked);
              }}
            />
            <AgreeToTerms />
          </label>
          {fieldErrors.terms === undefined ? null : (
            <p id="signup-terms-error" className="field__error">
              {fieldErrors.terms}
            </p>
          )}
          <SubmitButton label={t('auth.signup.submit')} isBusy={isBusy} />
          {isBusy ? (
            <p className="form__status" role="status">
              {phase === 'botCheck' ? t('auth.botCheck') : t('auth.submitting')}
            </p>
          ) : null}
        </form>
      </div>
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

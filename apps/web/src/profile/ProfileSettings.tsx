import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type SyntheticEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UI_LANGUAGES, htmlLangOf, isUiLanguage, type Profile, type UiLanguage } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { homePath, storeLanguage } from '../language/language.ts';
import { setDocumentLanguage, useLanguage } from '../language/useLanguage.ts';
import { FormAlert, FormField } from '../modals/FormField.tsx';
import { PasswordStrength } from '../modals/PasswordStrength.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import {
  browserTimeZone,
  fieldErrorKey,
  fieldErrorsOf,
  hasErrors,
  initialTimeZone,
  validateDeletion,
  validateEmailChange,
  validateName,
  validatePasswordChange,
  type FieldErrors,
} from './profileForms.ts';
import { TimezoneSelect } from './TimezoneSelect.tsx';

export const PROFILE_QUERY_KEY = ['profile'] as const;

type FormState = { isBusy: boolean; success: string | null; error: string | null; fields: FieldErrors };
const IDLE: FormState = { isBusy: false, success: null, error: null, fields: {} };

/** One form's life (commerce-and-cabinet.md §4): idle, submitting (button disabled), then success or error. */
/**
 * A section's form state. `fields`: the fields the section shows; a problem of another field (the name, which a
 * language or time zone change sends again and an organisation's sign-up leaves empty) is said in the alert.
 */
function useProfileForm(fields?: readonly string[]) {
  const describeError = useErrorText();
  const { t } = useTranslation();
  const [state, setState] = useState<FormState>(IDLE);
  async function run(check: FieldErrors, action: () => Promise<string>): Promise<boolean> {
    if (hasErrors(check)) {
      setState({ ...IDLE, fields: check });
      return false;
    }
    setState({ ...IDLE, isBusy: true });
    try {
      const success = await action();
      setState({ ...IDLE, success });
      return true;
    } catch (error) {
      const problems = fieldErrorsOf(error);
      const [elsewhere, code] =
        Object.entries(problems).find(([field]) => fields !== undefined && !fields.includes(field)) ?? [];
      // Field problems show at their fields; the alert says what is left.
      const alert =
        elsewhere !== undefined && code !== undefined
          ? t(fieldErrorKey(elsewhere, code))
          : hasErrors(problems)
            ? null
            : describeError(error);
      setState({ ...IDLE, fields: problems, error: alert });
      return false;
    }
  }
  const fieldError = (field: string): string | undefined => {
    const code = state.fields[field];
    return code === undefined ? undefined : t(fieldErrorKey(field, code));
  };
  return { state, run, fieldError };
}

function Section({
  id,
  title,
  children,
  danger,
}: {
  id: string;
  title: string;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <section
      className={danger === true ? 'card profile-section profile-section--danger' : 'card profile-section'}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function Outcome({ state }: { state: FormState }) {
  return (
    <>
      <FormAlert message={state.error} />
      <div role="status" className={state.success === null ? 'visually-hidden' : 'alert alert--success'}>
        {state.success}
      </div>
    </>
  );
}

function SaveButton({ label, isBusy, danger }: { label: string; isBusy: boolean; danger?: boolean }) {
  return (
    <button
      type="submit"
      className={danger === true ? 'button button--danger' : 'button button--primary'}
      disabled={isBusy}
      aria-busy={isBusy}
    >
      {isBusy ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}

/** The header and the account card show the name and e-mail of the session's profile: bring it up to date. */
function refreshSessionProfile(session: { refreshProfile: () => Promise<unknown> }): void {
  session.refreshProfile().catch(() => undefined);
}

function useSaveSettings() {
  const { endpoints, session } = useServices();
  const queryClient = useQueryClient();
  return async (profile: Profile, change: Partial<Pick<Profile, 'name' | 'timezone' | 'language'>>) => {
    const saved = await endpoints.updateProfile({
      name: change.name ?? profile.name,
      timezone: change.timezone ?? profile.timezone,
      language: change.language ?? profile.language,
    });
    queryClient.setQueryData(PROFILE_QUERY_KEY, saved);
    refreshSessionProfile(session);
    return saved;
  };
}

function NameSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const form = useProfileForm();
  const [name, setName] = useState(profile.name);
  const id = useId();
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void form.run(validateName(name), async () => {
      await save(profile, { name: name.trim() });
      return t('profile.name.saved');
    });
  };
  return (
    <Section id={`${id}-name`} title={t('profile.name.title')}>
      <form noValidate onSubmit={onSubmit}>
        <FormField
          id={`${id}-name-input`}
          label={t('profile.name.label')}
          value={name}
          maxLength={25}
          autoComplete="name"
          required
          error={form.fieldError('name')}
          onChange={(event) => {
            setName(event.target.value);
          }}
          onBlur={() => {
            setName((value) => value.trim());
          }}
        />
        <Outcome state={form.state} />
        <SaveButton label={t('profile.save')} isBusy={form.state.isBusy} />
      </form>
    </Section>
  );
}

function EmailSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { endpoints, session } = useServices();
  const queryClient = useQueryClient();
  const form = useProfileForm();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const id = useId();
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void form
      .run(validateEmailChange({ email, currentPassword }, profile.email), async () => {
        const saved = await endpoints.changeEmail({ email, currentPassword });
        queryClient.setQueryData(PROFILE_QUERY_KEY, saved);
        refreshSessionProfile(session);
        return t('profile.email.saved', { email: saved.email });
      })
      .then((isDone) => {
        setCurrentPassword('');
        if (isDone) setEmail('');
      });
  };
  return (
    <Section id={`${id}-email`} title={t('profile.email.title')}>
      <p className="profile-email">
        <span>{profile.email}</span>{' '}
        <span className={profile.verified ? 'badge badge--success' : 'badge badge--warning'}>
          {profile.verified ? t('profile.email.verified') : t('profile.email.notVerified')}
        </span>
      </p>
      {profile.has_password ? null : <NoPasswordNotice email={profile.email} />}
      <form noValidate onSubmit={onSubmit} hidden={!profile.has_password}>
        <FormField
          id={`${id}-new-email`}
          label={t('profile.email.newLabel')}
          type="email"
          value={email}
          maxLength={50}
          autoComplete="email"
          required
          error={form.fieldError('email')}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
          onBlur={() => {
            setEmail((value) => value.trim());
          }}
        />
        <CurrentPasswordField
          id={`${id}-email-current`}
          value={currentPassword}
          error={form.fieldError('current_password')}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
          }}
        />
        <Outcome state={form.state} />
        <SaveButton label={t('profile.email.submit')} isBusy={form.state.isBusy} />
      </form>
    </Section>
  );
}

function PasswordSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { endpoints, session } = useServices();
  const form = useProfileForm();
  const [values, setValues] = useState({ currentPassword: '', password: '', confirmPassword: '' });
  const id = useId();
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
  };
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void form
      .run(validatePasswordChange(values), async () => {
        const { api_token: apiToken } = await endpoints.changePassword(values);
        session.replaceApiToken(apiToken);
        return t('profile.password.saved');
      })
      .then((isDone) => {
        setValues((previous) =>
          isDone ? { currentPassword: '', password: '', confirmPassword: '' } : { ...previous, currentPassword: '' },
        );
      });
  };
  return (
    <Section id={`${id}-password`} title={t('profile.password.title')}>
      {profile.has_password ? (
        <p className="field__hint">{t('profile.password.lead')}</p>
      ) : (
        <NoPasswordNotice email={profile.email} />
      )}
      <form noValidate onSubmit={onSubmit} hidden={!profile.has_password}>
        <CurrentPasswordField
          id={`${id}-current`}
          value={values.currentPassword}
          error={form.fieldError('current_password')}
          onChange={set('currentPassword')}
        />
        <FormField
          id={`${id}-new`}
          label={t('profile.password.newLabel')}
          type="password"
          value={values.password}
          maxLength={72}
          autoComplete="new-password"
          required
          describedBy={`${id}-strength`}
          error={form.fieldError('password')}
          onChange={set('password')}
        />
        <PasswordStrength password={values.password} id={`${id}-strength`} />
        <FormField
          id={`${id}-confirm`}
          label={t('profile.password.confirmLabel')}
          type="password"
          value={values.confirmPassword}
          maxLength={72}
          autoComplete="new-password"
          required
          error={form.fieldError('confirm_password')}
          onChange={set('confirmPassword')}
        />
        <Outcome state={form.state} />
        <SaveButton label={t('profile.password.submit')} isBusy={form.state.isBusy} />
      </form>
    </Section>
  );
}

function TimezoneSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const form = useProfileForm(['timezone']);
  const [initial] = useState(() => initialTimeZone(profile.timezone, browserTimeZone()));
  const [zone, setZone] = useState(initial.zone);
  const id = useId();
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void form.run({}, async () => {
      await save(profile, { timezone: zone });
      return t('profile.timezone.saved', { zone });
    });
  };
  return (
    <Section id={`${id}-timezone`} title={t('profile.timezone.title')}>
      <p className="field__hint">
        {initial.isSuggested && zone === initial.zone
          ? t('profile.timezone.suggested', { zone: initial.zone })
          : t('profile.timezone.current', { zone: profile.timezone })}
      </p>
      <form noValidate onSubmit={onSubmit}>
        <TimezoneSelect value={zone} onChange={setZone} error={form.fieldError('timezone')} />
        <Outcome state={form.state} />
        <SaveButton label={t('profile.save')} isBusy={form.state.isBusy} />
      </form>
    </Section>
  );
}

function LanguageSection({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const { storage } = useServices();
  const save = useSaveSettings();
  const form = useProfileForm(['language']);
  const [language, setLanguage] = useState<UiLanguage>(profile.language);
  const names = { en: t('language.en'), es: t('language.es'), no: t('language.no') } as const;
  const id = useId();
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void form.run({}, async () => {
      await save(profile, { language });
      // The site follows the account's language (the cabinet has no /es twin: it stays on this page).
      // Norwegian is the cabinet's: the public pages show it in English.
      storeLanguage(storage, language);
      await i18n.changeLanguage(language);
      setDocumentLanguage(language);
      return i18n.t('profile.language.saved');
    });
  };
  return (
    <Section id={`${id}-language`} title={t('profile.language.title')}>
      <form noValidate onSubmit={onSubmit}>
        <fieldset className="profile-choices">
          <legend className="field__label">{t('profile.language.label')}</legend>
          {UI_LANGUAGES.map((lang) => (
            <label key={lang} className="profile-choice">
              <input
                type="radio"
                name={`${id}-language`}
                value={lang}
                checked={language === lang}
                onChange={(event) => {
                  if (isUiLanguage(event.target.value)) setLanguage(event.target.value);
                }}
              />{' '}
              <span lang={htmlLangOf(lang)}>{names[lang]}</span>
            </label>
          ))}
        </fieldset>
        <Outcome state={form.state} />
        <SaveButton label={t('profile.save')} isBusy={form.state.isBusy} />
      </form>
    </Section>
  );
}

function DeleteSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { endpoints, session, modals, queryClient } = useServices();
  const navigate = useNavigate();
  const form = useProfileForm();
  const [currentPassword, setCurrentPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const id = useId();
  const lang = useLanguage();
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void form
      .run(validateDeletion({ currentPassword, confirmed }), async () => {
        const result = await endpoints.deleteAccount(currentPassword);
        const message = t('profile.delete.done', {
          checks: result.deleted.personal_checks + result.deleted.ai_checks,
          kept: result.kept.organisation_checks,
        });
        queryClient.clear();
        await navigate(homePath(lang));
        await session.checkLogin();
        modals.openModal('info', { title: t('profile.delete.doneTitle'), message });
        return message;
      })
      .then(() => {
        setCurrentPassword('');
      });
  };
  const confirmError = form.fieldError('confirm');
  return (
    <Section id={`${id}-delete`} title={t('profile.delete.title')} danger>
      <p>{t('profile.delete.lead')}</p>
      <ul className="profile-list">
        <li>{t('profile.delete.deletes')}</li>
        <li>{t('profile.delete.soleOrganisations')}</li>
        <li>{t('profile.delete.keeps')}</li>
        <li>{t('profile.delete.owners')}</li>
      </ul>
      {profile.has_password ? null : <NoPasswordNotice email={profile.email} />}
      <form noValidate onSubmit={onSubmit} hidden={!profile.has_password}>
        <CurrentPasswordField
          id={`${id}-delete-current`}
          value={currentPassword}
          error={form.fieldError('current_password')}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
          }}
        />
        <div className={confirmError === undefined ? 'field' : 'field field--invalid'}>
          <label className="profile-choice">
            <input
              type="checkbox"
              checked={confirmed}
              aria-invalid={confirmError === undefined ? undefined : true}
              aria-describedby={confirmError === undefined ? undefined : `${id}-confirm-error`}
              onChange={(event) => {
                setConfirmed(event.target.checked);
              }}
            />{' '}
            {t('profile.delete.confirm')}
          </label>
          {confirmError === undefined ? null : (
            <p id={`${id}-confirm-error`} className="field__error">
              {confirmError}
            </p>
          )}
        </div>
        <Outcome state={form.state} />
        <SaveButton label={t('profile.delete.submit')} isBusy={form.state.isBusy} danger />
      </form>
    </Section>
  );
}

/**
 * An account made by Google sign-in has no password, and the current password confirms an e-mail change, a
 * password change and the deletion: such a user first sets one through the reset link e-mailed here.
 */
function NoPasswordNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const form = useProfileForm();
  const onClick = () => {
    void form.run({}, async () => {
      await endpoints.forgotPassword(email);
      return t('profile.noPassword.sent', { email });
    });
  };
  return (
    <div className="profile-no-password">
      <p>{t('profile.noPassword.lead')}</p>
      <Outcome state={form.state} />
      <button
        type="button"
        className="button button--secondary"
        disabled={form.state.isBusy}
        aria-busy={form.state.isBusy}
        onClick={onClick}
      >
        {form.state.isBusy ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
        {t('profile.noPassword.send')}
      </button>
    </div>
  );
}

/** The current password that confirms a change or the deletion (commerce-and-cabinet.md §5). */
function CurrentPasswordField(props: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      id={props.id}
      label={t('profile.currentPassword')}
      type="password"
      value={props.value}
      maxLength={72}
      autoComplete="current-password"
      required
      error={props.error}
      onChange={props.onChange}
    />
  );
}

/** The sections of the profile page for a loaded profile. */
export function ProfileSections({ profile }: { profile: Profile }) {
  return (
    <div className="profile-sections">
      <NameSection profile={profile} />
      <EmailSection profile={profile} />
      <PasswordSection profile={profile} />
      <TimezoneSection profile={profile} />
      <LanguageSection profile={profile} />
      <DeleteSection profile={profile} />
    </div>
  );
}

/** The profile page's settings: loads the profile, then its sections (commerce-and-cabinet.md §2 "Profile"). */
export function ProfileSettings() {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const describeError = useErrorText();
  const query = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => endpoints.getProfile() });
  if (query.isPending) {
    return (
      <div className="card profile-section" aria-busy="true">
        <p>{t('profile.loading')}</p>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="alert alert--error" role="alert">
        <p>
          {t('profile.loadFailed')} {describeError(query.error)}
        </p>
        <button type="button" className="button button--small" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <ProfileSections profile={query.data} />;
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupSettings } from '@veritext/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../api/client.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock, Spinner } from '../components/Spinner.tsx';
import { dateLocaleOf, formatCount } from '../i18n/format.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { membersPagePath } from '../members/organisations.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { CreateTeamCard } from './CreateTeamCard.tsx';
import { DeleteOrganisation } from './DeleteOrganisation.tsx';
import {
  administeredGroups,
  canChooseBalanceType,
  chosenGroup,
  fieldsOf,
  formOf,
  groupIdFromSearch,
  serverFieldErrors,
  validateSettings,
  type SettingsErrors,
  type SettingsForm,
} from './organisationSettings.ts';

export const GROUP_SETTINGS_QUERY_KEY = 'group-settings';

/** A switch: a checkbox a screen reader announces as on/off, its explanation under it. */
function Switch({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="org-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="org-switch__input"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <label htmlFor={id} className="org-switch__label">
        <span className="org-switch__track" aria-hidden="true">
          <span className="org-switch__thumb" />
        </span>
        <span className="org-switch__text">{label}</span>
      </label>
      <p id={`${id}-hint`} className="field__hint org-switch__hint">
        {hint}
      </p>
    </div>
  );
}

function Group({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <fieldset className="org-settings__group">
      <legend className="org-settings__legend">{title}</legend>
      {lead === undefined ? null : <p className="org-settings__lead">{lead}</p>}
      <div className="org-settings__fields">{children}</div>
    </fieldset>
  );
}

function TextField({
  label,
  hint,
  error,
  value,
  onChange,
  multiline,
  inputMode,
  name,
}: {
  label: string;
  hint?: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  inputMode?: 'numeric';
  name: string;
}) {
  const id = useId();
  const described = [hint === undefined ? null : `${id}-hint`, error === undefined ? null : `${id}-error`]
    .filter((part) => part !== null)
    .join(' ');
  const common = {
    id,
    name,
    className: multiline === true ? 'field__input org-settings__textarea' : 'field__input',
    value,
    'aria-invalid': error !== undefined,
    ...(described === '' ? {} : { 'aria-describedby': described }),
  };
  return (
    <div className={error === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {multiline === true ? (
        <textarea
          {...common}
          rows={3}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      ) : (
        <input
          {...common}
          type="text"
          {...(inputMode === undefined ? {} : { inputMode })}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
      {hint === undefined ? null : (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error === undefined ? null : (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The settings form of one organisation: grouped sections, saved at once with progress, success and errors. */
function SettingsEditor({ settings }: { settings: GroupSettings }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { endpoints } = useServices();
  const queryClient = useQueryClient();
  const toErrorText = useErrorText();
  const [form, setForm] = useState<SettingsForm>(() => formOf(settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [saved, setSaved] = useState(false);
  const id = useId();
  const save = useMutation({
    mutationFn: () => endpoints.saveGroupSettings(settings.id, fieldsOf(form, settings)),
    onSuccess: (answer) => {
      queryClient.setQueryData([GROUP_SETTINGS_QUERY_KEY, settings.id], answer.data.settings);
      void queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY });
      setForm(formOf(answer.data.settings));
      setSaved(true);
    },
    onError: (error) => {
      if (isApiError(error)) setErrors(serverFieldErrors(error.fields));
    },
  });
  function change(next: Partial<SettingsForm>): void {
    setForm((current) => ({ ...current, ...next }));
    setSaved(false);
  }
  const fieldError = (field: keyof SettingsErrors) => {
    const key = errors[field];
    return key === undefined ? undefined : t(key, { count: settings.member_count });
  };
  const balanceChoice = canChooseBalanceType(settings);

  return (
    <form
      className="card org-settings"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        const found = validateSettings(form, settings.member_count);
        setErrors(found);
        setSaved(false);
        if (Object.keys(found).length === 0) save.mutate();
      }}
    >
      <h2 id={`${id}-title`} className="org-settings__title">
        {t('orgSettings.formTitle')}
      </h2>
      <Group
        title={t('orgSettings.general.title')}
        lead={t('orgSettings.general.created', {
          date: new Date(settings.created_at).toLocaleDateString(dateLocaleOf(lang), {
            day: 'numeric',
            month: 'short',
            year: 'numeric',
          }),
        })}
      >
        <TextField
          name="name"
          label={t('orgSettings.general.name')}
          error={fieldError('name')}
          value={form.name}
          onChange={(name) => {
            change({ name });
          }}
        />
        <TextField
          name="description"
          label={t('orgSettings.general.description')}
          hint={t('orgSettings.general.descriptionHint')}
          error={fieldError('description')}
          value={form.description}
          multiline
          onChange={(description) => {
            change({ description });
          }}
        />
      </Group>

      <Group title={t('orgSettings.balance.title')}>
        <div className="org-settings__radios" role="radiogroup" aria-labelledby={`${id}-balance`}>
          <p id={`${id}-balance`} className="field__label">
            {t('orgSettings.balance.typeLabel')}
          </p>
          {balanceChoice ? (
            (['1', '2'] as const).map((value) => (
              <label key={value} className="org-radio">
                <input
                  type="radio"
                  name="balance_type"
                  value={value}
                  checked={form.balanceType === value}
                  onChange={() => {
                    change({ balanceType: value });
                  }}
                />
                <span>
                  <strong>{value === '1' ? t('orgSettings.balance.shared') : t('orgSettings.balance.perUser')}</strong>
                  <span className="field__hint">
                    {value === '1' ? t('orgSettings.balance.sharedHint') : t('orgSettings.balance.perUserHint')}
                  </span>
                </span>
              </label>
            ))
          ) : (
            <p className="alert alert--info">{t('orgSettings.balance.subscription')}</p>
          )}
        </div>
        <Switch
          label={t('orgSettings.balance.negative')}
          hint={t('orgSettings.balance.negativeHint')}
          checked={form.negativeBalance}
          onChange={(negativeBalance) => {
            change({ negativeBalance });
          }}
        />
      </Group>

      <Group title={t('orgSettings.checks.title')}>
        <Switch
          label={t('orgSettings.checks.lockStudents')}
          hint={t('orgSettings.checks.lockStudentsHint')}
          checked={form.lockStudents}
          onChange={(lockStudents) => {
            change({ lockStudents });
          }}
        />
        <Switch
          label={t('orgSettings.checks.lmsOnly')}
          hint={t('orgSettings.checks.lmsOnlyHint')}
          checked={form.lmsOnly}
          onChange={(lmsOnly) => {
            change({ lmsOnly });
          }}
        />
        <Switch
          label={t('orgSettings.checks.authorship')}
          hint={t('orgSettings.checks.authorshipHint')}
          checked={form.authorshipCheck}
          onChange={(authorshipCheck) => {
            change({ authorshipCheck });
          }}
        />
        <Switch
          label={t('orgSettings.checks.grammar')}
          hint={t('orgSettings.checks.grammarHint')}
          checked={form.grammarChecker}
          onChange={(grammarChecker) => {
            change({ grammarChecker });
          }}
        />
      </Group>

      <Group title={t('orgSettings.documents.title')}>
        <Switch
          label={t('orgSettings.documents.keepPrivate')}
          hint={t('orgSettings.documents.keepPrivateHint')}
          checked={form.keepPrivate}
          onChange={(keepPrivate) => {
            change({ keepPrivate });
          }}
        />
      </Group>

      <Group
        title={t('orgSettings.members.title')}
        lead={t('orgSettings.members.count', {
          members: formatCount(settings.member_count, lang),
          invitations: formatCount(settings.pending_invitations, lang),
        })}
      >
        <TextField
          name="max_members"
          label={t('orgSettings.members.max')}
          hint={t('orgSettings.members.maxHint')}
          error={fieldError('max_members')}
          value={form.maxMembers}
          inputMode="numeric"
          onChange={(maxMembers) => {
            change({ maxMembers });
          }}
        />
        <p>
          <Link to={membersPagePath(settings.id)}>{t('orgSettings.members.manage')}</Link>
        </p>
      </Group>

      {save.isError ? (
        <div className="alert alert--error" role="alert">
          <p>{toErrorText(save.error)}</p>
        </div>
      ) : null}
      <div role="status" className={saved ? 'alert alert--success' : 'visually-hidden'}>
        {saved ? t('orgSettings.saved') : ''}
      </div>
      <div className="org-settings__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Spinner size="sm" /> : null}
          {save.isPending ? t('orgSettings.saving') : t('orgSettings.save')}
        </button>
      </div>
    </form>
  );
}

function GroupSettingsView({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const toErrorText = useErrorText();
  const query = useQuery({
    queryKey: [GROUP_SETTINGS_QUERY_KEY, groupId],
    queryFn: () => endpoints.groupSettings(groupId),
  });
  if (query.isPending) return <LoadingBlock label={t('orgSettings.loading')} />;
  if (query.isError) {
    return (
      <div className="alert alert--error" role="alert">
        <p>{toErrorText(query.error)}</p>
        <button type="button" className="button button--small" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="org-settings-page">
      {query.data.is_disabled ? (
        <div className="alert alert--error" role="alert">
          <p>{t('orgSettings.disabledNotice')}</p>
        </div>
      ) : null}
      <SettingsEditor key={query.data.id} settings={query.data} />
      <DeleteOrganisation groupId={query.data.id} name={query.data.name} />
    </div>
  );
}

/**
 * /profile/organisation/: the owner's settings of an organisation (?group=ID when they administer several), its
 * danger zone, and for a user without one, the card that creates a team.
 */
export function OrganisationSettingsPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const [search, setSearch] = useSearchParams();
  const chooserId = useId();
  const groups = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => fetchGroups(client) });
  const owned = administeredGroups(groups.data ?? []);
  const group = chosenGroup(groups.data ?? [], groupIdFromSearch(search));
  return (
    <div className="container page">
      <PageIntro title={t('orgSettings.title')} lead={t('orgSettings.lead')} />
      {groups.isPending ? <LoadingBlock label={t('orgSettings.loading')} /> : null}
      {groups.isSuccess && group === null ? (
        <div className="org-settings-page">
          <div className="alert alert--info" role="status">
            <p>{t('orgSettings.none')}</p>
          </div>
          <CreateTeamCard />
        </div>
      ) : null}
      {owned.length > 1 && group !== null ? (
        <div className="field org-settings__chooser">
          <label htmlFor={chooserId} className="field__label">
            {t('orgSettings.chooser')}
          </label>
          <select
            id={chooserId}
            className="field__input"
            value={String(group.id)}
            onChange={(event) => {
              setSearch({ group: event.target.value });
            }}
          >
            {owned.map((candidate) => (
              <option key={candidate.id} value={String(candidate.id)}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {group === null ? null : <GroupSettingsView key={group.id} groupId={group.id} />}
    </div>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import type { LmsToken, LmsTokenCreated, LmsTokenList } from '@veritext/contracts';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { LoadingBlock, Spinner } from '../components/Spinner.tsx';
import { dateLocaleOf } from '../i18n/format.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import {
  EMPTY_LMS_TOKEN_FORM,
  LMS_TOKEN_NAME_MAX,
  LMS_TOKENS_QUERY_KEY,
  lmsTokenFormError,
  lmsTokensEndpoints,
  sortTokens,
  type LmsTokenForm,
} from './lmsTokens.ts';
import { CopyField } from './CopyField.tsx';

function formatDate(value: string | null, language: string): string | null {
  return value === null ? null : new Date(value).toLocaleString(dateLocaleOf(language));
}

/** One token of the list: its name, owner, last four characters, dates, AI option; revoke with a confirmation. */
export function LmsTokenItem({
  token,
  onRevoke,
  isRevoking = false,
}: {
  token: LmsToken;
  onRevoke: (id: number) => void;
  isRevoking?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  const headingId = `lms-token-${String(token.id)}`;
  const revoked = token.revoked_at !== null;
  return (
    <li className="card integrations__platform" aria-labelledby={headingId}>
      <h4 id={headingId}>
        {token.name}
        {revoked ? <span className="badge"> {t('lmsTokens.revoked')}</span> : null}
      </h4>
      <dl className="integrations__facts">
        <dt>{t('lmsTokens.owner')}</dt>
        <dd>{token.kind === 'personal' ? t('lmsTokens.personal') : (token.group_name ?? '')}</dd>
        <dt>{t('lmsTokens.token')}</dt>
        <dd className="integrations__code">
          {token.kind === 'organisation' ? 'G-' : 'L-'}…{token.hint}
        </dd>
        <dt>{t('lmsTokens.created')}</dt>
        <dd>{formatDate(token.created_at, i18n.language)}</dd>
        <dt>{t('lmsTokens.lastUsed')}</dt>
        <dd>{formatDate(token.last_used_at, i18n.language) ?? t('lmsTokens.never')}</dd>
        <dt>{t('lmsTokens.checkAi')}</dt>
        <dd>{token.check_ai ? t('lmsTokens.yes') : t('lmsTokens.no')}</dd>
        {token.kind === 'organisation' ? (
          <>
            <dt>{t('lmsTokens.autoRegistration')}</dt>
            <dd>{token.auto_registration ? t('lmsTokens.yes') : t('lmsTokens.no')}</dd>
          </>
        ) : null}
        {revoked ? (
          <>
            <dt>{t('lmsTokens.revokedOn')}</dt>
            <dd>{formatDate(token.revoked_at, i18n.language)}</dd>
          </>
        ) : null}
      </dl>
      {revoked ? null : (
        <div className="integrations__actions">
          {isConfirming ? (
            <span className="integrations__confirm" role="group" aria-label={t('lmsTokens.confirmRevoke')}>
              <span>{t('lmsTokens.confirmRevoke')}</span>
              <button
                type="button"
                className="button button--small button--primary"
                disabled={isRevoking}
                aria-busy={isRevoking}
                onClick={() => {
                  onRevoke(token.id);
                }}
              >
                {isRevoking ? <Spinner size="sm" /> : null}
                {t('lmsTokens.revoke')}
              </button>
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => {
                  setIsConfirming(false);
                }}
              >
                {t('lmsTokens.cancel')}
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                setIsConfirming(true);
              }}
            >
              {t('lmsTokens.revoke')}
              <span className="visually-hidden"> {token.name}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** The form that makes a token: its name, whose (the user's own or an owned organisation's), the options. */
export function LmsTokenCreateForm({
  organisations,
  onCreate,
  isPending,
  error,
}: {
  organisations: LmsTokenList['organisations'];
  onCreate: (form: LmsTokenForm) => void;
  isPending: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState<LmsTokenForm>(EMPTY_LMS_TOKEN_FORM);
  const [shownError, setShownError] = useState<'required' | 'tooLong' | null>(null);
  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const invalid = lmsTokenFormError(form);
    setShownError(invalid);
    if (invalid === null) onCreate(form);
  }
  const nameError =
    shownError === 'required'
      ? t('lmsTokens.errors.required')
      : shownError === 'tooLong'
        ? t('lmsTokens.errors.tooLong', { max: LMS_TOKEN_NAME_MAX })
        : null;
  return (
    <form className="integrations__form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('lmsTokens.createTitle')}</h4>
      <div className={nameError === null ? 'field' : 'field field--invalid'}>
        <label htmlFor={`${id}-name`} className="field__label">
          {t('lmsTokens.name')}
        </label>
        <input
          id={`${id}-name`}
          className="field__input"
          type="text"
          maxLength={LMS_TOKEN_NAME_MAX + 20}
          value={form.name}
          aria-invalid={nameError === null ? undefined : true}
          aria-describedby={nameError === null ? `${id}-name-hint` : `${id}-name-error`}
          onChange={(event) => {
            setForm({ ...form, name: event.target.value });
          }}
        />
        <p id={`${id}-name-hint`} className="field__hint">
          {t('lmsTokens.nameHint')}
        </p>
        {nameError === null ? null : (
          <p id={`${id}-name-error`} className="field__error">
            {nameError}
          </p>
        )}
      </div>
      {organisations.length > 0 ? (
        <div className="field">
          <label htmlFor={`${id}-owner`} className="field__label">
            {t('lmsTokens.owner')}
          </label>
          <select
            id={`${id}-owner`}
            className="field__input"
            value={form.owner}
            onChange={(event) => {
              setForm({ ...form, owner: event.target.value });
            }}
          >
            <option value="">{t('lmsTokens.personalCharges')}</option>
            {organisations.map((organisation) => (
              <option key={organisation.id} value={String(organisation.id)}>
                {t('lmsTokens.organisationCharges', { name: organisation.name })}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label className="profile-choice">
          <input
            type="checkbox"
            checked={form.checkAi}
            onChange={(event) => {
              setForm({ ...form, checkAi: event.target.checked });
            }}
          />{' '}
          {t('lmsTokens.checkAiOption')}
        </label>
      </div>
      {form.owner === '' ? null : (
        <div className="field">
          <label className="profile-choice">
            <input
              type="checkbox"
              checked={form.autoRegistration}
              onChange={(event) => {
                setForm({ ...form, autoRegistration: event.target.checked });
              }}
            />{' '}
            {t('lmsTokens.autoRegistrationOption')}
          </label>
        </div>
      )}
      {error === null ? null : (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={isPending} aria-busy={isPending}>
        {isPending ? <Spinner size="sm" /> : null}
        {t('lmsTokens.create')}
      </button>
    </form>
  );
}

/** The new token, shown once, with where it goes in the plugin. */
export function CreatedToken({ created, onDone }: { created: LmsTokenCreated; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert--info integrations__created" role="status">
      <p>
        <strong>{t('lmsTokens.createdTitle', { name: created.item.name })}</strong>
      </p>
      <p>{t('lmsTokens.shownOnce')}</p>
      <CopyField label={t('lmsTokens.tokenToPaste')} value={created.token} secret />
      <button type="button" className="button button--small" onClick={onDone}>
        {t('lmsTokens.done')}
      </button>
    </div>
  );
}

/** The section as drawn from its data (the list, the endpoint, the form); LmsTokensSection loads and acts. */
export function LmsTokensView({
  data,
  created,
  onCreate,
  onRevoke,
  onDismissCreated,
  creating = false,
  revokingId = null,
  createError = null,
  revokeError = null,
}: {
  data: LmsTokenList;
  created: LmsTokenCreated | null;
  onCreate: (form: LmsTokenForm) => void;
  onRevoke: (id: number) => void;
  onDismissCreated: () => void;
  creating?: boolean;
  revokingId?: number | null;
  createError?: string | null;
  revokeError?: string | null;
}) {
  const { t } = useTranslation();
  const tokens = sortTokens(data.tokens);
  return (
    <>
      <CopyField label={t('lmsTokens.endpoint')} value={data.endpoint} />
      <p className="field__hint">{t('lmsTokens.endpointHint')}</p>
      {created === null ? null : <CreatedToken created={created} onDone={onDismissCreated} />}
      <h3>{t('lmsTokens.listTitle')}</h3>
      {tokens.length === 0 ? <p>{t('lmsTokens.none')}</p> : null}
      <ul className="integrations__platform-list">
        {tokens.map((token) => (
          <LmsTokenItem key={token.id} token={token} onRevoke={onRevoke} isRevoking={revokingId === token.id} />
        ))}
      </ul>
      {revokeError === null ? null : (
        <p className="alert alert--error" role="alert">
          {revokeError}
        </p>
      )}
      <LmsTokenCreateForm
        organisations={data.organisations}
        onCreate={onCreate}
        isPending={creating}
        error={createError}
      />
    </>
  );
}

/**
 * "LMS plugins" on /profile/integrations/ (issue 19): tokens for plugins written for the PlagiarismCheck API (the
 * Moodle plugin plagiarism_pchkorg). A token only submits checks and reads the checks it made; a personal one
 * charges the user, an organisation's ("G-…", its owner makes it) the organisation. Shown once, revocable.
 */
export function LmsTokensSection() {
  const { t } = useTranslation();
  const { client, queryClient } = useServices();
  const errorText = useErrorText();
  const endpoints = lmsTokensEndpoints(client);
  const [created, setCreated] = useState<LmsTokenCreated | null>(null);
  const tokens = useQuery({ queryKey: [LMS_TOKENS_QUERY_KEY], queryFn: () => endpoints.load() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [LMS_TOKENS_QUERY_KEY] });
  const create = useMutation({
    mutationFn: (form: LmsTokenForm) => endpoints.create(form),
    onSuccess: async (answer) => {
      setCreated(answer);
      await refresh();
    },
  });
  const revoke = useMutation({ mutationFn: (id: number) => endpoints.revoke(id), onSuccess: refresh });
  return (
    <section className="card integrations__section" aria-labelledby="lms-tokens-title">
      <h2 id="lms-tokens-title">{t('lmsTokens.title')}</h2>
      <p>{t('lmsTokens.lead')}</p>
      {tokens.isPending ? (
        <LoadingBlock label={t('lmsTokens.loading')} />
      ) : tokens.isError ? (
        <p className="alert alert--error" role="alert">
          {errorText(tokens.error)}
        </p>
      ) : (
        <LmsTokensView
          data={tokens.data}
          created={created}
          onCreate={(form) => {
            setCreated(null);
            create.mutate(form);
          }}
          onRevoke={(id) => {
            revoke.mutate(id);
          }}
          onDismissCreated={() => {
            setCreated(null);
          }}
          creating={create.isPending}
          revokingId={revoke.isPending ? revoke.variables : null}
          createError={create.isError ? errorText(create.error) : null}
          revokeError={revoke.isError ? errorText(revoke.error) : null}
        />
      )}
    </section>
  );
}

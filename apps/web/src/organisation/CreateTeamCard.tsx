import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORGANISATION_NAME_MAX } from '@veritext/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { GROUPS_QUERY_KEY } from '../check/groups.ts';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { organisationSettingsPath } from './organisationSettings.ts';
import { trackEvent } from '../tracking/track.ts';

/**
 * "Create a team" (commerce-and-cabinet.md §2): a signed-in user names a team (and may describe it) and becomes its
 * administrator; the organisation settings page opens on it.
 */
export function CreateTeamCard() {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toErrorText = useErrorText();
  const id = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => endpoints.createTeam({ name, description }),
    onSuccess: async (answer) => {
      trackEvent('create_group');
      await queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY });
      void navigate(organisationSettingsPath(answer.data.group.id));
    },
  });
  return (
    <section className="card create-team" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('orgSettings.create.title')}</h2>
      <p className="create-team__lead">{t('orgSettings.create.lead')}</p>
      <form
        className="create-team__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '') {
            setNameError(t('orgSettings.errors.nameRequired'));
            return;
          }
          setNameError(null);
          create.mutate();
        }}
      >
        <div className={nameError === null ? 'field' : 'field field--invalid'}>
          <label htmlFor={`${id}-name`} className="field__label">
            {t('orgSettings.create.name')}
          </label>
          <input
            id={`${id}-name`}
            className="field__input"
            type="text"
            maxLength={ORGANISATION_NAME_MAX}
            value={name}
            aria-invalid={nameError !== null}
            {...(nameError === null ? {} : { 'aria-describedby': `${id}-name-error` })}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
          {nameError === null ? null : (
            <p id={`${id}-name-error`} className="field__error">
              {nameError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`} className="field__label">
            {t('orgSettings.create.description')}
          </label>
          <textarea
            id={`${id}-description`}
            className="field__input org-settings__textarea"
            rows={2}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
            }}
          />
        </div>
        {create.isError ? (
          <p className="alert alert--error" role="alert">
            {toErrorText(create.error)}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={create.isPending}
          aria-busy={create.isPending}
        >
          {create.isPending ? <Spinner size="sm" /> : null}
          {create.isPending ? t('orgSettings.create.creating') : t('orgSettings.create.submit')}
        </button>
      </form>
    </section>
  );
}

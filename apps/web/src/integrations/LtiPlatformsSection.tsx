import { useMutation } from '@tanstack/react-query';
import type { LtiContext, LtiPlatform } from '@veritext/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { dateLocaleOf } from '../i18n/format.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { ORGANISATION_SETTINGS_PATH } from '../organisation/organisationSettings.ts';
import {
  emptyForm,
  formOf,
  integrationsEndpoints,
  INTEGRATIONS_QUERY_KEY,
  type IntegrationsData,
  type PlatformForm as Form,
} from './integrations.ts';
import { PlatformForm } from './PlatformForm.tsx';

type Lti = IntegrationsData['lti'];

/** A course's roster state: never synced, waiting in the queue, synced (when, how many), or failed (why). */
function RosterStatus({ context }: { context: LtiContext }) {
  const { t, i18n } = useTranslation();
  if (!context.has_roster_service) return <>{t('integrations.roster.noService')}</>;
  switch (context.roster_status) {
    case 'never':
      return <>{t('integrations.roster.never')}</>;
    case 'queued':
      return (
        <>
          <Spinner size="sm" /> {t('integrations.roster.queued')}
        </>
      );
    case 'done':
      return (
        <>
          {t('integrations.roster.done', {
            count: context.roster_members ?? 0,
            date: new Date(context.roster_synced_at ?? 0).toLocaleString(dateLocaleOf(i18n.language)),
          })}
        </>
      );
    case 'failed':
      return <>{t('integrations.roster.failed', { error: context.roster_error ?? '' })}</>;
  }
}

function PlatformCard({ platform, onEdit }: { platform: LtiPlatform; onEdit: () => void }) {
  const { t } = useTranslation();
  const { client, queryClient } = useServices();
  const errorText = useErrorText();
  const endpoints = integrationsEndpoints(client);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [INTEGRATIONS_QUERY_KEY] });
  const remove = useMutation({ mutationFn: () => endpoints.remove(platform.id), onSuccess: refresh });
  const sync = useMutation({
    mutationFn: () => endpoints.syncRoster(platform.id),
    onSuccess: async (queued) => {
      setMessage(
        queued === 0 ? t('integrations.roster.nothingToSync') : t('integrations.roster.queuedCount', { count: queued }),
      );
      await refresh();
    },
  });
  const title = platform.name.trim() === '' ? platform.issuer : platform.name;
  const headingId = `lti-platform-${String(platform.id)}`;
  return (
    <li className="card integrations__platform" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <dl className="integrations__facts">
        <dt>{t('integrations.platforms.organisation')}</dt>
        <dd>{platform.group_name}</dd>
        <dt>{t('integrations.form.issuer')}</dt>
        <dd className="integrations__code">{platform.issuer}</dd>
        <dt>{t('integrations.form.clientId')}</dt>
        <dd className="integrations__code">{platform.client_id}</dd>
        <dt>{t('integrations.form.deploymentIds')}</dt>
        <dd className="integrations__code">{platform.deployment_ids.join(', ')}</dd>
      </dl>
      <h4>{t('integrations.roster.title')}</h4>
      {platform.contexts.length === 0 ? (
        <p className="field__hint">{t('integrations.roster.noCourses')}</p>
      ) : (
        <ul className="integrations__courses">
          {platform.contexts.map((context) => (
            <li key={context.id}>
              <strong>{context.title === '' ? context.context_id : context.title}</strong>:{' '}
              <RosterStatus context={context} />
            </li>
          ))}
        </ul>
      )}
      <div className="integrations__actions">
        <button
          type="button"
          className="button button--small"
          disabled={sync.isPending || !platform.contexts.some((context) => context.has_roster_service)}
          aria-busy={sync.isPending}
          onClick={() => {
            setMessage(null);
            sync.mutate();
          }}
        >
          {sync.isPending ? <Spinner size="sm" /> : null}
          {t('integrations.roster.sync')}
        </button>
        <button type="button" className="button button--small button--ghost" onClick={onEdit}>
          {t('integrations.platforms.edit')}
        </button>
        {isConfirmingDelete ? (
          <span className="integrations__confirm" role="group" aria-label={t('integrations.platforms.confirmDelete')}>
            <span>{t('integrations.platforms.confirmDelete')}</span>
            <button
              type="button"
              className="button button--small button--primary"
              disabled={remove.isPending}
              aria-busy={remove.isPending}
              onClick={() => {
                remove.mutate();
              }}
            >
              {remove.isPending ? <Spinner size="sm" /> : null}
              {t('integrations.platforms.delete')}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                setIsConfirmingDelete(false);
              }}
            >
              {t('integrations.form.cancel')}
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => {
              setIsConfirmingDelete(true);
            }}
          >
            {t('integrations.platforms.delete')}
          </button>
        )}
      </div>
      <p role="status" className="field__hint">
        {message ?? ''}
        {sync.isError ? errorText(sync.error) : ''}
        {remove.isError ? errorText(remove.error) : ''}
      </p>
    </li>
  );
}

/** "LTI 1.3 platforms": the registrations of the organisations the user owns, and the form to add or change one. */
export function LtiPlatformsSection({ lti }: { lti: Lti }) {
  const { t } = useTranslation();
  const { client, queryClient } = useServices();
  const endpoints = integrationsEndpoints(client);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [saved, setSaved] = useState(false);

  async function save(platformId: number | null, form: Form) {
    await endpoints.save(platformId, form);
    setEditing(null);
    setSaved(true);
    await queryClient.invalidateQueries({ queryKey: [INTEGRATIONS_QUERY_KEY] });
  }

  if (lti.groups.length === 0) {
    return (
      <p className="alert alert--info">
        {t('integrations.platforms.ownersOnly')}{' '}
        <Link to={ORGANISATION_SETTINGS_PATH}>{t('integrations.platforms.createOrganisation')}</Link>
      </p>
    );
  }
  return (
    <div className="integrations__platforms">
      {lti.platforms.length === 0 ? <p>{t('integrations.platforms.none')}</p> : null}
      <ul className="integrations__platform-list">
        {lti.platforms.map((platform) =>
          editing === platform.id ? (
            <li key={platform.id} className="card">
              <h3>{t('integrations.platforms.editTitle', { name: platform.name || platform.issuer })}</h3>
              <PlatformForm
                initial={formOf(platform)}
                groups={null}
                onSave={(form) => save(platform.id, form)}
                onCancel={() => {
                  setEditing(null);
                }}
              />
            </li>
          ) : (
            <PlatformCard
              key={platform.id}
              platform={platform}
              onEdit={() => {
                setSaved(false);
                setEditing(platform.id);
              }}
            />
          ),
        )}
      </ul>
      <p role="status" className={saved ? 'alert alert--success' : 'visually-hidden'}>
        {saved ? t('integrations.platforms.saved') : ''}
      </p>
      {editing === 'new' ? (
        <div className="card">
          <h3>{t('integrations.platforms.add')}</h3>
          <PlatformForm
            initial={emptyForm(lti.groups[0]?.id ?? null)}
            groups={lti.groups}
            onSave={(form) => save(null, form)}
            onCancel={() => {
              setEditing(null);
            }}
          />
        </div>
      ) : (
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setSaved(false);
            setEditing('new');
          }}
        >
          {t('integrations.platforms.add')}
        </button>
      )}
    </div>
  );
}

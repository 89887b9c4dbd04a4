import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGroup } from '@veritext/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock, Spinner } from '../components/Spinner.tsx';
import { formatCount } from '../i18n/format.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';

const ADMIN_GROUPS_QUERY_KEY = 'admin-groups';

/** Disable (with a reason, asked in place) or enable one organisation; the outcome is announced. */
function GroupActions({ group, onDone }: { group: AdminGroup; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const queryClient = useQueryClient();
  const toErrorText = useErrorText();
  const id = useId();
  const [isAsking, setIsAsking] = useState(false);
  const [reason, setReason] = useState('');
  const change = useMutation({
    mutationFn: (disabled: { reason: string } | null) => endpoints.adminSetGroupDisabled(group.id, disabled),
    onSuccess: (updated) => {
      setIsAsking(false);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: [ADMIN_GROUPS_QUERY_KEY] });
      onDone(
        updated.is_disabled
          ? t('adminOrgs.disabledDone', { name: updated.name })
          : t('adminOrgs.enabledDone', { name: updated.name }),
      );
    },
  });
  const error = change.isError ? (
    <p className="field__error" role="alert">
      {toErrorText(change.error)}
    </p>
  ) : null;
  if (group.is_disabled) {
    return (
      <div className="admin-orgs__actions">
        <button
          type="button"
          className="button button--small"
          disabled={change.isPending}
          aria-busy={change.isPending}
          onClick={() => {
            change.mutate(null);
          }}
        >
          {change.isPending ? <Spinner size="sm" /> : null}
          {t('adminOrgs.enable')}
        </button>
        {error}
      </div>
    );
  }
  if (!isAsking) {
    return (
      <div className="admin-orgs__actions">
        <button
          type="button"
          className="button button--small button--danger"
          onClick={() => {
            setIsAsking(true);
          }}
        >
          {t('adminOrgs.disable')}
        </button>
      </div>
    );
  }
  return (
    <form
      className="admin-orgs__actions admin-orgs__disable"
      aria-label={t('adminOrgs.disableLabel', { name: group.name })}
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate({ reason });
      }}
    >
      <label htmlFor={`${id}-reason`} className="field__label">
        {t('adminOrgs.reason')}
      </label>
      <input
        id={`${id}-reason`}
        className="field__input"
        type="text"
        maxLength={500}
        value={reason}
        autoFocus
        onChange={(event) => {
          setReason(event.target.value);
        }}
      />
      <div className="admin-orgs__buttons">
        <button
          type="submit"
          className="button button--small button--danger"
          disabled={change.isPending}
          aria-busy={change.isPending}
        >
          {change.isPending ? <Spinner size="sm" /> : null}
          {t('adminOrgs.confirmDisable')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={change.isPending}
          onClick={() => {
            setIsAsking(false);
            change.reset();
          }}
        >
          {t('adminOrgs.keep')}
        </button>
      </div>
      {error}
    </form>
  );
}

function GroupRow({ group, onDone }: { group: AdminGroup; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <li className={group.is_disabled ? 'admin-orgs__item is-disabled' : 'admin-orgs__item'}>
      <div className="admin-orgs__main">
        <p className="admin-orgs__name">
          <strong>{group.name}</strong> <span className="admin-orgs__id">#{group.id}</span>
          {group.is_disabled ? <span className="badge badge--danger">{t('adminOrgs.disabledBadge')}</span> : null}
        </p>
        <p className="admin-orgs__owner">{group.owner_email ?? t('adminOrgs.noOwner')}</p>
        <dl className="admin-orgs__facts">
          <div>
            <dt>{t('adminOrgs.members')}</dt>
            <dd>
              {group.max_members === null
                ? formatCount(group.member_count, lang)
                : t('adminOrgs.membersOfMax', {
                    members: formatCount(group.member_count, lang),
                    max: formatCount(group.max_members, lang),
                  })}
            </dd>
          </div>
          <div>
            <dt>{t('adminOrgs.pages')}</dt>
            <dd>{formatCount(group.balance, lang)}</dd>
          </div>
          <div>
            <dt>{t('adminOrgs.aiPages')}</dt>
            <dd>{formatCount(group.ai_balance, lang)}</dd>
          </div>
        </dl>
        {group.is_disabled && group.disabled_reason !== '' ? (
          <p className="admin-orgs__reason">{t('adminOrgs.reasonShown', { reason: group.disabled_reason })}</p>
        ) : null}
      </div>
      <GroupActions group={group} onDone={onDone} />
    </li>
  );
}

const PER_PAGE = 25;

/** /admin/organisations: site administrators find an organisation (name, owner's e-mail, id), disable or enable it. */
export function AdminOrganisationsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const { endpoints } = useServices();
  const toErrorText = useErrorText();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [typed, setTyped] = useState(q);
  const [announcement, setAnnouncement] = useState('');
  const isAdmin = session.profile?.is_admin === true;
  const query = useQuery({
    queryKey: [ADMIN_GROUPS_QUERY_KEY, q, page],
    queryFn: () => endpoints.adminGroups({ q, page }),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
  });
  if (!isAdmin) {
    return (
      <div className="container page">
        <PageIntro title={t('adminOrgs.title')} />
        <p className="alert alert--info" role="alert">
          {t('adminOrgs.denied')}
        </p>
      </div>
    );
  }
  const pages = query.data === undefined ? 1 : Math.max(1, Math.ceil(query.data.total / PER_PAGE));
  return (
    <div className="container page">
      <PageIntro title={t('adminOrgs.title')} lead={t('adminOrgs.lead')} />
      <form
        className="admin-orgs__search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(typed.trim() === '' ? {} : { q: typed.trim() });
        }}
      >
        <label htmlFor={`${id}-q`} className="field__label">
          {t('adminOrgs.search')}
        </label>
        <div className="admin-orgs__search-row">
          <input
            id={`${id}-q`}
            className="field__input"
            type="search"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
            }}
          />
          <button type="submit" className="button button--primary">
            {t('adminOrgs.find')}
          </button>
        </div>
      </form>
      <p role="status" className={announcement === '' ? 'visually-hidden' : 'alert alert--success'}>
        {announcement}
      </p>
      {query.isPending ? <LoadingBlock label={t('adminOrgs.loading')} /> : null}
      {query.isError ? (
        <div className="alert alert--error" role="alert">
          <p>{toErrorText(query.error)}</p>
        </div>
      ) : null}
      {query.data === undefined ? null : (
        <section aria-labelledby={`${id}-results`} aria-busy={query.isFetching}>
          <h2 id={`${id}-results`} className="admin-orgs__count">
            {t('adminOrgs.found', { count: query.data.total, formatted: formatCount(query.data.total, lang) })}
          </h2>
          <ul className="admin-orgs__list">
            {query.data.groups.map((group) => (
              <GroupRow key={group.id} group={group} onDone={setAnnouncement} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="admin-orgs__pager" aria-label={t('adminOrgs.pager')}>
              <button
                type="button"
                className="button button--small button--ghost"
                disabled={page <= 1}
                onClick={() => {
                  setParams({ ...(q === '' ? {} : { q }), page: String(page - 1) });
                }}
              >
                {t('adminOrgs.previous')}
              </button>
              <span>{t('adminOrgs.pageOf', { page, pages })}</span>
              <button
                type="button"
                className="button button--small button--ghost"
                disabled={page >= pages}
                onClick={() => {
                  setParams({ ...(q === '' ? {} : { q }), page: String(page + 1) });
                }}
              >
                {t('adminOrgs.next')}
              </button>
            </nav>
          ) : null}
        </section>
      )}
    </div>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LEAD_TYPES, type Lead, type LeadType } from '@veritext/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import { formatDocumentDate, paginationOf } from '../documents/documents.ts';
import { Pagination } from '../documents/Pagination.tsx';
import { formatCount } from '../i18n/format.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import {
  ADMIN_LEADS_QUERY_KEY,
  fetchAdminLeads,
  filterOf,
  filterQuery,
  leadsCsvPath,
  type LeadsFilter,
} from './adminLeads.ts';
import './adminLeads.css';
import { DateRangeFields } from '../components/DateRangeFields.tsx';

/** The translated name of a form type (every key a literal, for the catalogue test). */
function useTypeName(): (type: LeadType) => string {
  const { t } = useTranslation();
  return (type) => {
    switch (type) {
      case 'enquiry':
        return t('adminLeads.types.enquiry');
      case 'contact':
        return t('adminLeads.types.contact');
      case 'quick_guide':
        return t('adminLeads.types.quick_guide');
      case 'custom_quote':
        return t('adminLeads.types.custom_quote');
    }
  };
}

function LeadRow({ lead }: { lead: Lead }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const typeName = useTypeName();
  const details = [
    lead.role === '' ? null : t('adminLeads.role', { role: lead.role }),
    lead.lms === '' ? null : t('adminLeads.lms', { lms: lead.lms }),
    lead.number_of_students === null
      ? null
      : t('adminLeads.students', {
          count: lead.number_of_students,
          formatted: formatCount(lead.number_of_students, lang),
        }),
    lead.phone === '' ? null : t('adminLeads.phone', { phone: lead.phone }),
  ].filter((line) => line !== null);
  return (
    <tr data-lead={lead.id}>
      <td data-label={t('adminLeads.columns.received')}>{formatDocumentDate(lead.created_at, lang)}</td>
      <td data-label={t('adminLeads.columns.form')}>{typeName(lead.type)}</td>
      <td data-label={t('adminLeads.columns.from')}>
        <strong>{lead.name}</strong>
        <br />
        <a href={`mailto:${lead.email}`}>{lead.email}</a>
        {lead.public_mail ? <span className="badge admin-leads__badge">{t('adminLeads.publicMail')}</span> : null}
        {lead.user_id === null ? null : (
          <span className="admin-leads__account">{t('adminLeads.account', { id: lead.user_id })}</span>
        )}
      </td>
      {/* on a phone the label only where there are details to label */}
      <td
        data-label={
          details.length > 0 || lead.message !== '' || lead.cta !== '' || lead.previous_url !== ''
            ? t('adminLeads.columns.details')
            : undefined
        }
      >
        {details.map((line) => (
          <span key={line} className="admin-leads__detail">
            {line}
          </span>
        ))}
        {lead.message === '' ? null : <p className="admin-leads__message">{lead.message}</p>}
        {lead.cta === '' && lead.previous_url === '' ? null : (
          <span className="admin-leads__detail admin-leads__muted">
            {[lead.cta, lead.previous_url].filter((part) => part !== '').join(' · ')}
          </span>
        )}
      </td>
    </tr>
  );
}

/** The filter form: form type and a range of days; applying it puts the filters in the page's address. */
function LeadsFilterForm({ filter, onApply }: { filter: LeadsFilter; onApply: (next: LeadsFilter) => void }) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const id = useId();
  const [type, setType] = useState(filter.type);
  const [from, setFrom] = useState(filter.from);
  const [to, setTo] = useState(filter.to);
  return (
    <form
      className="admin-leads__filters"
      aria-label={t('adminLeads.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ type, from, to, page: 1 });
      }}
    >
      <div className="admin-leads__field">
        <label htmlFor={`${id}-type`} className="field__label">
          {t('adminLeads.type')}
        </label>
        <select
          id={`${id}-type`}
          className="field__input"
          value={type}
          onChange={(event) => {
            setType(event.target.value as LeadType | '');
          }}
        >
          <option value="">{t('adminLeads.allTypes')}</option>
          {LEAD_TYPES.map((value) => (
            <option key={value} value={value}>
              {typeName(value)}
            </option>
          ))}
        </select>
      </div>
      <DateRangeFields
        idPrefix={id}
        from={from}
        to={to}
        onFrom={setFrom}
        onTo={setTo}
        fieldClassName="admin-leads__field"
      />
      <button type="submit" className="button button--primary">
        {t('adminLeads.apply')}
      </button>
    </form>
  );
}

/** /admin/leads: site administrators read what the sales forms received, filter it and download it as CSV. */
export function AdminLeadsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const { client } = useServices();
  const toErrorText = useErrorText();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const isAdmin = session.profile?.is_admin === true;
  const query = useQuery({
    queryKey: [ADMIN_LEADS_QUERY_KEY, filter.type, filter.from, filter.to, filter.page],
    queryFn: () => fetchAdminLeads(client, filter),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
  });
  if (!isAdmin) {
    return (
      <div className="container page">
        <PageIntro title={t('adminLeads.title')} />
        <p className="alert alert--info" role="alert">
          {t('adminLeads.denied')}
        </p>
      </div>
    );
  }
  const apply = (next: LeadsFilter) => {
    setParams(new URLSearchParams(filterQuery(next, { page: true })));
  };
  return (
    <div className="container page admin-leads">
      <PageIntro title={t('adminLeads.title')} lead={t('adminLeads.lead')} />
      <LeadsFilterForm key={filterQuery(filter, { page: false })} filter={filter} onApply={apply} />
      <p>
        <a className="button button--small" href={leadsCsvPath(filter)} download>
          {t('adminLeads.csv')}
        </a>
      </p>
      {query.isPending ? <LoadingBlock label={t('adminLeads.loading')} /> : null}
      {query.isError ? (
        <div className="alert alert--error" role="alert">
          <p>{toErrorText(query.error)}</p>
        </div>
      ) : null}
      {query.data === undefined ? null : (
        <section aria-labelledby={`${id}-results`} aria-busy={query.isFetching}>
          <h2 id={`${id}-results`} className="admin-leads__count">
            {t('adminLeads.found', { count: query.data.total, formatted: formatCount(query.data.total, lang) })}
          </h2>
          {query.data.leads.length === 0 ? (
            <p className="admin-leads__empty">{t('adminLeads.empty')}</p>
          ) : (
            <table className="admin-collections__table admin-leads__table">
              <caption className="visually-hidden">{t('adminLeads.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('adminLeads.columns.received')}</th>
                  <th scope="col">{t('adminLeads.columns.form')}</th>
                  <th scope="col">{t('adminLeads.columns.from')}</th>
                  <th scope="col">{t('adminLeads.columns.details')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.leads.map((lead) => (
                  <LeadRow key={lead.id} lead={lead} />
                ))}
              </tbody>
            </table>
          )}
          <Pagination
            pagination={paginationOf(query.data)}
            label={t('adminLeads.pages')}
            onPage={(page) => {
              apply({ ...filter, page });
            }}
          />
        </section>
      )}
    </div>
  );
}

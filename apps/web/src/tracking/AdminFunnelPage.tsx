import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FunnelStep } from '@veritext/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import { formatCount } from '../i18n/format.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { ADMIN_FUNNEL_QUERY_KEY, fetchAdminFunnel, rangeOf, rangeQuery, type FunnelRange } from './adminFunnel.ts';
import './adminFunnel.css';
import { DateRangeFields } from '../components/DateRangeFields.tsx';

/** The translated name of a funnel step (every key a literal, for the catalogue test). */
function useStepName(): (step: FunnelStep) => string {
  const { t } = useTranslation();
  return (step) => {
    switch (step) {
      case 'add-text':
        return t('adminFunnel.steps.addText');
      case 'send-before-registration':
        return t('adminFunnel.steps.sendBeforeRegistration');
      case 'registration':
        return t('adminFunnel.steps.registration');
      case 'first-attempt':
        return t('adminFunnel.steps.firstAttempt');
      case 'need-more-pages':
        return t('adminFunnel.steps.needMorePages');
      case 'no-balance':
        return t('adminFunnel.steps.noBalance');
      case 'buy-more-pages':
        return t('adminFunnel.steps.buyMorePages');
      case 'check-free-page':
        return t('adminFunnel.steps.checkFreePage');
      case 'second-attempt':
        return t('adminFunnel.steps.secondAttempt');
      case 'checkout':
        return t('adminFunnel.steps.checkout');
    }
  };
}

function RangeForm({ range, onApply }: { range: FunnelRange; onApply: (next: FunnelRange) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  return (
    <form
      className="admin-funnel__filters"
      aria-label={t('adminFunnel.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ from, to });
      }}
    >
      <DateRangeFields
        idPrefix={id}
        from={from}
        to={to}
        onFrom={setFrom}
        onTo={setTo}
        fieldClassName="admin-funnel__field"
      />
      <button type="submit" className="button button--primary">
        {t('adminFunnel.apply')}
      </button>
    </form>
  );
}

/** /admin/funnel: site administrators read the check-tool funnel (visitor sessions per step and day). */
export function AdminFunnelPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const { client } = useServices();
  const toErrorText = useErrorText();
  const stepName = useStepName();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params);
  const isAdmin = session.profile?.is_admin === true;
  const query = useQuery({
    queryKey: [ADMIN_FUNNEL_QUERY_KEY, range.from, range.to],
    queryFn: () => fetchAdminFunnel(client, range),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
  });
  if (!isAdmin) {
    return (
      <div className="container page">
        <PageIntro title={t('adminFunnel.title')} />
        <p className="alert alert--info" role="alert">
          {t('adminFunnel.denied')}
        </p>
      </div>
    );
  }
  const count = (value: number) => formatCount(value, lang);
  const data = query.data;
  const first = data?.totals[0] ?? 0;
  return (
    <div className="container page admin-funnel">
      <PageIntro title={t('adminFunnel.title')} lead={t('adminFunnel.lead')} />
      <RangeForm
        key={rangeQuery(range)}
        range={range}
        onApply={(next) => {
          setParams(new URLSearchParams(rangeQuery(next)));
        }}
      />
      {query.isPending ? <LoadingBlock label={t('adminFunnel.loading')} /> : null}
      {query.isError ? (
        <div className="alert alert--error" role="alert">
          <p>{toErrorText(query.error)}</p>
        </div>
      ) : null}
      {data === undefined ? null : (
        <div aria-busy={query.isFetching}>
          <p>{t('adminFunnel.range', { from: data.from, to: data.to })}</p>
          <section aria-labelledby={`${id}-totals`} className="admin-funnel__wrap">
            <h2 id={`${id}-totals`}>{t('adminFunnel.totals')}</h2>
            <table className="admin-collections__table admin-funnel__table" data-testid="funnel-totals">
              <thead>
                <tr>
                  <th scope="col">{t('adminFunnel.columns.step')}</th>
                  <th scope="col" className="admin-funnel__num">
                    {t('adminFunnel.columns.sessions')}
                  </th>
                  <th scope="col" className="admin-funnel__num">
                    {t('adminFunnel.columns.share')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.steps.map((step, index) => {
                  const value = data.totals[index] ?? 0;
                  return (
                    <tr key={step} data-step={step}>
                      <th scope="row">{stepName(step)}</th>
                      <td className="admin-funnel__num" data-label={t('adminFunnel.columns.sessions')}>
                        {count(value)}
                      </td>
                      <td className="admin-funnel__num" data-label={t('adminFunnel.columns.share')}>
                        {first === 0 ? '–' : `${count(Math.round((value / first) * 100))} %`}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
          <section aria-labelledby={`${id}-days`} className="admin-funnel__wrap">
            <h2 id={`${id}-days`}>{t('adminFunnel.perDay')}</h2>
            {data.days.length === 0 ? (
              <p>{t('adminFunnel.empty')}</p>
            ) : (
              <table className="admin-collections__table admin-funnel__table" data-testid="funnel-days">
                <thead>
                  <tr>
                    <th scope="col">{t('adminFunnel.columns.day')}</th>
                    {data.steps.map((step) => (
                      <th key={step} scope="col" className="admin-funnel__num">
                        {stepName(step)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((day) => (
                    <tr key={day.day} data-day={day.day}>
                      <th scope="row">{day.day}</th>
                      {data.steps.map((step, index) => (
                        <td key={step} className="admin-funnel__num" data-label={stepName(step)}>
                          {count(day.counts[index] ?? 0)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby={`${id}-events`} className="admin-funnel__wrap">
            <h2 id={`${id}-events`}>{t('adminFunnel.events')}</h2>
            {data.events.length === 0 ? (
              <p>{t('adminFunnel.noEvents')}</p>
            ) : (
              <table className="admin-collections__table admin-funnel__table" data-testid="funnel-events">
                <thead>
                  <tr>
                    <th scope="col">{t('adminFunnel.columns.event')}</th>
                    <th scope="col">{t('adminFunnel.columns.kind')}</th>
                    <th scope="col" className="admin-funnel__num">
                      {t('adminFunnel.columns.posts')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.events.map((event) => (
                    <tr key={`${event.kind}:${event.name}`}>
                      <th scope="row">
                        <code>{event.name}</code>
                      </th>
                      <td data-label={t('adminFunnel.columns.kind')}>
                        {event.kind === 'action' ? t('adminFunnel.kinds.action') : t('adminFunnel.kinds.event')}
                      </td>
                      <td className="admin-funnel__num" data-label={t('adminFunnel.columns.posts')}>
                        {count(event.count)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

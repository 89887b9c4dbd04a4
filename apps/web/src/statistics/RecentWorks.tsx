import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TIMINGS, type RecentWork } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { documentStatus, statusKey } from '../documents/documents.ts';
import { formatPercent } from '../i18n/format.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { reportPath } from '../report/page/reportPage.ts';
import { formatWorkDate, recentWorksQueryKey } from './statistics.ts';

function WorkRow({ work, timeZone }: { work: RecentWork; timeZone: string | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const none = t('statistics.none');
  const status = documentStatus(work.state);
  const title = work.title.trim() !== '' ? work.title : (work.file_name ?? t('documents.untitled'));
  const author =
    work.author === null ? t('statistics.members.noAccount') : work.author.name.trim() || work.author.email;
  return (
    <tr>
      <th scope="row" data-label={t('statistics.recent.work')} className="statistics-table__member">
        <Link to={reportPath(work.id, lang)}>{title}</Link>
      </th>
      <td data-label={t('statistics.recent.author')}>{author}</td>
      <td data-label={t('statistics.recent.status')}>
        <span className={`documents__status documents__status--${status}`}>
          {status === 'inProgress' ? <Spinner size="sm" /> : null}
          {t(statusKey(work.state))}
        </span>
      </td>
      <td data-label={t('statistics.recent.similarity')}>
        {work.percent === null ? none : formatPercent(work.percent, lang)}
      </td>
      <td data-label={t('statistics.recent.ai')}>
        {work.ai_percent === null ? none : formatPercent(work.ai_percent, lang)}
      </td>
      <td data-label={t('statistics.recent.date')}>
        <time dateTime={work.created_at}>{formatWorkDate(work.created_at, lang, timeZone)}</time>
      </td>
    </tr>
  );
}

/** The progress dashboard: the 10 most recent works, refreshed while any is still being checked. */
export function RecentWorks({ groupId, timeZone }: { groupId: number; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const describeError = useErrorText();
  const headingId = useId();
  const works = useQuery({
    queryKey: recentWorksQueryKey(groupId),
    queryFn: () => endpoints.recentWorks(groupId),
    refetchInterval: (query) =>
      (query.state.data ?? []).some((work) => documentStatus(work.state) === 'inProgress')
        ? TIMINGS.pollIntervalMs
        : false,
  });
  // a work that finishes changes the figures above (its similarity joins the median): fetch them again
  const queryClient = useQueryClient();
  const running = (works.data ?? []).filter((work) => documentStatus(work.state) === 'inProgress').length;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (running < wasRunning.current) void queryClient.invalidateQueries({ queryKey: ['statistics', groupId] });
    wasRunning.current = running;
  }, [running, groupId, queryClient]);
  return (
    <section className="card statistics-section" aria-labelledby={headingId} aria-busy={works.isPending}>
      <h2 id={headingId}>{t('statistics.recent.title')}</h2>
      {works.isPending ? (
        <p className="statistics-loading" role="status">
          <Spinner size="sm" /> {t('statistics.recent.loading')}
        </p>
      ) : works.isError ? (
        <div className="alert alert--error" role="alert">
          <p>
            {t('statistics.recent.loadFailed')} {describeError(works.error)}
          </p>
          <button type="button" className="button button--small" onClick={() => void works.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : works.data.length === 0 ? (
        <p className="muted statistics-empty">{t('statistics.recent.empty')}</p>
      ) : (
        <div className="statistics-table-wrap">
          <table className="statistics-table statistics-table--cards">
            <caption className="visually-hidden">{t('statistics.recent.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('statistics.recent.work')}</th>
                <th scope="col">{t('statistics.recent.author')}</th>
                <th scope="col">{t('statistics.recent.status')}</th>
                <th scope="col">{t('statistics.recent.similarity')}</th>
                <th scope="col">{t('statistics.recent.ai')}</th>
                <th scope="col">{t('statistics.recent.date')}</th>
              </tr>
            </thead>
            <tbody>
              {works.data.map((work) => (
                <WorkRow key={work.id} work={work} timeZone={timeZone} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

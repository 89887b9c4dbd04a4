import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statistics, StatisticsMember, StatisticsMonth } from '@veritext/contracts';
import { saveBlob } from '../ai-detector/AiReportDownload.tsx';
import { useServices } from '../app/ServicesContext.tsx';
import { groupLabel } from '../components/GroupChooser.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { formatCount, formatPercent } from '../i18n/format.ts';
import { memberRoleKey } from '../members/members.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import {
  barHeight,
  chartLabels,
  chartScale,
  formatDay,
  formatMonth,
  hasActivity,
  memberName,
  type StatisticsRange,
} from './statistics.ts';

/** Download CSV / Download XLS: the file through the API, a spinner while it comes, the server's word when not. */
function DownloadButton({
  groupId,
  range,
  member,
  format,
}: {
  groupId: number;
  range: StatisticsRange;
  member: number | null;
  format: 'csv' | 'xlsx';
}) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const describeError = useErrorText();
  const id = useId();
  const download = useMutation({
    mutationFn: () => endpoints.downloadStatistics(groupId, range, format, member),
    onSuccess: ({ blob, fileName }) => {
      saveBlob(blob, fileName);
    },
  });
  return (
    <div className="statistics-download">
      <button
        type="button"
        className="button button--small"
        // aria-disabled keeps the button focusable while the file comes
        aria-disabled={download.isPending}
        aria-describedby={`${id}-status`}
        onClick={() => {
          if (!download.isPending) download.mutate();
        }}
      >
        {download.isPending ? <Spinner size="sm" /> : null}
        {format === 'csv' ? t('statistics.download.csv') : t('statistics.download.xlsx')}
      </button>
      <span id={`${id}-status`} role="status" aria-live="polite" className="visually-hidden">
        {download.isPending ? t('statistics.download.preparing') : ''}
      </span>
      {download.isError ? (
        <p className="field__error" role="alert">
          {t('statistics.download.failed')} {describeError(download.error)}
        </p>
      ) : null}
    </div>
  );
}

function Card({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <li className="statistics-card">
      <span className="statistics-card__label">{label}</span>
      <span className="statistics-card__value">{value}</span>
      <span className="statistics-card__note">{note}</span>
    </li>
  );
}

/** Pages and AI pages per month as columns; a picture of the table that follows it (hidden from screen readers). */
function UsageChart({ months }: { months: readonly StatisticsMonth[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { max, ticks } = chartScale(months);
  const { every, phoneEvery } = chartLabels(months.length);
  return (
    <div className="statistics-chart" aria-hidden="true">
      <div className="statistics-chart__legend">
        <span className="statistics-chart__key statistics-chart__key--pages">{t('statistics.months.pages')}</span>
        <span className="statistics-chart__key statistics-chart__key--ai">{t('statistics.months.aiPages')}</span>
      </div>
      <div className="statistics-chart__plot">
        {ticks.map((tick) => (
          <div key={tick} className="statistics-chart__grid" style={{ bottom: `${String((100 * tick) / max)}%` }}>
            <span>{formatCount(tick, lang)}</span>
          </div>
        ))}
        <div
          className="statistics-chart__columns"
          style={{ gridTemplateColumns: `repeat(${String(months.length)}, minmax(0, 1fr))` }}
        >
          {months.map((month, index) => (
            <div key={month.month} className="statistics-chart__column">
              <span
                className="statistics-chart__bar statistics-chart__bar--pages"
                style={{ height: `${String(barHeight(month.pages, max))}%` }}
                title={`${formatMonth(month.month, lang)}: ${formatCount(month.pages, lang)}`}
              />
              <span
                className="statistics-chart__bar statistics-chart__bar--ai"
                style={{ height: `${String(barHeight(month.ai_pages, max))}%` }}
                title={`${formatMonth(month.month, lang)}: ${formatCount(month.ai_pages, lang)}`}
              />
              {index % every === 0 ? (
                <span className={`statistics-chart__label${index % phoneEvery === 0 ? '' : ' is-minor'}`}>
                  {formatMonth(month.month, lang)}
                </span>
              ) : null}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function MonthlyUsage({ months }: { months: readonly StatisticsMonth[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const headingId = useId();
  return (
    <section className="card statistics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('statistics.months.title')}</h2>
      {hasActivity(months) ? (
        <>
          <UsageChart months={months} />
          <div className="statistics-table-wrap">
            <table className="statistics-table statistics-table--months">
              <caption className="visually-hidden">{t('statistics.months.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('statistics.months.month')}</th>
                  <th scope="col">{t('statistics.months.checks')}</th>
                  <th scope="col">{t('statistics.months.pages')}</th>
                  <th scope="col">{t('statistics.months.aiChecks')}</th>
                  <th scope="col">{t('statistics.months.aiPages')}</th>
                </tr>
              </thead>
              <tbody>
                {months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{formatMonth(month.month, lang)}</th>
                    <td>{formatCount(month.checks, lang)}</td>
                    <td>{formatCount(month.pages, lang)}</td>
                    <td>{formatCount(month.ai_checks, lang)}</td>
                    <td>{formatCount(month.ai_pages, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="muted statistics-empty">{t('statistics.empty')}</p>
      )}
    </section>
  );
}

function percentOrNone(value: number | null, language: string, none: string): string {
  return value === null ? none : formatPercent(value, language);
}

function MemberRow({ member }: { member: StatisticsMember }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const none = t('statistics.none');
  const name = memberName(member);
  const role =
    member.role !== null
      ? t(memberRoleKey(member.role))
      : member.user_id === null
        ? t('statistics.members.noAccountRole')
        : t('statistics.members.former');
  return (
    <tr>
      <th scope="row" data-label={t('statistics.members.member')} className="statistics-table__member">
        <span>{name ?? t('statistics.members.noAccount')}</span>
        {member.email !== '' && member.email !== name ? (
          <span className="statistics-table__email">{member.email}</span>
        ) : null}
      </th>
      <td data-label={t('statistics.members.role')}>{role}</td>
      <td data-label={t('statistics.members.checks')}>{formatCount(member.checks, lang)}</td>
      <td data-label={t('statistics.members.pages')}>{formatCount(member.pages, lang)}</td>
      <td data-label={t('statistics.members.aiChecks')}>{formatCount(member.ai_checks, lang)}</td>
      <td data-label={t('statistics.members.median')}>{percentOrNone(member.median_similarity, lang, none)}</td>
      <td data-label={t('statistics.members.flagged')}>{percentOrNone(member.ai_flagged_share, lang, none)}</td>
    </tr>
  );
}

function ByMember({ stats }: { stats: Statistics }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="card statistics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{stats.scope === 'own' ? t('statistics.members.ownTitle') : t('statistics.members.title')}</h2>
      {stats.members.length === 0 ? (
        <p className="muted">{t('statistics.members.empty')}</p>
      ) : (
        <div className="statistics-table-wrap">
          <table className="statistics-table statistics-table--cards">
            <caption className="visually-hidden">
              {t('statistics.members.caption', { group: groupLabel(t, stats.group) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('statistics.members.member')}</th>
                <th scope="col">{t('statistics.members.role')}</th>
                <th scope="col">{t('statistics.members.checks')}</th>
                <th scope="col">{t('statistics.members.pages')}</th>
                <th scope="col">{t('statistics.members.aiChecks')}</th>
                <th scope="col">{t('statistics.members.median')}</th>
                <th scope="col">{t('statistics.members.flagged')}</th>
              </tr>
            </thead>
            <tbody>
              {stats.members.map((member) => (
                <MemberRow key={member.user_id ?? 'none'} member={member} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {stats.members.some((member) => member.user_id === null) ? (
        <p className="muted statistics-footnote">{t('statistics.members.footnote')}</p>
      ) : null}
    </section>
  );
}

/** The figures of one organisation and range: the totals, the downloads, the months and the members. */
export function StatisticsView({ stats, range }: { stats: Statistics; range: StatisticsRange }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const headingId = useId();
  const totals = stats.totals;
  const none = t('statistics.none');
  const period = t('statistics.summary.period', { from: formatDay(stats.from, lang), to: formatDay(stats.to, lang) });
  return (
    <>
      <section className="statistics-summary" aria-labelledby={headingId}>
        <div className="statistics-summary__head">
          <div>
            <h2 id={headingId}>{t('statistics.summary.title')}</h2>
            <p className="muted statistics-summary__scope">
              {period} ·{' '}
              {stats.scope === 'own'
                ? t('statistics.summary.own')
                : stats.scope === 'member'
                  ? t('statistics.summary.member', {
                      name: memberName(stats.members[0] ?? { name: '', email: '' }) ?? String(stats.member),
                    })
                  : t('statistics.summary.organisation', { group: groupLabel(t, stats.group) })}
            </p>
          </div>
          <div className="statistics-downloads">
            <DownloadButton groupId={stats.group.id} range={range} member={stats.member} format="csv" />
            <DownloadButton groupId={stats.group.id} range={range} member={stats.member} format="xlsx" />
          </div>
        </div>
        <ul className="statistics-cards">
          <Card
            label={t('statistics.summary.checks')}
            value={formatCount(totals.checks, lang)}
            note={t('statistics.summary.pages', { count: totals.pages, number: formatCount(totals.pages, lang) })}
          />
          <Card
            label={t('statistics.summary.aiChecks')}
            value={formatCount(totals.ai_checks, lang)}
            note={t('statistics.summary.aiPages', {
              count: totals.ai_pages,
              number: formatCount(totals.ai_pages, lang),
            })}
          />
          <Card
            label={t('statistics.summary.median')}
            value={percentOrNone(totals.median_similarity, lang, none)}
            note={t('statistics.summary.ready', {
              count: totals.ready_checks,
              number: formatCount(totals.ready_checks, lang),
            })}
          />
          <Card
            label={t('statistics.summary.flagged')}
            value={percentOrNone(totals.ai_flagged_share, lang, none)}
            note={t('statistics.summary.flaggedOf', {
              count: totals.ai_assessed,
              flagged: formatCount(totals.ai_flagged, lang),
              number: formatCount(totals.ai_assessed, lang),
            })}
          />
        </ul>
        <p className="muted statistics-footnote">{t('statistics.summary.flaggedNote', { zone: stats.time_zone })}</p>
      </section>
      <MonthlyUsage months={stats.months} />
      <ByMember stats={stats} />
    </>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { GroupChooser } from '../components/GroupChooser.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock, Spinner } from '../components/Spinner.tsx';
import { chooseGroup } from '../members/members.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import type { StatisticsMember } from '@veritext/contracts';
import { RecentWorks } from './RecentWorks.tsx';
import {
  memberFromSearch,
  memberName,
  PRESET_KEYS,
  presetOf,
  presetRange,
  RANGE_PRESETS,
  RANGE_PROBLEM_KEYS,
  rangeFromSearch,
  rangeProblem,
  statisticsQueryKey,
  todayIn,
  type StatisticsRange,
} from './statistics.ts';
import { StatisticsView } from './StatisticsView.tsx';
import '../styles/statistics.css';

/** From, To and the presets: the figures follow each valid range; a wrong one says why and keeps the last figures. */
function RangeForm({
  range,
  today,
  onChange,
}: {
  range: StatisticsRange;
  today: string;
  onChange: (range: StatisticsRange) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(range);
  // a preset or the address changed the range: the inputs show it
  const { from, to } = range;
  useEffect(() => {
    setDraft({ from, to });
  }, [from, to]);
  const problem = rangeProblem(draft);
  const problemField = problem === 'to_invalid' || problem === 'reversed' ? 'to' : 'from';
  const errorId = `${id}-error`;
  const active = presetOf(range, today);

  function change(next: StatisticsRange): void {
    setDraft(next);
    if (rangeProblem(next) === null) onChange(next);
  }

  return (
    <fieldset className="statistics-range">
      <legend className="statistics-range__legend">{t('statistics.range.legend')}</legend>
      <div className="statistics-range__presets" role="group" aria-label={t('statistics.range.presets')}>
        {RANGE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={`button button--small${active === preset ? ' is-active' : ''}`}
            aria-pressed={active === preset}
            onClick={() => {
              change(presetRange(preset, today));
            }}
          >
            {t(PRESET_KEYS[preset])}
          </button>
        ))}
      </div>
      <div className="statistics-range__dates">
        {(['from', 'to'] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`} className="field__label">
              {field === 'from' ? t('statistics.range.from') : t('statistics.range.to')}
            </label>
            <input
              id={`${id}-${field}`}
              type="date"
              className="field__input"
              value={draft[field]}
              max={field === 'to' ? undefined : draft.to}
              min={field === 'to' ? draft.from : undefined}
              aria-invalid={problem !== null && problemField === field}
              aria-describedby={problem !== null && problemField === field ? errorId : undefined}
              onChange={(event) => {
                change({ ...draft, [field]: event.target.value });
              }}
            />
          </div>
        ))}
      </div>
      {problem === null ? null : (
        <p id={errorId} className="field__error" role="alert">
          {t(RANGE_PROBLEM_KEYS[problem])}
        </p>
      )}
    </fieldset>
  );
}

/** The owner's and teachers' choice of whose figures: the whole organisation or one member (?member=ID). */
function MemberChooser({
  members,
  selected,
  onChange,
}: {
  members: readonly StatisticsMember[];
  selected: number | null;
  onChange: (member: number | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const people = members.filter((member) => member.user_id !== null);
  return (
    <div className="field statistics-chooser">
      <label htmlFor={id} className="field__label">
        {t('statistics.memberChooser.label')}
      </label>
      <select
        id={id}
        className="field__input"
        value={selected === null ? '' : String(selected)}
        onChange={(event) => {
          onChange(event.target.value === '' ? null : Number(event.target.value));
        }}
      >
        <option value="">{t('statistics.memberChooser.all')}</option>
        {selected !== null && !people.some((member) => member.user_id === selected) ? (
          <option value={String(selected)}>{t('statistics.memberChooser.unnamed', { id: selected })}</option>
        ) : null}
        {people.map((member) => (
          <option key={member.user_id} value={String(member.user_id)}>
            {memberName(member) ?? t('statistics.memberChooser.unnamed', { id: member.user_id })}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * /profile/statistics/: the organisation statistics of commerce-and-cabinet.md §2 (monthly usage, median
 * similarity, AI-flagged share, by member, CSV and XLS, the 10 most recent works). Every member may open it: the
 * owner and the teachers see the organisation, a student their own figures (§6).
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  const { client, endpoints } = useServices();
  const describeError = useErrorText();
  const [searchParams, setSearchParams] = useSearchParams();
  const groups = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => fetchGroups(client) });
  const all = groups.data ?? [];
  const group = chooseGroup(all, searchParams.get('group'));
  const [timeZone, setTimeZone] = useState<string | undefined>(undefined);
  const today = todayIn(timeZone);
  const range = rangeFromSearch(searchParams, today);
  // the owner and the teachers may narrow the figures to one member; a student sees her own anyway
  const manages = group !== null && group.current_user_role !== 3;
  const member = manages ? memberFromSearch(searchParams) : null;

  const statistics = useQuery({
    queryKey: statisticsQueryKey(group?.id ?? 0, range, member),
    queryFn: () => endpoints.statistics(group?.id ?? 0, range, member),
    enabled: group !== null,
    placeholderData: keepPreviousData,
  });
  // the members to choose from: the whole organisation's rows (the same query when no member is chosen)
  const everyone = useQuery({
    queryKey: statisticsQueryKey(group?.id ?? 0, range, null),
    queryFn: () => endpoints.statistics(group?.id ?? 0, range, null),
    enabled: manages,
    placeholderData: keepPreviousData,
  });
  const zone = statistics.data?.time_zone;
  useEffect(() => {
    if (zone !== undefined) setTimeZone(zone);
  }, [zone]);

  function setParams(next: { group?: number; range?: StatisticsRange; member?: number | null }): void {
    const params = new URLSearchParams(searchParams);
    if (next.group !== undefined) {
      params.set('group', String(next.group));
      params.delete('member');
    }
    if (next.member !== undefined) {
      if (next.member === null) params.delete('member');
      else params.set('member', String(next.member));
    }
    if (next.range !== undefined) {
      params.set('from', next.range.from);
      params.set('to', next.range.to);
    }
    setSearchParams(params, { replace: true });
  }

  let content: React.JSX.Element;
  if (groups.isPending) content = <LoadingBlock label={t('statistics.loadingGroups')} />;
  else if (groups.isError) {
    content = (
      <div className="alert alert--error" role="alert">
        <p>
          {t('statistics.groupsFailed')} {describeError(groups.error)}
        </p>
        <button type="button" className="button button--small" onClick={() => void groups.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (group === null) {
    content = (
      <div className="alert alert--info statistics-none" role="status">
        <p>
          <strong>{t('statistics.noGroup.title')}</strong>
        </p>
        <p>{t('statistics.noGroup.body')}</p>
      </div>
    );
  } else {
    content = (
      <>
        <div className="statistics-controls">
          {all.length > 1 ? (
            <GroupChooser
              groups={all}
              selected={group.id}
              label={t('statistics.chooser')}
              className="statistics-chooser"
              onChange={(next) => {
                setParams({ group: next });
              }}
            />
          ) : null}
          {manages ? (
            <MemberChooser
              members={everyone.data?.members ?? []}
              selected={member}
              onChange={(next) => {
                setParams({ member: next });
              }}
            />
          ) : null}
          <RangeForm
            range={range}
            today={today}
            onChange={(next) => {
              setParams({ range: next });
            }}
          />
        </div>
        <div className="statistics-body" aria-busy={statistics.isFetching}>
          {statistics.isPending ? (
            <LoadingBlock label={t('statistics.loading')} />
          ) : statistics.isError ? (
            <div className="alert alert--error" role="alert">
              <p>
                {t('statistics.loadFailed')} {describeError(statistics.error)}
              </p>
              <button type="button" className="button button--small" onClick={() => void statistics.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <>
              <p className="statistics-updating" role="status">
                {statistics.isFetching ? (
                  <>
                    <Spinner size="sm" /> {t('statistics.updating')}
                  </>
                ) : null}
              </p>
              <StatisticsView stats={statistics.data} range={range} />
            </>
          )}
        </div>
        <RecentWorks key={group.id} groupId={group.id} timeZone={timeZone} />
      </>
    );
  }

  return (
    <div className="container page statistics-page">
      <PageIntro title={t('statistics.title')} lead={t('statistics.lead')} />
      {content}
    </div>
  );
}

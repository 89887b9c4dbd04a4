import {
  statisticsRangeProblem,
  type StatisticsMember,
  type StatisticsMonth,
  type StatisticsRangeProblem,
} from '@veritext/contracts';
import { dateLocaleOf } from '../i18n/format.ts';

/**
 * The pure rules of the organisation statistics page (commerce-and-cabinet.md §2 "Organisation statistics"): the
 * date range and its presets, the address of the figures and their files, and the scale of the monthly chart.
 */

export const STATISTICS_PATH = '/profile/statistics/';

export type StatisticsRange = { from: string; to: string };

export const RANGE_PRESETS = ['thisMonth', 'last3Months', 'thisYear', 'last12Months'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The i18n key of each preset's button. */
export const PRESET_KEYS = {
  thisMonth: 'statistics.range.thisMonth',
  last3Months: 'statistics.range.last3Months',
  thisYear: 'statistics.range.thisYear',
  last12Months: 'statistics.range.last12Months',
} as const satisfies Record<RangePreset, string>;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** Today (YYYY-MM-DD) in a time zone (the profile's; the browser's when unknown or not one Intl knows). */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  }
  const value = (type: string) => parts.find((part) => part.type === type)?.value ?? '01';
  return `${value('year')}-${value('month')}-${value('day')}`;
}

/** The first day of the month `back` months before the month of `day`. */
function firstOfMonthBefore(day: string, back: number): string {
  const [year = 1970, month = 1] = day.split('-').map(Number);
  const index = year * 12 + (month - 1) - back;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}-01`;
}

/** A preset's range, ending today: this month, the last three months, this year, the last twelve months. */
export function presetRange(preset: RangePreset, today: string): StatisticsRange {
  switch (preset) {
    case 'thisMonth':
      return { from: firstOfMonthBefore(today, 0), to: today };
    case 'last3Months':
      return { from: firstOfMonthBefore(today, 2), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'last12Months':
      return { from: firstOfMonthBefore(today, 11), to: today };
  }
}

/** The preset a range is, if any (its button is then marked pressed). */
export function presetOf(range: StatisticsRange, today: string): RangePreset | null {
  return (
    RANGE_PRESETS.find((preset) => {
      const candidate = presetRange(preset, today);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

/** The range of the address (?from=&to=) when it is a valid one, else the last twelve months. */
export function rangeFromSearch(search: URLSearchParams, today: string): StatisticsRange {
  const from = search.get('from');
  const to = search.get('to');
  if (from !== null && to !== null && statisticsRangeProblem(from, to) === null) return { from, to };
  return presetRange('last12Months', today);
}

/** The i18n key of why a typed range is refused (the server's own rule, contracts statisticsRangeProblem). */
export const RANGE_PROBLEM_KEYS = {
  from_invalid: 'statistics.range.fromInvalid',
  to_invalid: 'statistics.range.toInvalid',
  reversed: 'statistics.range.reversed',
  too_long: 'statistics.range.tooLong',
} as const satisfies Record<StatisticsRangeProblem, string>;

export function rangeProblem(range: StatisticsRange): StatisticsRangeProblem | null {
  return statisticsRangeProblem(range.from, range.to);
}

/** The query of the figures and their files. */
export function statisticsQuery(range: StatisticsRange, member: number | null = null): string {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (member !== null) params.set('member', String(member));
  return params.toString();
}

export function statisticsApiPath(groupId: number, range: StatisticsRange, member: number | null = null): string {
  return `/api/v1/groups/${String(groupId)}/statistics/?${statisticsQuery(range, member)}`;
}

export function statisticsFilePath(
  groupId: number,
  range: StatisticsRange,
  format: 'csv' | 'xlsx',
  member: number | null = null,
): string {
  return `/api/v1/groups/${String(groupId)}/statistics.${format}?${statisticsQuery(range, member)}`;
}

/** The name a downloaded file gets when the server's is not readable. */
export function statisticsFileName(groupId: number, range: StatisticsRange, format: 'csv' | 'xlsx'): string {
  return `statistics-organisation-${String(groupId)}-${range.from}-to-${range.to}.${format}`;
}

export function statisticsQueryKey(
  groupId: number,
  range: StatisticsRange,
  member: number | null = null,
): readonly unknown[] {
  return ['statistics', groupId, range.from, range.to, member];
}

/** The member of the address (?member=ID), or null for the whole organisation. */
export function memberFromSearch(search: URLSearchParams): number | null {
  const raw = search.get('member') ?? '';
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function recentWorksQueryKey(groupId: number): readonly unknown[] {
  return ['statistics-recent', groupId];
}

/* ---- the monthly chart ---- */

/**
 * The top of the chart's scale: the smallest 1, 2 or 5 × 10ⁿ at or above the largest value (at least 1), so the
 * tallest bar nearly fills the chart and the gridlines fall on round numbers.
 */
export function niceMax(value: number): number {
  if (!Number.isFinite(value) || value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** A bar's height in percent of the chart (0–100); a value above zero is never drawn thinner than 1 %. */
export function barHeight(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.min(100, Math.max(1, (100 * value) / max));
}

/** The chart's scale: its top and the gridlines (quarters of it, whole numbers only). */
export function chartScale(months: readonly Pick<StatisticsMonth, 'pages' | 'ai_pages'>[]): {
  max: number;
  ticks: number[];
} {
  const max = niceMax(Math.max(0, ...months.flatMap((month) => [month.pages, month.ai_pages])));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => share * max).filter((tick) => Number.isInteger(tick));
  return { max, ticks };
}

/** Every how many months the chart labels its columns, so at most `room` labels show. */
export function labelEvery(count: number, room = 12): number {
  return Math.max(1, Math.ceil(count / room));
}

/**
 * Which columns carry a month label: every `every`-th (at most 12 labels), and on a phone only every
 * `phoneEvery`-th of those (at most 4, a multiple of `every`, so a phone's labels are a subset of the desktop's).
 */
export function chartLabels(count: number): { every: number; phoneEvery: number } {
  const every = labelEvery(count);
  return { every, phoneEvery: every * labelEvery(Math.ceil(count / every), 4) };
}

/** Whether any figure of the range counts something (else the page says there is nothing in it). */
export function hasActivity(months: readonly StatisticsMonth[]): boolean {
  return months.some((month) => month.checks > 0 || month.ai_checks > 0);
}

/** How a by-member row is named: its name, else its e-mail; the checks of no account have neither. */
export function memberName(member: Pick<StatisticsMember, 'name' | 'email'>): string | null {
  const name = member.name.trim();
  if (name !== '') return name;
  return member.email === '' ? null : member.email;
}

/** A month (YYYY-MM) as people read it: "Jan 2026" / "ene 2026" / "jan. 2026"; `long` spells the month out. */
export function formatMonth(month: string, language: string, long = false): string {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(dateLocaleOf(language), {
    month: long ? 'long' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/** A calendar day (YYYY-MM-DD) as people read it ("31 Mar 2026"). */
export function formatDay(day: string, language: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(dateLocaleOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/** When a work was made, in the profile's time zone ("31 Mar 2026, 14:05"). */
export function formatWorkDate(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(dateLocaleOf(language), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    }).format(date);
  } catch {
    return new Intl.DateTimeFormat(dateLocaleOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

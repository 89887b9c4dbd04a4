import {
  aiVerdictReading,
  STATISTICS_AI_CHECK_PAGES,
  type StatisticsFigures,
  type StatisticsMonth,
} from '@veritext/contracts';

/*
 * The pure part of the organisation statistics (contracts statistics.ts says what each figure counts): calendar
 * days and months in a time zone, medians, and the figures of a set of checks. No database here.
 */

/** A plagiarism check as the statistics read it (in progress or ready: the repository leaves failed ones out). */
export type CheckFact = { user_id: number | null; state: number; pages: number; percent: number | null; at: Date };

/** An AI check as the statistics read it (queued, processing or done). */
export type AiCheckFact = {
  user_id: number | null;
  status: number;
  verdict: string | null;
  unfamiliar: boolean | null;
  words: number | null;
  at: Date;
};

const READY = 5;
const AI_DONE = 4;

/** A time zone Intl knows, or UTC (a profile's zone is checked when it is saved; an old row may hold anything). */
export function usableTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(zone, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(at: number, zone: string): { year: number; month: number; day: number; ms: number } {
  const fields: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const year = fields['year'] ?? 1970;
  const month = fields['month'] ?? 1;
  const day = fields['day'] ?? 1;
  const ms = Date.UTC(year, month - 1, day, fields['hour'] ?? 0, fields['minute'] ?? 0, fields['second'] ?? 0);
  return { year, month, day, ms };
}

/** The zone's offset from UTC at an instant, in milliseconds (Oslo in winter: +3 600 000). */
function offsetAt(at: number, zone: string): number {
  const whole = at - (at % 1000);
  return wallClock(whole, zone).ms - whole;
}

/** The instant a calendar day (year, month 1–12, day) starts in a zone: its local midnight. */
export function startOfDay(year: number, month: number, day: number, zone: string): Date {
  const local = Date.UTC(year, month - 1, day);
  const first = local - offsetAt(local, zone);
  // once more with the offset at the first guess: right across a change of offset
  return new Date(local - offsetAt(first, zone));
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function dayIn(at: Date, zone: string): string {
  const { year, month, day } = wallClock(at.getTime(), zone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function dayParts(day: string): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number);
  return [year ?? 1970, month ?? 1, date ?? 1];
}

/** The months (YYYY-MM) from the month of `from` to the month of `to`, both YYYY-MM-DD. */
export function monthsBetween(from: string, to: string): string[] {
  const [fromYear, fromMonth] = dayParts(from);
  const [toYear, toMonth] = dayParts(to);
  const months: string[] = [];
  for (let index = fromYear * 12 + fromMonth - 1; index <= toYear * 12 + toMonth - 1; index += 1) {
    months.push(`${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/**
 * The range as instants: from the start of `from` to the start of the day after `to` (excluded), and where each
 * month after the first starts, all in the zone.
 */
export function rangeInstants(
  from: string,
  to: string,
  zone: string,
): { start: Date; end: Date; months: string[]; monthStarts: number[] } {
  const [fromYear, fromMonth, fromDay] = dayParts(from);
  const [toYear, toMonth, toDay] = dayParts(to);
  const months = monthsBetween(from, to);
  const monthStarts = months.map((month, index) => {
    if (index === 0) return startOfDay(fromYear, fromMonth, fromDay, zone).getTime();
    const [year, monthNumber] = dayParts(`${month}-01`);
    return startOfDay(year, monthNumber, 1, zone).getTime();
  });
  const next = new Date(Date.UTC(toYear, toMonth - 1, toDay + 1));
  const end = startOfDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), zone);
  return { start: new Date(monthStarts[0] ?? end.getTime()), end, months, monthStarts };
}

/** The index of the month an instant falls in (the last start at or before it), given the sorted starts. */
export function monthIndex(monthStarts: readonly number[], at: number): number {
  let low = 0;
  let high = monthStarts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((monthStarts[middle] ?? Infinity) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The median (the mean of the two middle values for an even count), two decimals; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return round2(value);
}

/** Whether a done AI check reads as the AI band (aiVerdictReading: the one mapping the results show). */
export function isAiFlagged(check: Pick<AiCheckFact, 'status' | 'verdict' | 'unfamiliar' | 'words'>): boolean {
  if (check.status !== AI_DONE) return false;
  return aiVerdictReading(check)?.band === 'ai';
}

/** Whether a done AI check has a verdict at all (it then counts in the AI-flagged share's denominator). */
export function isAiAssessed(check: Pick<AiCheckFact, 'status' | 'verdict' | 'unfamiliar' | 'words'>): boolean {
  return check.status === AI_DONE && aiVerdictReading(check) !== null;
}

/** The figures of a set of checks and AI checks (contracts StatisticsFigures). */
export function figuresOf(checks: readonly CheckFact[], aiChecks: readonly AiCheckFact[]): StatisticsFigures {
  const similarities = checks
    .filter((check) => check.state === READY && check.percent !== null)
    .map((check) => check.percent ?? 0);
  const assessed = aiChecks.filter(isAiAssessed);
  const flagged = assessed.filter(isAiFlagged).length;
  return {
    checks: checks.length,
    pages: checks.reduce((sum, check) => sum + check.pages, 0),
    ai_checks: aiChecks.length,
    ai_pages: aiChecks.length * STATISTICS_AI_CHECK_PAGES,
    ready_checks: similarities.length,
    median_similarity: median(similarities),
    ai_assessed: assessed.length,
    ai_flagged: flagged,
    ai_flagged_share: assessed.length === 0 ? null : round2((100 * flagged) / assessed.length),
  };
}

/** The usage of each month of the range, months without any check included. */
export function monthlyUsage(
  range: { months: readonly string[]; monthStarts: readonly number[] },
  checks: readonly CheckFact[],
  aiChecks: readonly AiCheckFact[],
): StatisticsMonth[] {
  const rows = range.months.map((month) => ({ month, checks: 0, pages: 0, ai_checks: 0, ai_pages: 0 }));
  for (const check of checks) {
    const row = rows[monthIndex(range.monthStarts, check.at.getTime())];
    if (row === undefined) continue;
    row.checks += 1;
    row.pages += check.pages;
  }
  for (const check of aiChecks) {
    const row = rows[monthIndex(range.monthStarts, check.at.getTime())];
    if (row === undefined) continue;
    row.ai_checks += 1;
    row.ai_pages += STATISTICS_AI_CHECK_PAGES;
  }
  return rows;
}

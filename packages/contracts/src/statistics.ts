import { z } from 'zod';

/**
 * Organisation statistics (commerce-and-cabinet.md §2 "Organisation statistics", §6; issue 17 "Statistics"):
 * GET /api/v1/groups/{groupId}/statistics/?from=YYYY-MM-DD&to=YYYY-MM-DD[&member=USER_ID], the same figures as
 * statistics.csv and statistics.xlsx, and GET …/statistics/recent/ (the progress dashboard).
 *
 * Who sees what: the owner (role 1) and the teachers (role 2) see the whole organisation (or one member with
 * `member`); a student (role 3) sees only their own figures, and the by-member list holds only their row.
 *
 * What the figures count (the same rule as the members page's "pages used"):
 * - a check: a plagiarism check (a document) made in the organisation, in progress or ready; a failed check gave
 *   its pages back and is not counted. Its pages: the pages it holds or was charged.
 * - an AI check: an AI check made in the organisation (stand-alone, or the AI check of a document), queued,
 *   processing or done (the others gave their page back); AI pages: STATISTICS_AI_CHECK_PAGES each.
 * - the median similarity: the median of the similarity percent of the ready checks (the mean of the two middle
 *   values for an even count), two decimals; null when there is none.
 * - an AI-flagged document: a done AI check whose verdict reads as the AI band (contracts aiVerdictReading: "likely
 *   AI" or above, a familiar style and at least AI_SHORT_WORDS words). The AI-flagged share is the flagged ones
 *   among the done AI checks that have a verdict (ai_assessed), in percent with two decimals; null when none.
 * - when: a check counts in the month and range of the moment it was made, read in the caller's time zone (their
 *   profile's `timezone`, UTC when it is not one Intl knows). `from` and `to` are calendar days of that zone, both
 *   included.
 */

/** The longest range one request may ask for: `to` must be before `from` plus this many years. */
export const STATISTICS_MAX_YEARS = 3;

/** What one AI check holds or charges (as the AI detector's AI_CHECK_PAGES). */
export const STATISTICS_AI_CHECK_PAGES = 1;

/** The progress dashboard: the most recent works. */
export const STATISTICS_RECENT_WORKS = 10;

/** A calendar day as the query sends it. */
export const STATISTICS_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day of a YYYY-MM-DD string, or null when it is not a real day (2026-02-30 is not). */
export function parseStatisticsDay(value: string): { year: number; month: number; day: number } | null {
  if (!STATISTICS_DAY.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  if (year < 1970 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? null : { year, month, day };
}

/** The day `years` years after a YYYY-MM-DD day (29 February goes to 1 March in a year without one). */
export function addYearsToDay(value: string, years: number): string {
  const parsed = parseStatisticsDay(value);
  if (parsed === null) return value;
  const date = new Date(Date.UTC(parsed.year + years, parsed.month - 1, parsed.day));
  return date.toISOString().slice(0, 10);
}

export type StatisticsRangeProblem = 'from_invalid' | 'to_invalid' | 'reversed' | 'too_long';

/** Why a range is refused, or null: both real days, `from` not after `to`, `to` before `from` + 3 years. */
export function statisticsRangeProblem(from: string, to: string): StatisticsRangeProblem | null {
  if (parseStatisticsDay(from) === null) return 'from_invalid';
  if (parseStatisticsDay(to) === null) return 'to_invalid';
  if (from > to) return 'reversed';
  if (to >= addYearsToDay(from, STATISTICS_MAX_YEARS)) return 'too_long';
  return null;
}

export const STATISTICS_RANGE_MESSAGES: Record<StatisticsRangeProblem, string> = {
  from_invalid: 'Enter the start date as YYYY-MM-DD.',
  to_invalid: 'Enter the end date as YYYY-MM-DD.',
  reversed: 'The start date must be on or before the end date.',
  too_long: `The date range can be at most ${String(STATISTICS_MAX_YEARS)} years.`,
};

export const StatisticsQuerySchema = z.object({
  from: z
    .string()
    .max(10)
    .optional()
    .describe('First day (YYYY-MM-DD, caller’s time zone); default 11 months ago, 1st.'),
  to: z.string().max(10).optional().describe('Last day, included (YYYY-MM-DD); default today.'),
  member: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe('Only this member’s figures (owner and teachers; a student may name only themselves).'),
});
export type StatisticsQuery = z.infer<typeof StatisticsQuerySchema>;

const Percent = z.number().nullable();

export const StatisticsMonthSchema = z.object({
  month: z.string().describe('YYYY-MM in the caller’s time zone.'),
  checks: z.number().int(),
  pages: z.number().int(),
  ai_checks: z.number().int(),
  ai_pages: z.number().int(),
});
export type StatisticsMonth = z.infer<typeof StatisticsMonthSchema>;

export const StatisticsFiguresSchema = z.object({
  checks: z.number().int(),
  pages: z.number().int(),
  ai_checks: z.number().int(),
  ai_pages: z.number().int(),
  /** Ready checks the median is of. */
  ready_checks: z.number().int(),
  median_similarity: Percent,
  ai_assessed: z.number().int(),
  ai_flagged: z.number().int(),
  ai_flagged_share: Percent,
});
export type StatisticsFigures = z.infer<typeof StatisticsFiguresSchema>;

export const StatisticsMemberSchema = StatisticsFiguresSchema.extend({
  /** null: checks of no account (the organisation's API token, or an account since deleted). */
  user_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  /** The role now; null for someone who has left the organisation (their checks stay with it) or no account. */
  role: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
});
export type StatisticsMember = z.infer<typeof StatisticsMemberSchema>;

export const StatisticsSchema = z.object({
  group: z.object({ id: z.number().int(), name: z.string() }),
  /** The caller's role in the organisation. */
  role: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** organisation: every member; member: one member (`member`); own: a student's own figures. */
  scope: z.enum(['organisation', 'member', 'own']),
  member: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  months: z.array(StatisticsMonthSchema),
  totals: StatisticsFiguresSchema,
  members: z.array(StatisticsMemberSchema),
});
export type Statistics = z.infer<typeof StatisticsSchema>;

export const StatisticsResponseSchema = z.object({ success: z.literal(true), data: StatisticsSchema });
export type StatisticsResponse = z.infer<typeof StatisticsResponseSchema>;

export const RecentWorkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  file_name: z.string().nullable(),
  /** The member who made it; null when made through the organisation's API token or by a deleted account. */
  author: z.object({ user_id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  state: z.number().int().describe('3 in progress, 4 failed, 5 ready.'),
  pages: z.number().int(),
  percent: Percent.describe('Similarity, two decimals; null until ready.'),
  ai_status: z.number().int().nullable(),
  ai_percent: Percent.describe('AI share (likely + strong), two decimals; null unless its AI check is done.'),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type RecentWork = z.infer<typeof RecentWorkSchema>;

export const RecentWorksResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ works: z.array(RecentWorkSchema) }),
});
export type RecentWorksResponse = z.infer<typeof RecentWorksResponseSchema>;

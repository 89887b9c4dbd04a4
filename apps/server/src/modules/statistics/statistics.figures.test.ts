import { statisticsRangeProblem } from '@veritext/contracts';
import { describe, expect, it } from 'vitest';
import { defuseFormula, statisticsCsv, statisticsFileName } from './statistics.export.ts';
import {
  dayIn,
  figuresOf,
  isAiFlagged,
  median,
  monthIndex,
  monthlyUsage,
  monthsBetween,
  rangeInstants,
  startOfDay,
  usableTimeZone,
  type AiCheckFact,
  type CheckFact,
} from './statistics.figures.ts';

const check = (
  at: string,
  pages: number,
  percent: number | null,
  state = 5,
  user_id: number | null = 1,
): CheckFact => ({
  user_id,
  state,
  pages,
  percent,
  at: new Date(at),
});
const ai = (at: string, verdict: string | null, extra: Partial<AiCheckFact> = {}): AiCheckFact => ({
  user_id: 1,
  status: 4,
  verdict,
  unfamiliar: false,
  words: 400,
  at: new Date(at),
  ...extra,
});

describe('statistics figures', () => {
  it('takes the median of odd and even counts (the mean of the two middle values), two decimals', () => {
    expect(median([])).toBeNull();
    expect(median([30])).toBe(30);
    expect(median([50, 10, 30])).toBe(30);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([0.1, 0.2])).toBe(0.15);
    expect(median([10, 11.115])).toBe(10.56);
  });

  it('flags only the AI band of aiVerdictReading', () => {
    expect(isAiFlagged(ai('2026-01-01', 'likely AI'))).toBe(true);
    expect(isAiFlagged(ai('2026-01-01', 'most likely AI'))).toBe(true);
    expect(isAiFlagged(ai('2026-01-01', 'potentially AI'))).toBe(false);
    expect(isAiFlagged(ai('2026-01-01', 'human-written'))).toBe(false);
    // an unfamiliar style or a short text is uncertain whatever the level
    expect(isAiFlagged(ai('2026-01-01', 'most likely AI', { unfamiliar: true }))).toBe(false);
    expect(isAiFlagged(ai('2026-01-01', 'most likely AI', { words: 49 }))).toBe(false);
    // not done: no verdict to read
    expect(isAiFlagged(ai('2026-01-01', 'most likely AI', { status: 2 }))).toBe(false);
  });

  it('counts pages, the median of ready checks only and the AI-flagged share of assessed AI checks', () => {
    const figures = figuresOf(
      [check('2026-01-02', 2, 10), check('2026-01-03', 3, 40), check('2026-01-04', 4, null, 3)],
      [ai('2026-01-02', 'likely AI'), ai('2026-01-03', 'human-written'), ai('2026-01-04', null, { status: 1 })],
    );
    expect(figures).toEqual({
      checks: 3,
      pages: 9,
      ai_checks: 3,
      ai_pages: 3,
      ready_checks: 2,
      median_similarity: 25,
      ai_assessed: 2,
      ai_flagged: 1,
      ai_flagged_share: 50,
    });
  });

  it('reads days and months in the time zone, across summer time', () => {
    expect(usableTimeZone('Europe/Oslo')).toBe('Europe/Oslo');
    expect(usableTimeZone('Not/AZone')).toBe('UTC');
    // Oslo: UTC+1 in winter, UTC+2 in summer
    expect(startOfDay(2026, 1, 1, 'Europe/Oslo').toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(startOfDay(2026, 7, 1, 'Europe/Oslo').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfDay(2026, 3, 1, 'America/New_York').toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(startOfDay(2026, 3, 1, 'UTC').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(dayIn(new Date('2026-01-31T23:30:00Z'), 'Europe/Oslo')).toBe('2026-02-01');
    expect(dayIn(new Date('2026-01-31T23:30:00Z'), 'UTC')).toBe('2026-01-31');
  });

  it('lists the months of a range and puts each check in its month of the zone', () => {
    expect(monthsBetween('2025-11-15', '2026-02-03')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    const range = rangeInstants('2026-01-10', '2026-03-05', 'Europe/Oslo');
    expect(range.start.toISOString()).toBe('2026-01-09T23:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-03-05T23:00:00.000Z');
    expect(range.months).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(monthIndex(range.monthStarts, Date.parse('2026-01-31T22:59:59Z'))).toBe(0);
    expect(monthIndex(range.monthStarts, Date.parse('2026-01-31T23:00:00Z'))).toBe(1);
    const rows = monthlyUsage(
      range,
      [check('2026-01-31T23:30:00Z', 2, 5), check('2026-03-05T10:00:00Z', 1, 5)],
      [ai('2026-01-15T12:00:00Z', 'likely AI')],
    );
    expect(rows).toEqual([
      { month: '2026-01', checks: 0, pages: 0, ai_checks: 1, ai_pages: 1 },
      { month: '2026-02', checks: 1, pages: 2, ai_checks: 0, ai_pages: 0 },
      { month: '2026-03', checks: 1, pages: 1, ai_checks: 0, ai_pages: 0 },
    ]);
  });

  it('refuses a range that is not two real days in order, or longer than 3 years', () => {
    expect(statisticsRangeProblem('2026-01-01', '2026-12-31')).toBeNull();
    expect(statisticsRangeProblem('2026-02-30', '2026-03-01')).toBe('from_invalid');
    expect(statisticsRangeProblem('2026-01-01', '2026/03/01')).toBe('to_invalid');
    expect(statisticsRangeProblem('2026-03-02', '2026-03-01')).toBe('reversed');
    expect(statisticsRangeProblem('2024-01-01', '2026-12-31')).toBeNull();
    expect(statisticsRangeProblem('2024-01-01', '2027-01-01')).toBe('too_long');
  });
});

describe('statistics files', () => {
  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(defuseFormula('=1+2')).toBe("'=1+2");
    expect(defuseFormula('+47 123')).toBe("'+47 123");
    expect(defuseFormula('-x')).toBe("'-x");
    expect(defuseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(defuseFormula('Ana = teacher')).toBe('Ana = teacher');
  });

  it('writes RFC 4180 CSV with a BOM, quoting where needed, and an ASCII file name', () => {
    const figures = figuresOf([], []);
    const csv = statisticsCsv({
      group: { id: 7, name: 'Skole "Nord", Åsane' },
      role: 1,
      scope: 'organisation',
      member: null,
      from: '2026-01-01',
      to: '2026-01-31',
      time_zone: 'UTC',
      months: [{ month: '2026-01', checks: 0, pages: 0, ai_checks: 0, ai_pages: 0 }],
      totals: figures,
      members: [{ user_id: 3, name: '=cmd|x', email: 'a@b.c', role: 3, ...figures }],
    });
    expect(csv.startsWith('\uFEFFOrganisation statistics\r\n')).toBe(true);
    expect(csv).toContain('\r\nOrganisation,"Skole ""Nord"", Åsane"\r\n');
    expect(csv).toContain("\r\n'=cmd|x,a@b.c,Student,0,0,0,0,,\r\n");
    expect(
      statisticsFileName(
        {
          group: { id: 7, name: 'Skole "Nord", Åsane' },
          from: '2026-01-01',
          to: '2026-01-31',
        } as Parameters<typeof statisticsFileName>[0],
        'csv',
      ),
    ).toBe('statistics-skole-nord-asane-2026-01-01-to-2026-01-31.csv');
  });
});

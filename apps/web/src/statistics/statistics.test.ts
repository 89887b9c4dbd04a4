import { describe, expect, it } from 'vitest';
import {
  barHeight,
  chartLabels,
  chartScale,
  formatMonth,
  hasActivity,
  labelEvery,
  memberFromSearch,
  memberName,
  niceMax,
  presetOf,
  presetRange,
  rangeFromSearch,
  rangeProblem,
  statisticsFilePath,
  statisticsQuery,
  todayIn,
} from './statistics.ts';
import { attachmentName } from './statisticsEndpoints.ts';

const month = (name: string, pages: number, aiPages: number, checks = pages) => ({
  month: name,
  checks,
  pages,
  ai_checks: aiPages,
  ai_pages: aiPages,
});

describe('the statistics date range', () => {
  it('gives each preset a range that ends today', () => {
    expect(presetRange('thisMonth', '2026-03-17')).toEqual({ from: '2026-03-01', to: '2026-03-17' });
    expect(presetRange('last3Months', '2026-03-17')).toEqual({ from: '2026-01-01', to: '2026-03-17' });
    // across the turn of the year
    expect(presetRange('last3Months', '2026-02-01')).toEqual({ from: '2025-12-01', to: '2026-02-01' });
    expect(presetRange('thisYear', '2026-03-17')).toEqual({ from: '2026-01-01', to: '2026-03-17' });
    expect(presetRange('last12Months', '2026-03-17')).toEqual({ from: '2025-04-01', to: '2026-03-17' });
    expect(presetRange('last12Months', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('knows which preset a range is (its button is pressed)', () => {
    expect(presetOf({ from: '2026-03-01', to: '2026-03-17' }, '2026-03-17')).toBe('thisMonth');
    expect(presetOf({ from: '2025-04-01', to: '2026-03-17' }, '2026-03-17')).toBe('last12Months');
    expect(presetOf({ from: '2026-03-02', to: '2026-03-17' }, '2026-03-17')).toBeNull();
    // in January "this year" and "this month" start on the same day; the first match wins
    expect(presetOf({ from: '2026-01-01', to: '2026-01-20' }, '2026-01-20')).toBe('thisMonth');
  });

  it('reads a valid range from the address, else the last twelve months', () => {
    const today = '2026-03-17';
    expect(rangeFromSearch(new URLSearchParams('from=2026-01-05&to=2026-02-01'), today)).toEqual({
      from: '2026-01-05',
      to: '2026-02-01',
    });
    for (const query of ['', 'from=2026-02-01', 'from=2026-03-01&to=2026-02-01', 'from=2020-01-01&to=2026-01-01']) {
      expect(rangeFromSearch(new URLSearchParams(query), today)).toEqual({ from: '2025-04-01', to: '2026-03-17' });
    }
  });

  it('reads the chosen member from the address', () => {
    expect(memberFromSearch(new URLSearchParams('member=12'))).toBe(12);
    for (const query of ['', 'member=', 'member=0', 'member=-3', 'member=1e3', 'member=99999999999']) {
      expect(memberFromSearch(new URLSearchParams(query))).toBeNull();
    }
  });

  it('says why a typed range is refused, as the server would', () => {
    expect(rangeProblem({ from: '2026-01-01', to: '2026-01-31' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-01-31' })).toBe('from_invalid');
    expect(rangeProblem({ from: '2026-01-01', to: '' })).toBe('to_invalid');
    expect(rangeProblem({ from: '2026-02-01', to: '2026-01-31' })).toBe('reversed');
    expect(rangeProblem({ from: '2023-01-31', to: '2026-01-31' })).toBe('too_long');
    expect(rangeProblem({ from: '2023-02-01', to: '2026-01-31' })).toBeNull();
  });

  it('reads today in a time zone', () => {
    const now = new Date('2026-01-31T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-01-31');
    expect(todayIn('Europe/Oslo', now)).toBe('2026-02-01');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-01-31');
    // an unknown zone: the browser's, still a day
    expect(todayIn('Not/AZone', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('builds the addresses of the figures and their files', () => {
    const range = { from: '2026-01-01', to: '2026-03-31' };
    expect(statisticsQuery(range)).toBe('from=2026-01-01&to=2026-03-31');
    expect(statisticsQuery(range, 12)).toBe('from=2026-01-01&to=2026-03-31&member=12');
    expect(statisticsFilePath(4, range, 'csv')).toBe('/api/v1/groups/4/statistics.csv?from=2026-01-01&to=2026-03-31');
    expect(statisticsFilePath(4, range, 'xlsx')).toBe('/api/v1/groups/4/statistics.xlsx?from=2026-01-01&to=2026-03-31');
    expect(attachmentName('attachment; filename="statistics-north-2026-01-01-to-2026-03-31.csv"')).toBe(
      'statistics-north-2026-01-01-to-2026-03-31.csv',
    );
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('inline')).toBeNull();
  });
});

describe('the monthly chart', () => {
  it('rounds the top of the scale up to 1, 2 or 5 × 10ⁿ', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(10)).toBe(10);
    expect(niceMax(11)).toBe(20);
    expect(niceMax(150)).toBe(200);
    expect(niceMax(4321)).toBe(5000);
  });

  it('draws bars in proportion, a small value still visible, never past the top', () => {
    expect(barHeight(0, 10)).toBe(0);
    expect(barHeight(5, 10)).toBe(50);
    expect(barHeight(10, 10)).toBe(100);
    expect(barHeight(1, 1000)).toBe(1);
    expect(barHeight(30, 20)).toBe(100);
    expect(barHeight(5, 0)).toBe(0);
  });

  it('scales to the largest of pages and AI pages, gridlines on whole numbers', () => {
    expect(chartScale([month('2026-01', 7, 2), month('2026-02', 3, 9)])).toEqual({
      max: 10,
      ticks: [0, 5, 10],
    });
    expect(chartScale([month('2026-01', 16, 0)])).toEqual({ max: 20, ticks: [0, 5, 10, 15, 20] });
    expect(chartScale([month('2026-01', 0, 0)])).toEqual({ max: 1, ticks: [0, 1] });
  });

  it('labels at most twelve columns', () => {
    expect(labelEvery(3)).toBe(1);
    expect(labelEvery(12)).toBe(1);
    expect(labelEvery(13)).toBe(2);
    expect(labelEvery(37)).toBe(4);
    // a phone labels at most four, a subset of the desktop's
    expect(chartLabels(3)).toEqual({ every: 1, phoneEvery: 1 });
    expect(chartLabels(12)).toEqual({ every: 1, phoneEvery: 3 });
    expect(chartLabels(37)).toEqual({ every: 4, phoneEvery: 12 });
  });

  it('knows an empty range, and names a month in the reader’s language', () => {
    expect(hasActivity([month('2026-01', 0, 0)])).toBe(false);
    expect(hasActivity([month('2026-01', 0, 1)])).toBe(true);
    expect(hasActivity([month('2026-01', 0, 0, 1)])).toBe(true);
    expect(formatMonth('2026-03', 'en')).toBe('Mar 2026');
    expect(formatMonth('2026-03', 'en', true)).toBe('March 2026');
    expect(formatMonth('2026-03', 'es', true)).toBe('marzo de 2026');
  });

  it('names a member by name, else e-mail; the checks of no account by neither', () => {
    expect(memberName({ name: 'Ana', email: 'ana@x.edu' })).toBe('Ana');
    expect(memberName({ name: ' ', email: 'ana@x.edu' })).toBe('ana@x.edu');
    expect(memberName({ name: '', email: '' })).toBeNull();
  });
});

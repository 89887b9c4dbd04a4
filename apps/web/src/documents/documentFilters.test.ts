import { describe, expect, it } from 'vitest';
import { activeFilterCount, EMPTY_FILTERS, filterParams, filterProblems, parsePercent } from './documentFilters.ts';

describe('the documents list’s filters', () => {
  it('reads shares as typed, with a decimal comma, from 0 to 100', () => {
    expect(parsePercent('')).toBeNull();
    expect(parsePercent(' 12,5 ')).toBe(12.5);
    expect(parsePercent('100')).toBe(100);
    expect(parsePercent('101')).toBeNaN();
    expect(parsePercent('-1')).toBeNaN();
    expect(parsePercent('abc')).toBeNaN();
  });

  it('names what is wrong: a share out of range, a range the wrong way round, dates reversed', () => {
    expect(filterProblems(EMPTY_FILTERS)).toEqual({});
    expect(filterProblems({ ...EMPTY_FILTERS, similarityMin: '120' })).toEqual({ similarity: 'percent' });
    expect(filterProblems({ ...EMPTY_FILTERS, aiMin: '60', aiMax: '40' })).toEqual({ ai: 'range' });
    expect(filterProblems({ ...EMPTY_FILTERS, dateFrom: '2026-03-05', dateTo: '2026-03-01' })).toEqual({
      date: 'dateRange',
    });
  });

  it('sends only what is set, the default order left out', () => {
    expect(filterParams(EMPTY_FILTERS)).toEqual({});
    const form = {
      ...EMPTY_FILTERS,
      q: '  rivers ',
      status: 'ready' as const,
      similarityMin: '10,5',
      aiMax: '80',
      dateFrom: '2026-03-01',
      dateTo: 'not a date',
      sort: 'similarity_desc' as const,
    };
    expect(filterParams(form)).toEqual({
      q: 'rivers',
      status: 'ready',
      similarity_min: '10.5',
      ai_max: '80',
      date_from: '2026-03-01',
      sort: 'similarity_desc',
    });
    expect(activeFilterCount(form)).toBe(4);
  });
});

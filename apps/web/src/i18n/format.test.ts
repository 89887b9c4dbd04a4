import { describe, expect, it } from 'vitest';
import { dateLocaleOf, formatCentsIn, formatCount, formatPercent, formatUsd, localeOf, NBSP } from './format.ts';

describe('number formats', () => {
  it('writes percentages in the locale format with a no-break space before the sign', () => {
    expect(formatPercent(23.14, 'en')).toBe(`23.14${NBSP}%`);
    expect(formatPercent(23.14, 'es')).toBe(`23,14${NBSP}%`);
    expect(formatPercent(7, 'es', 0)).toBe(`7${NBSP}%`);
  });

  it('groups thousands as the locale does', () => {
    expect(formatCount(12500, 'en')).toBe('12,500');
    expect(formatCount(12500, 'es')).toBe('12.500');
  });

  it('writes dollars in the locale format', () => {
    expect(formatCentsIn(123450, 'en')).toBe('$1,234.50');
    expect(formatCentsIn(599, 'es')).toBe(`5,99${NBSP}US$`);
    expect(formatUsd(0.13998, 'en', 3)).toBe('$0.140');
  });

  it('writes Norwegian bokmål numbers: a decimal comma, a no-break space between thousands and before the sign', () => {
    expect(localeOf('no')).toBe('nb-NO');
    expect(formatPercent(23.14, 'no')).toBe(`23,14${NBSP}%`);
    expect(formatCount(12500, 'no')).toBe(`12${NBSP}500`);
    expect(formatCount(999, 'no')).toBe('999');
    expect(formatCentsIn(123450, 'no')).toBe(`1${NBSP}234,50${NBSP}USD`);
  });

  it('writes Norwegian dates as Norwegians do', () => {
    const day = new Date('2026-11-26T12:00:00Z');
    const date = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(dateLocaleOf('no'), { timeZone: 'UTC', ...options }).format(day);
    expect(date({ dateStyle: 'medium' })).toBe('26. nov. 2026');
    expect(date({ dateStyle: 'long' })).toBe('26. november 2026');
    expect(new Intl.DateTimeFormat(dateLocaleOf('en'), { dateStyle: 'medium', timeZone: 'UTC' }).format(day)).toBe(
      '26 Nov 2026',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { NBSP } from '../i18n/format.ts';
import { formatCents, formatPerPage, formatRate } from './money.ts';

describe('money display', () => {
  it('shows cents as dollars with two decimals in English', () => {
    expect(formatCents(599, 'en')).toBe('$5.99');
    expect(formatCents(999, 'en')).toBe('$9.99');
    expect(formatCents(24999, 'en')).toBe('$249.99');
    expect(formatCents(5, 'en')).toBe('$0.05');
    expect(formatCents(0, 'en')).toBe('$0.00');
    expect(formatCents(100, 'en')).toBe('$1.00');
    expect(formatCents(123450, 'en')).toBe('$1,234.50');
  });

  it('shows cents in the Spanish format, the symbol after a no-break space', () => {
    expect(formatCents(599, 'es')).toBe(`5,99${NBSP}US$`);
    expect(formatCents(123450, 'es')).toBe(`1234,50${NBSP}US$`);
    expect(formatCents(1234550, 'es')).toBe(`12.345,50${NBSP}US$`);
  });

  it('never drifts from whole cents', () => {
    // 0.1 + 0.2 style sums: the cents are integers, so each shows exactly.
    for (const cents of [1, 7, 29, 101, 252, 1099, 999_999]) {
      const shown = formatCents(cents, 'en').replace(/[$,]/g, '');
      expect(Math.round(Number(shown) * 100)).toBe(cents);
    }
  });

  it('puts the sign of a discount before the currency symbol', () => {
    expect(formatCents(-389, 'en')).toBe('-$3.89');
    expect(formatCents(-389, 'es')).toBe(`-3,89${NBSP}US$`);
  });

  it('shows every per-page price with three decimals, whatever the plan', () => {
    expect(formatPerPage(0.13998, 'en')).toBe('$0.140');
    expect(formatPerPage(0.099996, 'en')).toBe('$0.100');
    expect(formatPerPage(0.1998, 'en')).toBe('$0.200');
    expect(formatPerPage(0.16993, 'en')).toBe('$0.170');
    expect(formatPerPage(0.15163, 'en')).toBe('$0.152');
    expect(formatPerPage(0.299, 'es')).toBe(`0,299${NBSP}US$`);
  });

  it('shows a rate as a percentage in the locale format', () => {
    expect(formatRate(20, 'en')).toBe(`20${NBSP}%`);
    expect(formatRate(30, 'es')).toBe(`30${NBSP}%`);
    expect(formatRate(7.5, 'es')).toBe(`7,50${NBSP}%`);
  });
});

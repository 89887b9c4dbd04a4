import { describe, expect, it } from 'vitest';
import { formatCents, formatDollars, formatPerPage } from './money.ts';

describe('money display', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatCents(599)).toBe('$5.99');
    expect(formatCents(999)).toBe('$9.99');
    expect(formatCents(24999)).toBe('$249.99');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(100)).toBe('$1.00');
  });

  it('puts the sign of a discount before the currency symbol', () => {
    expect(formatCents(-389)).toBe('-$3.89');
  });

  it('shows per-page prices with 4 decimals on business plans and 2 elsewhere', () => {
    expect(formatPerPage(0.13998, 'business')).toBe('$0.1400');
    expect(formatPerPage(0.099996, 'business')).toBe('$0.1000');
    expect(formatPerPage(0.11999, 'business')).toBe('$0.1200');
    expect(formatPerPage(0.1998, 'individ')).toBe('$0.20');
    expect(formatPerPage(0.2995, 'individ')).toBe('$0.30');
    expect(formatPerPage(0.299, 'ai')).toBe('$0.30');
    expect(formatDollars(1.5, 2)).toBe('$1.50');
  });
});

import { describe, expect, it } from 'vitest';
import { formatCentsIn, formatCount, formatPercent, formatUsd, NBSP } from './format.ts';

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
});

import { dateLocaleOf, formatCount as formatLocaleCount, formatPercent } from '../i18n/format.ts';

/**
 * A percentage with two decimals in the language's format and a no-break space before the sign ("12.35 %",
 * "12,35 %"), as §9 asks; one way everywhere (i18n/format.ts).
 */
export function formatReportPercent(value: number, language: string): string {
  return formatPercent(value, language, 2);
}

/** A pill's whole percentage: a positive share shows at least 1 %, so that a small match is not "0 %". */
export function pillPercent(value: number): number {
  if (!(value > 0)) return 0;
  return Math.max(1, Math.round(value));
}

export function formatPillPercent(value: number, language: string): string {
  return formatPercent(pillPercent(value), language, 0);
}

/** The day of a source's check ("25 Nov 2026", "25 nov 2026", "25. nov. 2026"), in the reader's time zone. */
export function formatSourceDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(dateLocaleOf(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
    .format(date)
    .replace(/\.$/, '');
}

/** A count of documents with the language's grouping ("1,234", "1234" / "12.345"). */
export function formatCount(value: number, language: string): string {
  return formatLocaleCount(value, language);
}

import { formatPercent } from '../ai-detector/aiDetector.ts';

/** A percentage with two decimals and the language's separator ("12.35 %", "12,35 %"), as §9 asks. */
export function formatReportPercent(value: number, language: string): string {
  return `${formatPercent(value, language)} %`;
}

/** A pill's whole percentage: a positive share shows at least 1 %, so that a small match is not "0 %". */
export function pillPercent(value: number): number {
  if (!(value > 0)) return 0;
  return Math.max(1, Math.round(value));
}

export function formatPillPercent(value: number, language: string): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(pillPercent(value))} %`;
}

/** The day of a source's check ("25 Nov 2026", "25 nov 2026"), in the reader's time zone. */
export function formatSourceDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
    .format(date)
    .replace(/\.$/, '');
}

/** A count of documents with the language's grouping ("1,234", "1234" / "12.345"). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB').format(value);
}

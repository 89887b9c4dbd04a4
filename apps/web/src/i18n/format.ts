/**
 * Numbers as people read them, one way everywhere in the client: the locale's decimal mark and thousands
 * separator ("23.14 %" in English, "23,14 %" in Spanish and Norwegian; "1,250" / "1250", "12.500", "12 500"
 * with a no-break space in Norwegian bokmål), and a no-break space
 * before the percent sign and inside prices, so "%" or "US$" never wraps onto a line of its own.
 *
 * Every percentage, count and price the client shows goes through these functions.
 */

/** U+00A0: keeps a number and its unit on one line. */
export const NBSP = '\u00a0';

/** Whether a language code is Norwegian ('no', the site's code, or bokmål's 'nb'). */
function isNorwegian(language: string): boolean {
  return language === 'no' || language.startsWith('no-') || language.startsWith('nb');
}

/** The BCP 47 locale of an interface language ("en", "es" or "no"; anything else reads as English). */
export function localeOf(language: string): string {
  if (isNorwegian(language)) return 'nb-NO';
  return language.startsWith('es') ? 'es-ES' : 'en-US';
}

/**
 * The locale of the dates the client writes out: "25 Nov 2026" (British order, as the site always wrote English
 * dates), "25 nov 2026", "25. nov. 2026" (Norwegian).
 */
export function dateLocaleOf(language: string): string {
  if (isNorwegian(language)) return 'nb-NO';
  return language.startsWith('es') ? 'es-ES' : 'en-GB';
}

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${localeOf(language)}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(localeOf(language), options);
    cache.set(key, format);
  }
  return format;
}

/** A percentage given as 0–100: `formatPercent(23.14, 'es')` → "23,14 %" (no-break space). */
export function formatPercent(value: number, language: string, decimals = 2): string {
  const number = numberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${number.format(value)}${NBSP}%`;
}

/** The number part of a percentage, without the sign (for layouts that set "%" apart). */
export function formatPercentNumber(value: number, language: string, decimals = 2): string {
  return numberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** A count with the locale's thousands separator: 12500 → "12,500" / "12.500". */
export function formatCount(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** A decimal number with a fixed number of places in the locale's format. */
export function formatDecimal(value: number, language: string, decimals: number): string {
  return numberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/**
 * Money in US dollars (the only currency sold): "$1,234.50" in English, "1234,50 US$" in Spanish. Cents are
 * whole numbers on the server; `decimals` is 2 for amounts, more for per-page prices.
 */
export function formatUsd(amount: number, language: string, decimals = 2): string {
  const format = numberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  // Intl already puts a no-break space between number and symbol where the locale has one.
  return format.format(amount);
}

/** Cents as dollars: 599 → "$5.99" / "5,99 US$"; integer cents, so no float drift in what is shown. */
export function formatCentsIn(cents: number, language: string): string {
  return formatUsd(Math.round(cents) / 100, language, 2);
}

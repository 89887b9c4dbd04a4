/**
 * Money display (commerce-and-cabinet.md §9): the server counts whole cents; the client shows dollars in the
 * locale's format through i18n/format.ts ("$1,234.50" in English, "1234,50 US$" in Spanish).
 */
import { formatCentsIn, formatPercent, formatUsd } from '../i18n/format.ts';

/**
 * Cents as dollars with two decimals: 599 → "$5.99" / "5,99 US$", -389 → "-$3.89" / "-3,89 US$". The cents are
 * rounded to a whole number first and n / 100 always rounds back to n at two decimals, so what is shown never
 * drifts from what the server charges.
 */
export function formatCents(cents: number, language: string): string {
  return formatCentsIn(cents, language);
}

export type PricingTab = 'individ' | 'business' | 'ai';

/**
 * One rule for every per-page price, on every tab: three decimals ("$0.140 per page", "$0.300 per page").
 * Three places tell the packs apart ($0.170 and $0.152 are both "$0.17"/"$0.15" at two) without the noise of
 * four. This deviates on purpose from commerce-and-cabinet.md §2, which shows business plans with four
 * decimals and the others with two: issue 20 asks for the same decimals for every per-page price.
 */
export const PER_PAGE_DECIMALS = 3;

/** A per-page price given in dollars (unrounded, e.g. 69.99 / 500): 0.13998 → "$0.140" / "0,140 US$". */
export function formatPerPage(perPage: number, language: string): string {
  return formatUsd(perPage, language, PER_PAGE_DECIMALS);
}

/**
 * A rate the server gives as a percentage (VAT, a promo code's discount): whole rates without decimals
 * ("20 %", "30 %"), others with two ("7,50 %"); a no-break space keeps the sign on the number's line.
 */
export function formatRate(percent: number, language: string): string {
  return formatPercent(percent, language, Number.isInteger(percent) ? 0 : 2);
}

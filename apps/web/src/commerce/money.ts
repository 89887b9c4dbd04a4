/** Money display (commerce-and-cabinet.md §9): the server counts cents; the client shows $X.XX. */

/** Cents as dollars with two decimals: 599 -> "$5.99", -180 -> "-$1.80". Integer arithmetic, no float drift. */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const dollars = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${String(dollars)}.${rest}`;
}

/** A per-page price given in dollars (unrounded), shown with `decimals` places: 0.13998 -> "$0.1400". */
export function formatDollars(amount: number, decimals: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}$${Math.abs(amount).toFixed(decimals)}`;
}

export type PricingTab = 'individ' | 'business' | 'ai';

/** Business (teams) plans show the per-page price with 4 decimals; the others with 2. */
export function perPageDecimals(tab: PricingTab): number {
  return tab === 'business' ? 4 : 2;
}

export function formatPerPage(perPage: number, tab: PricingTab): string {
  return formatDollars(perPage, perPageDecimals(tab));
}

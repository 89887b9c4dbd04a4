import type { Plan } from '@veritext/contracts';
import type { SessionState } from '../session/store.ts';
import type { PricingTab } from './money.ts';

export const PRICING_TABS: readonly PricingTab[] = ['individ', 'business', 'ai'];
export const QUOTE_PATH = '/for-education-request/';

/** ?ai= opens the AI tab, ?individual= the individual one (commerce-and-cabinet.md §2); else individual. */
export function tabFromSearch(search: string): PricingTab {
  const params = new URLSearchParams(search);
  if (params.has('ai')) return 'ai';
  if (params.has('individual')) return 'individ';
  if (params.has('business')) return 'business';
  return 'individ';
}

/** The button of a plan: "Buy N pages", or "Buy N AI pages" for an AI pack. */
export function buyLabel(plan: Plan): {
  key: 'commerce.pricing.buyPages' | 'commerce.pricing.buyAiChecks';
  count: number;
} {
  return plan.type === 'ai'
    ? { key: 'commerce.pricing.buyAiChecks', count: plan.ai_pages ?? 0 }
    : { key: 'commerce.pricing.buyPages', count: plan.pages ?? 0 };
}

/** How a buy goes: a registered user adds to the cart; a visitor or guest signs up first (§6). */
export type BuyRoute = 'wait' | 'cart' | 'signup';

export function buyRoute(session: Pick<SessionState, 'status' | 'profile'>): BuyRoute {
  if (session.status === 'checking') return 'wait';
  if (session.status === 'user' && session.profile !== null && !session.profile.is_guest) return 'cart';
  return 'signup';
}

/** The groups a user may buy pages for: only those the user owns (role 1). */
export function buyableGroups<G extends { id: number; name: string; current_user_role: number }>(
  groups: readonly G[],
): G[] {
  return groups.filter((group) => group.current_user_role === 1);
}

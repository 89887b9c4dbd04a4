import type { PackageType, Plan, SubscriptionPlan } from '@veritext/contracts';

/** A pay-per-use pack (commerce-and-cabinet.md §3, §9): money in cents, USD. */
export type Package = {
  code: string;
  name: string;
  tab: 'individ' | 'business' | 'ai';
  type: PackageType;
  /** Pages for type 'pages', AI pages (one AI check each) for type 'ai'. */
  pages: number;
  price: number;
};

export const CATALOGUE: readonly Package[] = [
  { code: 'basic', name: 'Basic', tab: 'individ', type: 'pages', pages: 20, price: 599 },
  { code: 'light', name: 'Light', tab: 'individ', type: 'pages', pages: 50, price: 999 },
  { code: 'standard', name: 'Standard', tab: 'individ', type: 'pages', pages: 150, price: 2549 },
  { code: 'premium', name: 'Premium', tab: 'individ', type: 'pages', pages: 300, price: 4549 },
  { code: 'teams500', name: 'Teams 500', tab: 'business', type: 'pages', pages: 500, price: 6999 },
  { code: 'teams1000', name: 'Teams 1000', tab: 'business', type: 'pages', pages: 1000, price: 11999 },
  { code: 'teams2500', name: 'Teams 2500', tab: 'business', type: 'pages', pages: 2500, price: 24999 },
  { code: 'aiBasic', name: 'AI Basic', tab: 'ai', type: 'ai', pages: 10, price: 299 },
  { code: 'aiStandard', name: 'AI Standard', tab: 'ai', type: 'ai', pages: 25, price: 499 },
  { code: 'aiExpert', name: 'AI Expert', tab: 'ai', type: 'ai', pages: 60, price: 999 },
];

const BY_CODE = new Map(CATALOGUE.map((pack) => [pack.code, pack]));

export function findPackage(code: string): Package | null {
  return BY_CODE.get(code) ?? null;
}

export function toPlan(pack: Package): Plan {
  return {
    service: pack.code,
    name: pack.name,
    type: pack.type,
    pages: pack.type === 'pages' ? pack.pages : null,
    ai_pages: pack.type === 'ai' ? pack.pages : null,
    price: pack.price,
    per_page: pack.price / 100 / pack.pages,
  };
}

export function plansOfTab(tab: Package['tab']): Plan[] {
  return CATALOGUE.filter((pack) => pack.tab === tab).map(toPlan);
}

/**
 * Monthly plans (commerce-and-cabinet.md §3): individual (light, standard), team (lightTeams, standardTeams: bought
 * by an organisation's owner for the organisation) and AI (AI Basic, AIStandard, AIExpert: for the buyer or an
 * organisation the buyer owns). Price per month in cents; pages and AI pages credited each month through the
 * ledger. Pages left at a renewal stay (see the pricing page); a month's pages are worth less per page than packs.
 */
export type SubscriptionPlanDef = Omit<SubscriptionPlan, 'service'>;

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlanDef[] = [
  { key: 'light', name: 'Light', kind: 'individ', price: 999, pages: 60, ai_pages: 20 },
  { key: 'standard', name: 'Standard', kind: 'individ', price: 2499, pages: 180, ai_pages: 60 },
  { key: 'lightTeams', name: 'Light', kind: 'team', price: 5999, pages: 600, ai_pages: 150 },
  { key: 'standardTeams', name: 'Standard', kind: 'team', price: 11999, pages: 1500, ai_pages: 400 },
  { key: 'aiBasic', name: 'AI Basic', kind: 'ai', price: 299, pages: 0, ai_pages: 15 },
  { key: 'aiStandard', name: 'AIStandard', kind: 'ai', price: 499, pages: 0, ai_pages: 30 },
  { key: 'aiExpert', name: 'AIExpert', kind: 'ai', price: 999, pages: 0, ai_pages: 75 },
];

/** The service identifier: the plan's name lower-cased (spaces dropped) + "Subscription", or "TeamsSubscription". */
export function subscriptionService(plan: SubscriptionPlanDef): string {
  const name = plan.name.toLowerCase().replace(/\s+/g, '');
  return `${name}${plan.kind === 'team' ? 'TeamsSubscription' : 'Subscription'}`;
}

export function toSubscriptionPlan(plan: SubscriptionPlanDef): SubscriptionPlan {
  return { ...plan, service: subscriptionService(plan) };
}

/** A plan by its service identifier or its key. */
export function findSubscriptionPlan(codeOrKey: string): SubscriptionPlan | null {
  const plan = SUBSCRIPTION_PLANS.find((p) => p.key === codeOrKey || subscriptionService(p) === codeOrKey);
  return plan === undefined ? null : toSubscriptionPlan(plan);
}

import type { Subscription, SubscriptionPlan, SubscriptionPlansResponse } from '@veritext/contracts';

/** Test data of the subscription tests: the server's catalogue of plans (catalogue.ts) and subscriptions. */
const plan = (
  key: string,
  name: string,
  kind: SubscriptionPlan['kind'],
  price: number,
  pages: number,
  aiPages: number,
): SubscriptionPlan => ({
  key,
  name,
  kind,
  price,
  pages,
  ai_pages: aiPages,
  service: `${name.toLowerCase().replace(/\s+/g, '')}${kind === 'team' ? 'TeamsSubscription' : 'Subscription'}`,
});

export const plansFixture: SubscriptionPlansResponse = {
  success: true,
  currency: 'USD',
  vat_percent: 20,
  plans: {
    individ: [plan('light', 'Light', 'individ', 999, 60, 20), plan('standard', 'Standard', 'individ', 2499, 180, 60)],
    team: [
      plan('lightTeams', 'Light', 'team', 5999, 600, 150),
      plan('standardTeams', 'Standard', 'team', 11999, 1500, 400),
    ],
    ai: [
      plan('aiBasic', 'AI Basic', 'ai', 299, 0, 15),
      plan('aiStandard', 'AIStandard', 'ai', 499, 0, 30),
      plan('aiExpert', 'AIExpert', 'ai', 999, 0, 75),
    ],
  },
  default_plans: { individ: 'light', team: 'lightTeams', ai: 'aiStandard' },
};

export function planOf(key: string): SubscriptionPlan {
  const found = [...plansFixture.plans.individ, ...plansFixture.plans.team, ...plansFixture.plans.ai].find(
    (candidate) => candidate.key === key,
  );
  if (found === undefined) throw new Error(`no plan ${key}`);
  return found;
}

/** A subscription to a plan: active, its month from 1 to 31 March 2026 (30 days), card 4242. */
export function subscriptionTo(key: string, overrides: Partial<Subscription> = {}): Subscription {
  const p = planOf(key);
  return {
    id: 31,
    status: 2,
    service: { key: p.key, name: p.name, kind: p.kind, service: p.service },
    price: p.price,
    pages: p.pages,
    ai_pages: p.ai_pages,
    group_id: p.kind === 'team' ? 4 : null,
    current_period_start: '2026-03-01T10:00:00.000Z',
    current_period_end: '2026-03-31T10:00:00.000Z',
    renewal_date: '2026-03-31T10:00:00.000Z',
    end_date: null,
    cancel_at_period_end: false,
    card_last4: '4242',
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

import {
  SUBSCRIPTION_KINDS,
  type SiteLanguage,
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionKind,
  type SubscriptionPlan,
} from '@veritext/contracts';
import { dateLocaleOf } from '../i18n/format.ts';
import { localisedPath } from '../language/language.ts';

/**
 * The rules of the subscription widget (commerce-and-cabinet.md §2, §4, §6), without React: which subscription is
 * live, what each plan card offers, the default plan, who may buy team plans, and what an upgrade charges.
 */

export const SUBSCRIPTION_TABS: readonly SubscriptionKind[] = SUBSCRIPTION_KINDS;

/** The query keys of the subscription calls (everything under 'subscriptions' is refetched after a change). */
export const SUBSCRIPTIONS_QUERY_KEY = ['subscriptions'] as const;
export const SUBSCRIPTION_PLANS_QUERY_KEY = ['subscriptions', 'plans'] as const;
export const MY_SUBSCRIPTIONS_QUERY_KEY = ['subscriptions', 'mine'] as const;
export function groupSubscriptionsQueryKey(groupId: number | null) {
  return ['subscriptions', 'group', groupId] as const;
}

/** The pricing page's anchor of the subscription widget (links from the check tool and the cabinet go there). */
export const SUBSCRIPTIONS_ANCHOR = 'subscriptions';

/** The pricing page's subscription widget, with a query (?ai= opens its AI tab): '/es/pricing/?ai=#subscriptions'. */
export function subscriptionsPath(lang: SiteLanguage, search = ''): string {
  return `${localisedPath('/pricing/', lang)}${search}#${SUBSCRIPTIONS_ANCHOR}`;
}

/** ?ai= opens the AI tab, ?team= (or ?business=) the team tab; otherwise the individual one. */
export function subscriptionTabFromSearch(search: string): SubscriptionKind {
  const params = new URLSearchParams(search);
  if (params.has('ai')) return 'ai';
  if (params.has('team') || params.has('business')) return 'team';
  return 'individ';
}

/**
 * The account's live subscription: active (2), or past due (3: a renewal was declined and is being retried), which
 * is still the account's and is still upgraded or cancelled rather than bought again. Null when none.
 */
export function liveSubscription(subscriptions: readonly Subscription[] | undefined): Subscription | null {
  return (
    subscriptions?.find(
      (s) => s.status === SUBSCRIPTION_STATUSES.active || s.status === SUBSCRIPTION_STATUSES.pastDue,
    ) ?? null
  );
}

/** What a plan card offers the account that would pay for it. */
export type PlanChoice =
  /** The plan of the live subscription: disabled, labelled Active. */
  | 'active'
  /** A dearer plan the live subscription can move to at once. */
  | 'upgrade'
  /** No live subscription: this plan starts one. */
  | 'new'
  /** Not an upgrade (cheaper, or a kind this account's subscription cannot move to): cancel first. */
  | 'lower';

/**
 * The server's upgrade rule (UpgradeSubscriptionFormSchema): one's own individual or AI plan moves to an individual
 * plan or a dearer AI plan; an organisation's to a team plan or a dearer AI plan; always to a plan that costs more,
 * and only while the subscription is active (not past due).
 */
export function planChoice(plan: SubscriptionPlan, live: Subscription | null): PlanChoice {
  if (live === null) return 'new';
  if (live.service.key === plan.key) return 'active';
  const fits = live.group_id === null ? plan.kind !== 'team' : plan.kind !== 'individ';
  return fits && plan.price > live.price && live.status === SUBSCRIPTION_STATUSES.active ? 'upgrade' : 'lower';
}

/** The submit button: "Upgrade plan" when a subscription is active, otherwise "Get started" (§2). */
export function submitLabelKey(live: Subscription | null): 'subscriptions.upgrade' | 'subscriptions.getStarted' {
  return live === null ? 'subscriptions.getStarted' : 'subscriptions.upgrade';
}

/**
 * The plan selected when the browser tab becomes visible (§2): the tab's default (light, lightTeams, aiStandard);
 * when that is the active plan, the next one (in the list's order, wrapping round). Null when the list is empty.
 */
export function defaultPlanKey(
  plans: readonly SubscriptionPlan[],
  defaultKey: string,
  activeKey: string | null,
): string | null {
  if (plans.length === 0) return null;
  const at = Math.max(
    0,
    plans.findIndex((plan) => plan.key === defaultKey),
  );
  const candidate = plans[at];
  if (candidate === undefined) return null;
  if (candidate.key !== activeKey) return candidate.key;
  const next = plans[(at + 1) % plans.length];
  return next === undefined || next.key === activeKey ? null : next.key;
}

/** The selected plan: the one the user chose while it can still be chosen, else the default rule's. */
export function effectiveSelection(
  plans: readonly SubscriptionPlan[],
  chosen: string | null | undefined,
  defaultKey: string,
  activeKey: string | null,
): string | null {
  if (chosen != null && chosen !== activeKey && plans.some((plan) => plan.key === chosen)) return chosen;
  return defaultPlanKey(plans, defaultKey, activeKey);
}

/** A group as GET /api/v1/groups/list/ gives it, reduced to what the widget reads. */
export type WidgetGroup = { id: number; name: string; current_user_role: number };

/** The organisations the user owns (role 1): team plans, and AI plans for an organisation, are bought for them. */
export function ownedGroups<G extends WidgetGroup>(groups: readonly G[]): G[] {
  return groups.filter((group) => group.current_user_role === 1);
}

/**
 * Who may buy on the team tab (§6): a visitor signs up (as an organisation) first; an owner buys for the
 * organisation; a member who owns none is told to contact the administrator and may notify them; a user with no
 * organisation at all cannot buy a team plan.
 */
export type TeamAccess = 'signup' | 'owner' | 'member' | 'noOrganisation';

export function teamAccess(isRegistered: boolean, groups: readonly WidgetGroup[]): TeamAccess {
  if (!isRegistered) return 'signup';
  if (ownedGroups(groups).length > 0) return 'owner';
  return groups.length > 0 ? 'member' : 'noOrganisation';
}

/** The organisation a member would ask their administrator about: the first they belong to without owning it. */
export function memberGroup<G extends WidgetGroup>(groups: readonly G[]): G | null {
  return groups.find((group) => group.current_user_role !== 1) ?? null;
}

/** "AIStandard" reads "AI Standard": the server's names, spaced where two words meet. */
export function displayPlanName(name: string): string {
  return name.replace(/^AI(?=[A-Z])/, 'AI ');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an upgrade charges now, as the server works it out (subscriptions.service.ts prorate): an estimate. */
export type UpgradeEstimate = {
  /** Cents, VAT included. */
  amount: number;
  pages: number;
  aiPages: number;
  daysLeft: number;
  days: number;
  /** The price difference per month, in cents, VAT not included. */
  monthlyDifference: number;
};

/**
 * The proration of an upgrade: the price difference times the share of the month still to run (whole days, as the
 * server counts them), plus VAT; the pages difference times the same share, rounded down. Null when the live
 * subscription's period is unknown.
 */
export function estimateUpgrade(
  live: Pick<Subscription, 'price' | 'pages' | 'ai_pages' | 'current_period_start' | 'current_period_end'>,
  plan: Pick<SubscriptionPlan, 'price' | 'pages' | 'ai_pages'>,
  vatPercent: number,
  now: Date,
): UpgradeEstimate | null {
  if (live.current_period_start === null || live.current_period_end === null) return null;
  const start = Date.parse(live.current_period_start);
  const end = Date.parse(live.current_period_end);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return null;
  const days = Math.max(1, Math.round((end - start) / DAY_MS));
  const daysLeft = Math.min(days, Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS)));
  const share = daysLeft / days;
  const subtotal = Math.round((plan.price - live.price) * share);
  const vat = Math.round((subtotal * vatPercent) / 100);
  return {
    amount: subtotal + vat,
    pages: Math.max(0, Math.floor((plan.pages - live.pages) * share)),
    aiPages: Math.max(0, Math.floor((plan.ai_pages - live.ai_pages) * share)),
    daysLeft,
    days,
    monthlyDifference: plan.price - live.price,
  };
}

/** A date of the server (ISO) in the reader's language: "12 March 2026" / "12 de marzo de 2026" / "12. mars 2026". */
export function formatSubscriptionDate(iso: string | null, language: string): string | null {
  if (iso === null) return null;
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return null;
  return new Intl.DateTimeFormat(dateLocaleOf(language), { dateStyle: 'long' }).format(at);
}

/** Calls a function each time the page becomes visible again (the browser tab brought back to the front). */
export function onPageVisible(
  target: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>,
  callback: () => void,
): () => void {
  const listener = (): void => {
    if (target.visibilityState === 'visible') callback();
  };
  target.addEventListener('visibilitychange', listener);
  return () => {
    target.removeEventListener('visibilitychange', listener);
  };
}

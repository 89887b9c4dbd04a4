import { describe, expect, it } from 'vitest';
import {
  defaultPlanKey,
  displayPlanName,
  effectiveSelection,
  estimateUpgrade,
  liveSubscription,
  memberGroup,
  onPageVisible,
  ownedGroups,
  planChoice,
  submitLabelKey,
  subscriptionTabFromSearch,
  subscriptionsPath,
  teamAccess,
} from './subscriptions.ts';
import { planOf, plansFixture, subscriptionTo } from './testSubscriptions.ts';

const { individ, team, ai } = plansFixture.plans;

describe('the subscription widget rules (commerce-and-cabinet.md §2)', () => {
  it('reads "Upgrade plan" when a subscription is active, otherwise "Get started"', () => {
    expect(submitLabelKey(null)).toBe('subscriptions.getStarted');
    expect(submitLabelKey(subscriptionTo('light'))).toBe('subscriptions.upgrade');
  });

  it('the plan of the live subscription is the active one; dearer plans it can move to are upgrades', () => {
    const light = subscriptionTo('light');
    expect(planChoice(planOf('light'), light)).toBe('active');
    expect(planChoice(planOf('standard'), light)).toBe('upgrade');
    // one's own plan never moves to a team plan; an AI plan must cost more
    expect(planChoice(planOf('lightTeams'), light)).toBe('lower');
    expect(planChoice(planOf('aiExpert'), light)).toBe('lower');
    expect(planChoice(planOf('standard'), null)).toBe('new');
    // an organisation's plan moves to a team plan or a dearer AI plan, never to an individual one
    const teams = subscriptionTo('lightTeams');
    expect(planChoice(planOf('standardTeams'), teams)).toBe('upgrade');
    expect(planChoice(planOf('standard'), teams)).toBe('lower');
    // an AI plan of one's own moves up to an individual plan
    expect(planChoice(planOf('light'), subscriptionTo('aiStandard'))).toBe('upgrade');
    // a declined renewal being retried: no upgrade until it is paid
    expect(planChoice(planOf('standard'), subscriptionTo('light', { status: 3 }))).toBe('lower');
  });

  it('the live subscription is the active or past-due one; pending and ended ones are not', () => {
    expect(liveSubscription([])).toBeNull();
    expect(liveSubscription(undefined)).toBeNull();
    expect(liveSubscription([subscriptionTo('light', { status: 4 })])).toBeNull();
    const active = subscriptionTo('standard', { id: 2 });
    expect(liveSubscription([active, subscriptionTo('light', { id: 1, status: 4 })])).toBe(active);
    expect(liveSubscription([subscriptionTo('light', { status: 3 })])?.status).toBe(3);
  });

  it('selects the default plan (light, lightTeams, aiStandard), or the next one when the default is active', () => {
    expect(defaultPlanKey(individ, 'light', null)).toBe('light');
    expect(defaultPlanKey(team, 'lightTeams', null)).toBe('lightTeams');
    expect(defaultPlanKey(ai, 'aiStandard', null)).toBe('aiStandard');
    expect(defaultPlanKey(individ, 'light', 'light')).toBe('standard');
    expect(defaultPlanKey(ai, 'aiStandard', 'aiStandard')).toBe('aiExpert');
    expect(defaultPlanKey(team, 'lightTeams', 'lightTeams')).toBe('standardTeams');
    // another plan active: the default stays selected; the last plan's next wraps round to the first
    expect(defaultPlanKey(individ, 'light', 'standard')).toBe('light');
    expect(defaultPlanKey(individ, 'standard', 'standard')).toBe('light');
    expect(defaultPlanKey([], 'light', null)).toBeNull();
    expect(defaultPlanKey([planOf('light')], 'light', 'light')).toBeNull();
  });

  it('keeps the user’s choice until it cannot be chosen (it became the active plan, or is unknown)', () => {
    expect(effectiveSelection(individ, 'standard', 'light', null)).toBe('standard');
    expect(effectiveSelection(individ, undefined, 'light', null)).toBe('light');
    expect(effectiveSelection(individ, 'standard', 'light', 'standard')).toBe('light');
    expect(effectiveSelection(individ, 'gone', 'light', 'light')).toBe('standard');
  });

  it('selects the default plan again each time the browser tab becomes visible, not when it is hidden', () => {
    const listeners = new Set<() => void>();
    const page = {
      visibilityState: 'hidden' as DocumentVisibilityState,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    };
    let calls = 0;
    const stop = onPageVisible(page as unknown as Document, () => {
      calls += 1;
    });
    const fire = () => {
      for (const listener of listeners) listener();
    };
    fire();
    expect(calls).toBe(0);
    page.visibilityState = 'visible';
    fire();
    expect(calls).toBe(1);
    stop();
    fire();
    expect(calls).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('team plans: an owner (role 1) buys, a member who owns none contacts the admin, a visitor signs up', () => {
    const school = { id: 4, name: 'School', current_user_role: 3 };
    const mine = { id: 9, name: 'Mine', current_user_role: 1 };
    expect(teamAccess(false, [])).toBe('signup');
    expect(teamAccess(true, [mine, school])).toBe('owner');
    expect(teamAccess(true, [school])).toBe('member');
    expect(teamAccess(true, [])).toBe('noOrganisation');
    expect(ownedGroups([school, mine])).toEqual([mine]);
    expect(memberGroup([mine, school])).toEqual(school);
    expect(memberGroup([mine])).toBeNull();
  });

  it('opens the tab named in the query: ?ai= the AI tab, ?team= or ?business= the team tab', () => {
    expect(subscriptionTabFromSearch('')).toBe('individ');
    expect(subscriptionTabFromSearch('?ai=')).toBe('ai');
    expect(subscriptionTabFromSearch('?team=')).toBe('team');
    expect(subscriptionTabFromSearch('?business=1')).toBe('team');
    expect(subscriptionsPath('en')).toBe('/pricing/#subscriptions');
    expect(subscriptionsPath('es', '?ai=')).toBe('/es/pricing/?ai=#subscriptions');
  });

  it('names plans as people read them', () => {
    expect(displayPlanName('AIStandard')).toBe('AI Standard');
    expect(displayPlanName('AIExpert')).toBe('AI Expert');
    expect(displayPlanName('AI Basic')).toBe('AI Basic');
    expect(displayPlanName('Light')).toBe('Light');
  });
});

describe('the upgrade estimate (the proration of UpgradeSubscriptionFormSchema)', () => {
  const light = subscriptionTo('light');

  it('charges the price difference for the days left of the month, plus VAT, and credits the pages likewise', () => {
    // 30-day month, 15 days left (rounded up): half of $15.00, $7.50, plus 20 % VAT: $9.00
    const estimate = estimateUpgrade(light, planOf('standard'), 20, new Date('2026-03-16T10:00:00.000Z'));
    expect(estimate).toEqual({
      amount: 900,
      pages: 60,
      aiPages: 20,
      daysLeft: 15,
      days: 30,
      monthlyDifference: 1500,
    });
  });

  it('counts a day begun as a day left, and nothing after the end', () => {
    const lastHour = estimateUpgrade(light, planOf('standard'), 0, new Date('2026-03-31T09:00:00.000Z'));
    expect(lastHour).toMatchObject({ daysLeft: 1, amount: 50, pages: 4, aiPages: 1 });
    const after = estimateUpgrade(light, planOf('standard'), 0, new Date('2026-04-02T00:00:00.000Z'));
    expect(after).toMatchObject({ daysLeft: 0, amount: 0, pages: 0 });
  });

  it('is unknown without the current period', () => {
    expect(estimateUpgrade({ ...light, current_period_end: null }, planOf('standard'), 20, new Date())).toBeNull();
  });
});

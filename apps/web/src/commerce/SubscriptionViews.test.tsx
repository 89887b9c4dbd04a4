import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { PricingPlans, type PricingPlansProps } from './PricingPlans.tsx';
import { SubscriptionPlans, type SubscriptionPlansProps } from './SubscriptionPlans.tsx';
import { estimateUpgrade } from './subscriptions.ts';
import { pricingFixture } from './testOrders.ts';
import { planOf, plansFixture, subscriptionTo } from './testSubscriptions.ts';
import { UpgradeSummary } from './UpgradeDialog.tsx';

const noop = (): void => undefined;

function html(node: ReactNode): string {
  return renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
}

function textOf(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function widget(overrides: Partial<SubscriptionPlansProps> = {}): string {
  const props: SubscriptionPlansProps = {
    plans: plansFixture,
    tab: 'individ',
    lang: 'en',
    live: null,
    selectedKey: 'light',
    access: 'buy',
    accounts: [],
    accountId: null,
    isLoadingLive: false,
    isBusy: false,
    error: null,
    notice: null,
    onTabChange: noop,
    onSelect: noop,
    onAccountChange: noop,
    onSubmit: noop,
    onNotify: noop,
    coupon: '',
    onCouponChange: noop,
    ...overrides,
  };
  return html(<SubscriptionPlans {...props} />);
}

/** The plan cards: key, whether its radio is disabled or checked, and the card's text. */
function cards(markup: string) {
  return [
    ...markup.matchAll(
      /<li class="sub-card__item" data-plan="([^"]+)">([\s\S]*?)<\/li>(?=<li class="sub-card__item"|<\/ul>)/g,
    ),
  ].map((match) => {
    const body = match[2] ?? '';
    const radio = /<input[^>]*>/.exec(body)?.[0] ?? '';
    return {
      key: match[1],
      disabled: radio.includes('disabled=""'),
      checked: radio.includes('checked=""'),
      text: textOf(body),
    };
  });
}

function submitButton(markup: string): string {
  return /<button type="submit"[^>]*>[\s\S]*?<\/button>/.exec(markup)?.[0] ?? '';
}

describe('the subscription widget (commerce-and-cabinet.md §2)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('three tabs; each plan card shows its price per month, pages and AI pages per month', () => {
    const markup = widget();
    const tabs = [...markup.matchAll(/role="tab"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(tabs).toEqual(['Individual', 'Teams', 'AI detector']);
    expect(cards(markup).map((card) => card.text)).toEqual([
      'Light $9.99 per month 60 pages per month 20 AI pages per month',
      'Standard $24.99 per month 180 pages per month 60 AI pages per month',
    ]);
    // AI plans carry no plagiarism pages; their names are spaced
    const aiCards = cards(widget({ tab: 'ai', selectedKey: 'aiStandard' }));
    expect(aiCards.map((card) => card.text)).toEqual([
      'AI Basic $2.99 per month 15 AI pages per month',
      'AI Standard $4.99 per month 30 AI pages per month',
      'AI Expert $9.99 per month 75 AI pages per month',
    ]);
    expect(aiCards.find((card) => card.key === 'aiStandard')?.checked).toBe(true);
  });

  it('reads "Get started" without a subscription and "Upgrade plan" with one', () => {
    expect(textOf(submitButton(widget()))).toBe('Get started');
    const markup = widget({ live: subscriptionTo('light'), selectedKey: 'standard' });
    expect(textOf(submitButton(markup))).toBe('Upgrade plan');
    expect(submitButton(markup)).not.toContain('disabled');
  });

  it('disables the active plan and labels it Active; says when it renews', () => {
    const markup = widget({ live: subscriptionTo('light'), selectedKey: 'standard' });
    const [light, standard] = cards(markup);
    expect(light).toMatchObject({ key: 'light', disabled: true, checked: false });
    expect(light?.text).toContain('Active');
    expect(standard).toMatchObject({ key: 'standard', disabled: false, checked: true });
    expect(standard?.text).not.toContain('Active');
    expect(textOf(markup)).toContain('Your plan: Light. It renews on 31 March 2026.');
  });

  it('a plan that is not an upgrade cannot be submitted, and says why', () => {
    const markup = widget({ live: subscriptionTo('standard'), selectedKey: 'light' });
    expect(submitButton(markup)).toContain('disabled=""');
    expect(textOf(markup)).toContain('This plan is not an upgrade of your current one.');
  });

  it('the notes: the promo code, the unused pages rule, the cancellation policy link (/es in Spanish)', async () => {
    const text = textOf(widget());
    expect(text).toContain('Got a promo code? Apply it at checkout!');
    expect(text).toContain('Pages a month leaves unused stay on your balance: they do not lapse when the plan renews.');
    expect(widget()).toMatch(/<a href="\/cancellation-policy\/"[^>]*>Cancellation Policy<\/a>/);
    await initI18n('es');
    try {
      const es = widget({ lang: 'es', live: subscriptionTo('light'), selectedKey: 'standard' });
      expect(es).toMatch(/<a href="\/es\/cancellation-policy\/"[^>]*>Política de cancelación<\/a>/);
      expect(textOf(submitButton(es))).toBe('Mejorar el plan');
      expect(textOf(es)).toContain('9,99');
      expect(textOf(es)).toContain('Activo');
    } finally {
      await initI18n('en');
    }
  });

  it('the team tab: a "Need more pages?" card with "Get a quote" to /for-education-request/ (/es in Spanish)', () => {
    const markup = widget({
      tab: 'team',
      selectedKey: 'lightTeams',
      accounts: [{ id: 4, name: 'North School' }],
      accountId: 4,
    });
    expect(markup).toMatch(/Need more pages\?[\s\S]*<a [^>]*href="\/for-education-request\/"[^>]*>Get a quote<\/a>/);
    expect(textOf(markup)).toContain('For your organisation North School');
    expect(widget({ tab: 'team', lang: 'es', selectedKey: 'lightTeams' })).toContain(
      'href="/es/for-education-request/"',
    );
  });

  it('a member who does not own the organisation: "Contact your Admin to upgrade" and Notify admin, no buying', () => {
    const markup = widget({ tab: 'team', access: 'member', selectedKey: 'lightTeams' });
    expect(markup).not.toContain('type="submit"');
    expect(markup).not.toContain('type="radio"');
    expect(textOf(markup)).toContain('Contact your Admin to upgrade');
    expect(markup).toContain('>Notify admin</button>');
    // the plans are still shown, for information
    expect(textOf(markup)).toContain('$59.99 per month');
  });

  it('an owner chooses the organisation (or their own account, for AI plans) when there are several', () => {
    const markup = widget({
      tab: 'ai',
      selectedKey: 'aiStandard',
      accounts: [
        { id: null, name: '' },
        { id: 4, name: 'North School' },
      ],
      accountId: 4,
    });
    expect(markup).toMatch(/<label[^>]*>Subscribe for<\/label><select/);
    expect(markup).toContain('<option value="">My own account</option>');
    expect(markup).toContain('<option value="4" selected="">North School</option>');
  });

  it('a visitor is told an account comes first; a busy or loading widget shows progress on its button', () => {
    expect(textOf(widget({ access: 'signup' }))).toContain('You will create a free account before paying.');
    expect(textOf(widget({ tab: 'team', access: 'signup', selectedKey: 'lightTeams' }))).toContain(
      'You will create a free organisation account before paying',
    );
    const busy = submitButton(widget({ isBusy: true }));
    expect(busy).toContain('aria-busy="true"');
    expect(busy).toContain('disabled=""');
    expect(busy).toContain('class="spinner spinner--sm"');
    expect(submitButton(widget({ isLoadingLive: true }))).toContain('disabled=""');
  });

  it('shows the error and what an upgrade did', () => {
    const markup = widget({ error: 'Your card was declined.', notice: 'Your plan is now Standard.' });
    expect(markup).toContain('<div class="alert alert--error" role="alert">Your card was declined.</div>');
    expect(markup).toContain('<div role="status" class="alert alert--success">Your plan is now Standard.</div>');
  });
});

describe('the upgrade confirmation (the proration in plain words)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('says what changes today, what is paid now and after', () => {
    const live = subscriptionTo('light');
    const plan = planOf('standard');
    const estimate = estimateUpgrade(live, plan, 20, new Date('2026-03-16T10:00:00.000Z'));
    const text = textOf(
      html(
        <Dialog.Root open>
          <UpgradeSummary live={live} plan={plan} estimate={estimate} lang="en" />
        </Dialog.Root>,
      ),
    );
    expect(text).toContain('You move from Light ($9.99 per month) to Standard ($24.99 per month) today.');
    expect(text).toContain(
      'For the 15 days left of this month (of 30) you pay only the difference, $15.00 per month in proportion: about $9.00 now, VAT included, charged to your card ending in 4242.',
    );
    expect(text).toContain('added to your balance now: 60 pages and 20 AI pages.');
    expect(text).toContain('From 31 March 2026, Standard renews at $24.99 per month.');
  });
});

describe('"Subscribe to" on the pay-as-you-go list', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  function packs(overrides: Partial<PricingPlansProps> = {}): string {
    const props: PricingPlansProps = {
      pricing: pricingFixture,
      tab: 'individ',
      lang: 'en',
      route: 'signup',
      pendingService: null,
      error: null,
      groups: [],
      groupId: null,
      onGroupChange: noop,
      onTabChange: noop,
      onBuy: noop,
      ...overrides,
    };
    return html(<PricingPlans {...props} />);
  }

  it('offers the tab’s default monthly plan by name and price, with progress while it starts', () => {
    const markup = packs({ subscribeTo: { name: 'Light', price: 999 } });
    expect(markup).toContain('>Subscribe to Light: $9.99 per month</button>');
    expect(packs()).not.toContain('Subscribe to');
    const busy = packs({ subscribeTo: { name: 'AIStandard', price: 499 }, isSubscribing: true });
    expect(busy).toMatch(
      /aria-busy="true"><span class="spinner spinner--sm" aria-hidden="true"><\/span>Subscribe to AI Standard/,
    );
  });
});

afterAll(async () => {
  await initI18n('en');
  it('offers a promo code field when starting a plan, not when upgrading', () => {
    const start = widget();
    expect(start).toMatch(/<label for="([^"]+)-coupon" class="field__label">Promo code \(optional\)<\/label>/);
    expect(textOf(start)).toContain('it takes its percent off your first month');
    expect(widget({ coupon: 'SPRING30' })).toContain('value="SPRING30"');
    expect(widget({ live: subscriptionTo('light'), selectedKey: 'standard' })).not.toContain('Promo code');
  });
});

import { describe, expect, it } from 'vitest';
import { sampleUser } from '../test/fixtures.ts';
import { afterPurchasePath, inLanguage, pendingPath } from './paths.ts';
import { buyLabel, buyRoute, buyableGroups, tabFromSearch } from './pricing.ts';
import { pricingFixture } from './testOrders.ts';

describe('the pricing widget rules', () => {
  it('opens the tab named in the query: ?ai= the AI tab, ?individual= the individual one', () => {
    expect(tabFromSearch('')).toBe('individ');
    expect(tabFromSearch('?ai=')).toBe('ai');
    expect(tabFromSearch('?ai=1')).toBe('ai');
    expect(tabFromSearch('?individual=')).toBe('individ');
    expect(tabFromSearch('?business=')).toBe('business');
    expect(tabFromSearch('?other=1')).toBe('individ');
  });

  it('labels the buttons "Buy N pages" and, for AI packs, "Buy N AI pages"', () => {
    const [, light] = pricingFixture.plans.individ;
    const [aiBasic] = pricingFixture.plans.ai;
    expect(light && buyLabel(light)).toEqual({ key: 'commerce.pricing.buyPages', count: 50 });
    expect(aiBasic && buyLabel(aiBasic)).toEqual({ key: 'commerce.pricing.buyAiChecks', count: 10 });
  });

  it('sends a registered user to the cart, a visitor or guest to sign-up, and waits while the session loads', () => {
    expect(buyRoute({ status: 'user', profile: sampleUser })).toBe('cart');
    expect(buyRoute({ status: 'user', profile: { ...sampleUser, is_guest: true } })).toBe('signup');
    expect(buyRoute({ status: 'guest', profile: null })).toBe('signup');
    expect(buyRoute({ status: 'checking', profile: null })).toBe('wait');
  });

  it('offers buying for a group only to its owner (role 1)', () => {
    const groups = [
      { id: 1, name: 'Owned', current_user_role: 1 },
      { id: 2, name: 'Taught', current_user_role: 2 },
      { id: 3, name: 'Studied', current_user_role: 3 },
    ];
    expect(buyableGroups(groups).map((group) => group.id)).toEqual([1]);
  });

  it('keeps the payment paths in the page language', () => {
    expect(inLanguage('/payment-success/', 'en')).toBe('/payment-success/');
    expect(inLanguage('/payment-success/1', 'es')).toBe('/es/payment-success/1');
    expect(inLanguage('/es/pricing/', 'es')).toBe('/es/pricing/');
    expect(pendingPath(41, 'es')).toBe('/es/payment/pending/41/');
    expect(afterPurchasePath(true, 'es')).toBe('/es/ai-detector/');
    expect(afterPurchasePath(false, 'es')).toBe('/profile/new-check');
  });
});

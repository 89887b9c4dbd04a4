import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../session/storage.ts';
import { FIRST_BUY_KEY, hasFirstBuy, saveFirstBuy, takeFirstBuy } from './firstBuy.ts';

describe('firstBuy (a guest purchase kept for after sign-up)', () => {
  it("is kept under the local-storage key 'firstBuy' as {service, quantity}", () => {
    const store = createMemoryStore();
    saveFirstBuy(store, { service: 'light', quantity: 2 });
    expect(JSON.parse(store.dump()[FIRST_BUY_KEY] ?? 'null')).toEqual({ service: 'light', quantity: 2 });
    expect(FIRST_BUY_KEY).toBe('firstBuy');
    expect(hasFirstBuy(store)).toBe(true);
  });

  it('is taken once: the second take finds nothing', () => {
    const store = createMemoryStore();
    saveFirstBuy(store, { service: 'aiStandard', quantity: 1 });
    expect(takeFirstBuy(store)).toEqual({ kind: 'pack', service: 'aiStandard', quantity: 1 });
    expect(takeFirstBuy(store)).toBeNull();
    expect(store.dump()).toEqual({});
  });

  it('a later choice replaces an earlier one', () => {
    const store = createMemoryStore();
    saveFirstBuy(store, { service: 'basic', quantity: 1 });
    saveFirstBuy(store, { service: 'premium', quantity: 1 });
    expect(takeFirstBuy(store)?.service).toBe('premium');
  });

  it('removes an unreadable entry and yields nothing', () => {
    for (const raw of [
      'not json',
      '[]',
      '{"quantity":1}',
      '{"service":"  "}',
      'null',
      '{"kind":"gift","service":"x"}',
    ]) {
      const store = createMemoryStore({ firstBuy: raw });
      expect(takeFirstBuy(store), raw).toBeNull();
      expect(store.dump(), raw).toEqual({});
    }
  });

  it('falls back to a quantity of 1 when the stored one is out of range', () => {
    for (const quantity of [0, -3, 1.5, 101, '2']) {
      const store = createMemoryStore({ firstBuy: JSON.stringify({ service: 'light', quantity }) });
      expect(takeFirstBuy(store), String(quantity)).toEqual({ kind: 'pack', service: 'light', quantity: 1 });
    }
    const store = createMemoryStore({ firstBuy: JSON.stringify({ service: 'light', quantity: 100 }) });
    expect(takeFirstBuy(store)).toEqual({ kind: 'pack', service: 'light', quantity: 100 });
  });

  it('keeps a subscription too: its plan, and whether it is for the organisation the new account will own', () => {
    const store = createMemoryStore();
    saveFirstBuy(store, { kind: 'subscription', service: 'lightTeamsSubscription', forOrganisation: true });
    expect(JSON.parse(store.dump()[FIRST_BUY_KEY] ?? 'null')).toEqual({
      kind: 'subscription',
      service: 'lightTeamsSubscription',
      forOrganisation: true,
    });
    expect(takeFirstBuy(store)).toEqual({
      kind: 'subscription',
      service: 'lightTeamsSubscription',
      forOrganisation: true,
    });
    expect(takeFirstBuy(store)).toBeNull();
  });

  it("keeps a subscription's promo code (trimmed), and drops an empty one", () => {
    const store = createMemoryStore();
    saveFirstBuy(store, {
      kind: 'subscription',
      service: 'lightSubscription',
      forOrganisation: false,
      coupon: ' SUB30 ',
    });
    expect(takeFirstBuy(store)).toEqual({
      kind: 'subscription',
      service: 'lightSubscription',
      forOrganisation: false,
      coupon: 'SUB30',
    });
    saveFirstBuy(store, { kind: 'subscription', service: 'lightSubscription', forOrganisation: false, coupon: '  ' });
    expect(takeFirstBuy(store)).toEqual({ kind: 'subscription', service: 'lightSubscription', forOrganisation: false });
  });

  it('a subscription chosen after a pack replaces it (one pending purchase at a time)', () => {
    const store = createMemoryStore();
    saveFirstBuy(store, { service: 'light', quantity: 1 });
    saveFirstBuy(store, { kind: 'subscription', service: 'lightSubscription', forOrganisation: false });
    expect(takeFirstBuy(store)).toEqual({ kind: 'subscription', service: 'lightSubscription', forOrganisation: false });
  });
});

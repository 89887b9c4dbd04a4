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
    expect(takeFirstBuy(store)).toEqual({ service: 'aiStandard', quantity: 1 });
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
    for (const raw of ['not json', '[]', '{"quantity":1}', '{"service":"  "}', 'null']) {
      const store = createMemoryStore({ firstBuy: raw });
      expect(takeFirstBuy(store), raw).toBeNull();
      expect(store.dump(), raw).toEqual({});
    }
  });

  it('falls back to a quantity of 1 when the stored one is out of range', () => {
    for (const quantity of [0, -3, 1.5, 101, '2']) {
      const store = createMemoryStore({ firstBuy: JSON.stringify({ service: 'light', quantity }) });
      expect(takeFirstBuy(store), String(quantity)).toEqual({ service: 'light', quantity: 1 });
    }
    const store = createMemoryStore({ firstBuy: JSON.stringify({ service: 'light', quantity: 100 }) });
    expect(takeFirstBuy(store)).toEqual({ service: 'light', quantity: 100 });
  });
});

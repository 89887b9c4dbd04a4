import { ORDER_QUANTITY_MAX } from '@veritext/contracts';
import type { KeyValueStore } from '../session/storage.ts';

/** Local-storage key of a guest's pending purchase (check-tool.md §3, §4). */
export const FIRST_BUY_KEY = 'firstBuy';

/** A pending purchase: the package code and how many of it. */
export type FirstBuy = { service: string; quantity: number };

function validQuantity(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ORDER_QUANTITY_MAX ? value : 1;
}

/** Keeps a guest's purchase for after sign-up (a later choice replaces an earlier one). */
export function saveFirstBuy(store: KeyValueStore, buy: FirstBuy): void {
  store.setItem(FIRST_BUY_KEY, JSON.stringify({ service: buy.service, quantity: validQuantity(buy.quantity) }));
}

export function hasFirstBuy(store: KeyValueStore): boolean {
  return store.getItem(FIRST_BUY_KEY) !== null;
}

/**
 * Takes the pending purchase out of storage, so it is made once: after login or sign-up it is added to
 * the cart and sent to checkout. An unreadable entry is removed too and yields null.
 */
export function takeFirstBuy(store: KeyValueStore): FirstBuy | null {
  const raw = store.getItem(FIRST_BUY_KEY);
  store.removeItem(FIRST_BUY_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { service, quantity } = value as Record<string, unknown>;
    if (typeof service !== 'string' || service.trim() === '') return null;
    return { service: service.trim(), quantity: validQuantity(quantity) };
  } catch {
    return null;
  }
}

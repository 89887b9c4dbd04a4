import { ORDER_QUANTITY_MAX } from '@veritext/contracts';
import type { KeyValueStore } from '../session/storage.ts';

/** Local-storage key of a guest's pending purchase (check-tool.md §3, §4). */
export const FIRST_BUY_KEY = 'firstBuy';

/** A pending pack: the package code and how many of it (stored as `{service, quantity}`). */
export type PackBuy = { kind: 'pack'; service: string; quantity: number };

/**
 * A pending monthly subscription: the plan's service identifier, and whether it is for the organisation the new
 * account will own (a team plan) rather than the account itself (stored as `{kind: 'subscription', ...}`).
 */
export type SubscriptionBuy = {
  kind: 'subscription';
  service: string;
  forOrganisation: boolean;
  /** A promo code typed with the plan (its percent off the first month), if any. */
  coupon?: string;
};

export type FirstBuy = PackBuy | SubscriptionBuy;

/** What a buy button keeps: a pack (the kind may be left out) or a subscription. */
export type FirstBuyInput = Omit<PackBuy, 'kind'> | PackBuy | SubscriptionBuy;

function validQuantity(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ORDER_QUANTITY_MAX ? value : 1;
}

/** Keeps a guest's purchase for after sign-up (a later choice replaces an earlier one). */
export function saveFirstBuy(store: KeyValueStore, buy: FirstBuyInput): void {
  const value =
    'kind' in buy && buy.kind === 'subscription'
      ? {
          kind: 'subscription',
          service: buy.service,
          forOrganisation: buy.forOrganisation,
          ...(buy.coupon === undefined || buy.coupon.trim() === '' ? {} : { coupon: buy.coupon.trim() }),
        }
      : { service: buy.service, quantity: validQuantity(buy.quantity) };
  store.setItem(FIRST_BUY_KEY, JSON.stringify(value));
}

export function hasFirstBuy(store: KeyValueStore): boolean {
  return store.getItem(FIRST_BUY_KEY) !== null;
}

/**
 * Takes the pending purchase out of storage, so it is made once: after login or sign-up a pack is added to the
 * cart and sent to checkout, a subscription is started and its card page opened. An unreadable entry is removed
 * too and yields null.
 */
export function takeFirstBuy(store: KeyValueStore): FirstBuy | null {
  const raw = store.getItem(FIRST_BUY_KEY);
  store.removeItem(FIRST_BUY_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { kind, service, quantity, forOrganisation, coupon } = value as Record<string, unknown>;
    if (typeof service !== 'string' || service.trim() === '') return null;
    if (kind === 'subscription') {
      return {
        kind: 'subscription',
        service: service.trim(),
        forOrganisation: forOrganisation === true,
        ...(typeof coupon === 'string' && coupon.trim() !== '' ? { coupon: coupon.trim().slice(0, 50) } : {}),
      };
    }
    if (kind !== undefined && kind !== 'pack') return null;
    return { kind: 'pack', service: service.trim(), quantity: validQuantity(quantity) };
  } catch {
    return null;
  }
}

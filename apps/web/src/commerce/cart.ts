import type { CartItem, Order } from '@veritext/contracts';
import { formatCents, formatRate } from './money.ts';

/** The promo code applied to a cart (commerce-and-cabinet.md §3 "Promo state"). */
export type AppliedPromo = { code: string; percent: number; deleteUrl: string };

/** The totals as shown, in the language's format; `vatRate` is the VAT percentage ("20 %"). */
export type CartTotals = {
  subtotal: string;
  discount: string;
  vat: string;
  gross: string;
  vatPercent: number;
  vatRate: string;
};

export type CartView = {
  /** The package lines (the promo line is shown in the promo box, not in the list). */
  products: CartItem[];
  promo: AppliedPromo | null;
  /** The number of package lines: the header badge and the add-more placement count these. */
  count: number;
  totals: CartTotals;
  hasDiscount: boolean;
  /** Checkout is disabled on an empty cart (§4). */
  canCheckout: boolean;
  checkoutUrl: string;
};

export const CHECKOUT_URL = '/order/checkout';

export function isPromo(item: CartItem): boolean {
  return item.service.type === 'promo';
}

export function promoOf(items: readonly CartItem[]): AppliedPromo | null {
  const line = items.find(isPromo);
  if (line === undefined) return null;
  return { code: line.service.code, percent: line.service.percent ?? 0, deleteUrl: line.delete_url };
}

/** AI lines (AI Basic, AI Standard…) show no page count; page packs show their pages. */
export function pageCountOf(item: CartItem): number | null {
  return item.service.type === 'pages' ? item.pages : null;
}

/**
 * Everything the cart modal and the header button show, from the server's order (null: no open order), with
 * amounts in the format of `language` (English when not given).
 */
export function cartView(order: Order | null, language = 'en'): CartView {
  const items = order?.items ?? [];
  const products = items.filter((item) => !isPromo(item));
  return {
    products,
    promo: promoOf(items),
    count: products.length,
    totals: {
      subtotal: formatCents(order?.subtotal ?? 0, language),
      discount: formatCents(-(order?.discount ?? 0), language),
      vat: formatCents(order?.vat ?? 0, language),
      gross: formatCents(order?.gross ?? 0, language),
      vatPercent: order?.vat_percent ?? 0,
      vatRate: formatRate(order?.vat_percent ?? 0, language),
    },
    hasDiscount: (order?.discount ?? 0) > 0,
    canCheckout: products.length > 0,
    checkoutUrl: order?.checkout_url ?? CHECKOUT_URL,
  };
}

/** From this many lines on, "Add more packages" moves from under the list to the top of the cart (§2). */
export const ADD_MORE_TOP_FROM = 3;

export type AddMorePlacement = 'below-items' | 'top';

/** A short cart keeps "Add more packages" under its lines; a long one (3+) puts it at the top, always in reach. */
export function addMorePlacement(count: number): AddMorePlacement {
  return count >= ADD_MORE_TOP_FROM ? 'top' : 'below-items';
}

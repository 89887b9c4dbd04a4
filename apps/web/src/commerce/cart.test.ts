import { describe, expect, it } from 'vitest';
import { NBSP } from '../i18n/format.ts';
import { addMorePlacement, cartView, pageCountOf, promoOf } from './cart.ts';
import { aiBasicLine, cartItem, order, promoLine } from './testOrders.ts';

describe('the cart view', () => {
  it('shows the totals in dollars: subtotal, discount (negative), VAT and total', () => {
    const view = cartView(order([cartItem({ id: 1 }), aiBasicLine, promoLine]));
    expect(view.totals).toEqual({
      subtotal: '$12.98',
      discount: '-$3.89',
      vat: '$0.91',
      gross: '$10.00',
      vatPercent: 10,
      vatRate: `10${NBSP}%`,
    });
    expect(view.hasDiscount).toBe(true);
  });

  it('shows the totals in the Spanish format when the page is in Spanish', () => {
    const view = cartView(order([cartItem({ id: 1 }), aiBasicLine, promoLine]), 'es');
    expect(view.totals).toEqual({
      subtotal: `12,98${NBSP}US$`,
      discount: `-3,89${NBSP}US$`,
      vat: `0,91${NBSP}US$`,
      gross: `10,00${NBSP}US$`,
      vatPercent: 10,
      vatRate: `10${NBSP}%`,
    });
  });

  it('keeps the promo line out of the item list and counts only packages', () => {
    const view = cartView(order([cartItem({ id: 1 }), promoLine, aiBasicLine]));
    expect(view.products.map((item) => item.id)).toEqual([1, 2]);
    expect(view.count).toBe(2);
    expect(view.promo).toEqual({ code: 'SPRING30', percent: 30, deleteUrl: '/order/delete_item/9' });
    expect(promoOf([cartItem({ id: 1 })])).toBeNull();
  });

  it('disables checkout on an empty cart (no order, or only a promo line left)', () => {
    expect(cartView(null).canCheckout).toBe(false);
    expect(cartView(null).totals.gross).toBe('$0.00');
    expect(cartView(order([promoLine])).canCheckout).toBe(false);
    expect(cartView(order([cartItem({ id: 1 })])).canCheckout).toBe(true);
  });

  it("posts to the order's checkout_url, /order/checkout by default", () => {
    expect(cartView(order([cartItem({ id: 1 })], { checkout_url: '/order/checkout' })).checkoutUrl).toBe(
      '/order/checkout',
    );
    expect(cartView(null).checkoutUrl).toBe('/order/checkout');
  });

  it('AI lines show no page count; page packs show their pages', () => {
    expect(pageCountOf(aiBasicLine)).toBeNull();
    expect(pageCountOf(cartItem({ id: 1, pages: 100, quantity: 2 }))).toBe(100);
  });

  it('moves "Add more packages" to the top from 3 items on', () => {
    expect(addMorePlacement(0)).toBe('below-items');
    expect(addMorePlacement(1)).toBe('below-items');
    expect(addMorePlacement(2)).toBe('below-items');
    expect(addMorePlacement(3)).toBe('top');
    expect(addMorePlacement(7)).toBe('top');
  });
});

import type { CartItem, Order, PricingResponse } from '@veritext/contracts';

/** Test data of the commerce tests (the shapes of the contract). */
export function cartItem(overrides: Partial<CartItem> & { id: number }): CartItem {
  return {
    service: { name: 'Light', price: 999, type: 'pages', code: 'light', percent: null, coupon_type: null },
    pages: 50,
    ai_pages: null,
    quantity: 1,
    price: 999,
    delete_url: `/order/delete_item/${String(overrides.id)}`,
    special_offer: null,
    group_id: null,
    ...overrides,
  };
}

export const aiBasicLine = cartItem({
  id: 2,
  service: { name: 'AI Basic', price: 299, type: 'ai', code: 'aiBasic', percent: null, coupon_type: null },
  pages: null,
  ai_pages: 10,
  price: 299,
});

export const promoLine = cartItem({
  id: 9,
  service: { name: 'SPRING30', price: 0, type: 'promo', code: 'SPRING30', percent: 30, coupon_type: 'percent' },
  pages: null,
  price: -389,
});

export function order(items: CartItem[], overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    url: '/api/v1/orders/41/',
    items,
    subtotal: 1298,
    discount: 389,
    vat: 91,
    vat_percent: 10,
    gross: 1000,
    currency: 'USD',
    checkout_url: '/order/checkout',
    payment: { state: 0 },
    redirect_url: null,
    ...overrides,
  };
}

export const pricingFixture: PricingResponse = {
  success: true,
  currency: 'USD',
  vat_percent: 0,
  default_service: 'light',
  plans: {
    individ: [
      { service: 'basic', name: 'Basic', type: 'pages', pages: 20, ai_pages: null, price: 599, per_page: 0.2995 },
      { service: 'light', name: 'Light', type: 'pages', pages: 50, ai_pages: null, price: 999, per_page: 0.1998 },
      {
        service: 'standard',
        name: 'Standard',
        type: 'pages',
        pages: 150,
        ai_pages: null,
        price: 2549,
        per_page: 0.16993,
      },
      {
        service: 'premium',
        name: 'Premium',
        type: 'pages',
        pages: 300,
        ai_pages: null,
        price: 4549,
        per_page: 0.15163,
      },
    ],
    business: [
      {
        service: 'teams500',
        name: 'Teams 500',
        type: 'pages',
        pages: 500,
        ai_pages: null,
        price: 6999,
        per_page: 0.13998,
      },
      {
        service: 'teams1000',
        name: 'Teams 1000',
        type: 'pages',
        pages: 1000,
        ai_pages: null,
        price: 11999,
        per_page: 0.11999,
      },
      {
        service: 'teams2500',
        name: 'Teams 2500',
        type: 'pages',
        pages: 2500,
        ai_pages: null,
        price: 24999,
        per_page: 0.099996,
      },
    ],
    ai: [
      { service: 'aiBasic', name: 'AI Basic', type: 'ai', pages: null, ai_pages: 10, price: 299, per_page: 0.299 },
      {
        service: 'aiStandard',
        name: 'AI Standard',
        type: 'ai',
        pages: null,
        ai_pages: 25,
        price: 499,
        per_page: 0.1996,
      },
      { service: 'aiExpert', name: 'AI Expert', type: 'ai', pages: null, ai_pages: 60, price: 999, per_page: 0.1665 },
    ],
  },
};

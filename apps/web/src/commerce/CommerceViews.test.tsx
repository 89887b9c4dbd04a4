import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { NBSP } from '../i18n/format.ts';
import { i18next, initI18n } from '../i18n/index.ts';
import { CartButtonView } from './CartButton.tsx';
import { CartSummary, type CartSummaryProps } from './CartSummary.tsx';
import { cartView } from './cart.ts';
import { PaymentSuccessView } from './PaymentSuccessPage.tsx';
import { PendingView } from './PaymentPendingPage.tsx';
import { PricingPlans, type PricingPlansProps } from './PricingPlans.tsx';
import { initialPromoState } from './promoBox.ts';
import { SandboxCardForm } from './SandboxPayPage.tsx';
import { EMPTY_CARD } from './sandboxCard.ts';
import { aiBasicLine, cartItem, order, pricingFixture, promoLine } from './testOrders.ts';

const noop = (): void => undefined;

function html(node: ReactNode): string {
  return renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
}

function cart(overrides: Partial<CartSummaryProps> = {}): string {
  const props: CartSummaryProps = {
    view: cartView(order([cartItem({ id: 1 }), aiBasicLine])),
    lang: 'en',
    promo: initialPromoState(null),
    removingId: null,
    isCheckingOut: false,
    error: null,
    notice: null,
    onRemove: noop,
    onPromoOpen: noop,
    onPromoChange: noop,
    onPromoCancel: noop,
    onPromoSubmit: noop,
    onPromoRemove: noop,
    onLeave: noop,
    onCheckout: noop,
    ...overrides,
  };
  return html(<CartSummary {...props} />);
}

function plans(overrides: Partial<PricingPlansProps> = {}): string {
  const props: PricingPlansProps = {
    pricing: pricingFixture,
    tab: 'individ',
    lang: 'en',
    route: 'cart',
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

function textOf(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the commerce views', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  describe('the cart (Order summary)', () => {
    it('lists the packages with prices and a labelled remove button each; AI lines show no page count', () => {
      const markup = cart();
      const lines = [...markup.matchAll(/<li class="cart-line"[\s\S]*?<\/li>/g)].map((match) => textOf(match[0]));
      expect(lines).toEqual(['Light 50 pages $9.99 ×', 'AI Basic $2.99 ×']);
      expect(markup).toContain('aria-label="Remove Light"');
      expect(markup).toContain('aria-label="Remove AI Basic"');
    });

    it('writes page counts with thousands separators and keeps "×" with its quantity', () => {
      const markup = cart({ view: cartView(order([cartItem({ id: 1, pages: 1000, quantity: 2 })])) });
      expect(markup).toContain(`<span class="cart-line__details">1,000 pages · ×${NBSP}2</span>`);
    });

    it('shows Subtotal, Discount, VAT and Total in an aria-live region', () => {
      const markup = cart({ view: cartView(order([cartItem({ id: 1 }), aiBasicLine, promoLine])) });
      const totals = /<dl class="cart__totals" aria-live="polite"[\s\S]*?<\/dl>/.exec(markup)?.[0] ?? '';
      // textOf reads the no-break space before "%" as a space
      expect(textOf(totals)).toBe('Subtotal $12.98 Discount -$3.89 VAT (10 %) $0.91 Total $10.00');
      expect(totals).toContain(`VAT (10${NBSP}%)`);
    });

    it('disables "Complete purchase" on an empty cart and enables it with packages', () => {
      const empty = cart({ view: cartView(order([])) });
      expect(empty).toContain('Your cart is empty.');
      expect(empty).toMatch(
        /<button type="button" class="button button--primary button--large button--block" disabled=""/,
      );
      expect(cart()).not.toMatch(/button--block" disabled=""/);
      expect(cart()).toContain('Complete purchase');
    });

    it('puts "Add more packages" under the list below 3 items and at the top from 3 on', () => {
      const short = cart();
      expect(short).toContain('data-placement="below-items"');
      expect(short.indexOf('Add more packages')).toBeGreaterThan(short.indexOf('cart__items'));
      const long = cart({
        view: cartView(order([cartItem({ id: 1 }), cartItem({ id: 3 }), aiBasicLine])),
      });
      expect(long).toContain('data-placement="top"');
      expect(long.indexOf('Add more packages')).toBeLessThan(long.indexOf('cart__items'));
      expect(long).toContain('href="/pricing/"');
      expect(cart({ lang: 'es' })).toContain('href="/es/pricing/"');
    });

    it('links the refund policy and contact page', () => {
      const markup = cart();
      // named as the footer and the legal pages name them
      expect(markup).toMatch(/<a href="\/money-back-guarantee\/"[^>]*>Refund Policy<\/a>/);
      expect(markup).toMatch(/<a href="\/cancellation-policy\/"[^>]*>Cancellation Policy<\/a>/);
      expect(markup).toMatch(/<a href="\/contact-us\/"[^>]*>Contact us<\/a>/);
    });

    it('shows the promo box as a button, then a labelled input with Apply, then the applied code', () => {
      expect(cart()).toContain('>Enter promo code</button>');
      const entering = cart({
        promo: { kind: 'entering', code: 'SPR', error: { kind: 'server', message: 'This promo code is not valid' } },
      });
      expect(entering).toMatch(/<label for="([^"]+)" class="field__label">Promo code<\/label>/);
      expect(entering).toContain('value="SPR"');
      expect(entering).toContain('aria-invalid="true"');
      expect(entering).toContain('role="alert">This promo code is not valid</p>');
      expect(entering).toContain('>Apply</button>');
      const applied = cart({
        view: cartView(order([cartItem({ id: 1 }), promoLine])),
        promo: initialPromoState({ code: 'SPRING30', percent: 30, deleteUrl: '/order/delete_item/9' }),
      });
      expect(textOf(/<div class="promo promo--applied">[\s\S]*?<\/div>/.exec(applied)?.[0] ?? '')).toBe(
        'SPRING30 30 % off applied Remove',
      );
      expect(applied).toContain(`30${NBSP}% off applied`);
      expect(applied).toContain('aria-label="Remove promo code SPRING30"');
    });

    it('shows progress on the line being removed and while checking out', () => {
      const removing = cart({ removingId: 1 });
      expect(removing).toMatch(/aria-busy="true" aria-label="Remove Light"><span class="spinner/);
      const checkingOut = cart({ isCheckingOut: true });
      expect(checkingOut).toContain('Taking you to payment…');
      expect(checkingOut).toContain('aria-busy="true"');
    });

    it('announces errors as alerts', () => {
      expect(cart({ error: 'Your cart is empty' })).toContain(
        '<div class="alert alert--error" role="alert">Your cart is empty</div>',
      );
    });
  });

  describe('the header cart button', () => {
    it('shows the count and is hidden on an empty cart', () => {
      expect(html(<CartButtonView count={0} onOpen={noop} />)).toBe('');
      const markup = html(<CartButtonView count={2} onOpen={noop} />);
      expect(markup).toContain('aria-label="Cart, 2 packages"');
      expect(markup).toContain('>2</span>');
    });
  });

  describe('the pricing widget', () => {
    it('has three tabs and one card per plan with pages, price, per-page price and a buy button', () => {
      const markup = plans();
      expect([...markup.matchAll(/role="tab"[^>]*>([^<]+)</g)].map((match) => match[1])).toEqual([
        'Individual',
        'Teams',
        'AI detector',
      ]);
      const cards = [...markup.matchAll(/<li class="plan-card[^"]*" data-service="(\w+)">([\s\S]*?)<\/li>/g)];
      expect(cards.map((match) => match[1])).toEqual(['basic', 'light', 'standard', 'premium']);
      expect(textOf(cards[1]?.[2] ?? '')).toBe('Light Most popular 50 pages $9.99 $0.200 per page Buy 50 pages');
      expect(markup).toContain('class="plan-card is-default" data-service="light"');
    });

    it('shows every per-page price with 3 decimals, counts with thousands separators, then the Custom card', () => {
      const markup = plans({ tab: 'business' });
      expect(markup).toContain('$0.140 per page');
      expect(markup).toContain('$0.100 per page');
      expect(plans({ tab: 'individ' })).toContain('$0.300 per page');
      expect(markup).toContain('>2,500 pages</p>');
      expect(markup).toContain('Buy 2,500 pages');
      const custom = /data-service="custom">([\s\S]*?)<\/li>/.exec(markup)?.[1] ?? '';
      expect(textOf(custom)).toBe('Custom Need more pages? Get a quote for your team or institution. Get a quote');
      expect(custom).toContain('href="/for-education-request/"');
      expect(plans({ tab: 'business', lang: 'es' })).toContain('href="/es/for-education-request/"');
      expect(plans({ tab: 'individ' })).not.toContain('data-service="custom"');
    });

    it('labels AI packs "Buy N AI pages"', () => {
      const markup = plans({ tab: 'ai' });
      expect(markup).toContain('Buy 10 AI pages');
      expect(markup).toContain('Buy 60 AI pages');
      expect(markup).toContain('$0.299 per AI page');
    });

    it('marks the selected tab and its panel for assistive technology', () => {
      const markup = plans({ tab: 'ai' });
      expect(markup).toContain('id="pricing-tab-ai" class="report-tab" aria-selected="true"');
      expect(markup).toContain('role="tabpanel" id="pricing-panel-ai" aria-labelledby="pricing-tab-ai"');
    });

    it('shows progress on the plan being added and disables the other buttons', () => {
      const markup = plans({ pendingService: 'light' });
      expect(markup).toMatch(/disabled="" aria-busy="true"[^>]*><span class="spinner/);
      expect((markup.match(/disabled=""/g) ?? []).length).toBe(4);
    });

    it('offers the owned groups as where to add the pages, and tells visitors they sign up first', () => {
      const withGroups = plans({ groups: [{ id: 5, name: 'Lakeside School' }] });
      expect(withGroups).toContain('Add the pages to');
      expect(withGroups).toContain('<option value="5">Lakeside School</option>');
      expect(plans()).not.toContain('Add the pages to');
      expect(plans({ route: 'signup' })).toContain('You will create a free account before paying.');
    });

    it('is translated in Spanish', async () => {
      await i18next.changeLanguage('es');
      try {
        const markup = plans({ lang: 'es' });
        expect(markup).toContain('Comprar 50 páginas');
        expect(markup).toContain('Particulares');
        // Spanish money: decimal comma, the symbol after a no-break space
        expect(markup).toContain(`9,99${NBSP}US$`);
        expect(markup).toContain(`0,200${NBSP}US$ por página`);
        const teams = plans({ lang: 'es', tab: 'business', pricing: { ...pricingFixture, vat_percent: 21 } });
        expect(teams).toContain('Comprar 2500 páginas');
        expect(teams).toContain(`IVA del 21${NBSP}%.`);
        const totals = cart({ lang: 'es', view: cartView(order([cartItem({ id: 1 })]), 'es') });
        expect(totals).toContain(`IVA (10${NBSP}%)`);
        expect(totals).toContain(`10,00${NBSP}US$`);
      } finally {
        await i18next.changeLanguage('en');
      }
    });
  });

  describe('the payment pages', () => {
    const session = {
      id: 'cs_test_1',
      amount: 1000,
      currency: 'usd',
      description: 'Veritext order #41',
      status: 'open' as const,
      order_id: 41,
      cancel_url: '/pricing/',
    };

    it('labels the sandbox as a test payment with amount, card fields, test-card hint and Pay', () => {
      const markup = html(
        <SandboxCardForm
          session={session}
          isPaying={false}
          fieldErrors={{ card_number: 'Your card number is invalid.' }}
          formError={null}
          card={EMPTY_CARD}
          onChange={noop}
          onSubmit={noop}
          onCancel={noop}
        />,
      );
      expect(markup).toContain('$10.00');
      expect(markup).toContain('Veritext order #41');
      for (const label of ['Card number', 'Expiry month', 'Expiry year', 'CVC', 'Name on card (optional)']) {
        expect(markup).toMatch(
          new RegExp(`<label for="[^"]+" class="field__label">${label.replace(/[()]/g, '\\$&')}</label>`),
        );
      }
      expect(markup).toContain('autoComplete="cc-number"');
      expect(markup).toContain('Your card number is invalid.');
      expect(markup).toContain('4242 4242 4242 4242 is accepted and 4000 0000 0000 0002 is declined');
      expect(markup).toContain('Pay $10.00');
      const paying = html(
        <SandboxCardForm
          session={session}
          isPaying
          fieldErrors={{}}
          formError="Your card was declined."
          card={EMPTY_CARD}
          onChange={noop}
          onSubmit={noop}
          onCancel={noop}
        />,
      );
      expect(paying).toContain('role="alert">Your card was declined.</div>');
      expect(paying).toContain('Processing the payment…');
      expect(paying).toContain('aria-busy="true"');
    });

    it('shows progress while polling, the failure with Contact us, and a retry after the time limit', () => {
      const waiting = html(<PendingView decision={{ kind: 'poll', inMs: 1000 }} lang="en" onRetry={noop} />);
      expect(waiting).toContain('role="status"');
      expect(waiting).toContain('class="spinner');
      expect(waiting).toContain('Waiting for the payment confirmation…');
      const failed = html(<PendingView decision={{ kind: 'failed' }} lang="en" onRetry={noop} />);
      expect(failed).toContain('role="alert"');
      expect(failed).toContain('The payment did not go through');
      expect(failed).toMatch(/href="\/contact-us\/"[^>]*>Contact us<\/a>/);
      const timeout = html(<PendingView decision={{ kind: 'timeout' }} lang="en" onRetry={noop} />);
      expect(timeout).toContain('Check again');
    });

    it('shows the new balance and the way on: a new check, or the AI detector after AI packs', () => {
      const balance = { balance: 50, bonus: 1, ai_balance: 10 };
      const pages = html(<PaymentSuccessView isAi={false} balance={balance} lang="en" />);
      expect(textOf(pages)).toContain('Pages 51 AI pages 10');
      expect(pages).toContain('href="/profile/new-check"');
      expect(pages).toContain('Start a new check');
      const ai = html(<PaymentSuccessView isAi balance={balance} lang="en" />);
      expect(ai).toContain('href="/ai-detector/"');
      const large = html(<PaymentSuccessView isAi={false} balance={{ ...balance, balance: 12_499 }} lang="en" />);
      expect(textOf(large)).toContain('Pages 12,500');
      const loading = html(<PaymentSuccessView isAi={false} balance={null} lang="en" />);
      expect(loading).toContain('Loading your balance…');
    });
  });
});

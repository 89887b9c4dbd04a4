import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import { pricingFixture } from '../commerce/testOrders.ts';
import { plansFixture, subscriptionTo } from '../commerce/testSubscriptions.ts';
import { AiPriceContent, type AiPriceContentProps } from './AiPriceModal.tsx';
import { NotifyContent, type NotifyState } from './NotifyModal.tsx';
import { PRICE_SLIDER_DEFAULT_INDEX, PriceSlider, clampSliderIndex, type PriceSliderProps } from './PriceModal.tsx';

const noop = (): void => undefined;

function html(node: ReactNode): string {
  // The Custom step's quote form reads the services (nothing is called while rendering).
  const services = {} as Services;
  return renderToStaticMarkup(
    <MemoryRouter>
      <ServicesContext.Provider value={services}>
        <Dialog.Root open>{node}</Dialog.Root>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
}

function textOf(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const packs = pricingFixture.plans.individ;

function slider(overrides: Partial<PriceSliderProps> = {}): string {
  return html(
    <PriceSlider
      plans={packs}
      index={PRICE_SLIDER_DEFAULT_INDEX}
      lang="en"
      route="cart"
      isBuying={false}
      error={null}
      onIndex={noop}
      onBuy={noop}
      {...overrides}
    />,
  );
}

describe('the add-more-pages modal (price)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('a labelled slider over the packs, Custom last, at index 1 by default', () => {
    const markup = slider();
    expect(PRICE_SLIDER_DEFAULT_INDEX).toBe(1);
    expect(markup).toMatch(/<label for="([^"]+)-range" class="field__label">Pages<\/label><input id="\1-range"/);
    expect(markup).toContain(
      `type="range" min="0" max="${String(packs.length)}" step="1" aria-valuetext="50 pages, $9.99" value="1"`,
    );
    const steps = /<ol class="price-slider__steps"[^>]*>([\s\S]*?)<\/ol>/.exec(markup)?.[1] ?? '';
    expect(textOf(steps).split(' ').at(-1)).toBe('Custom');
    expect(textOf(steps).split(' ')).toHaveLength(packs.length + 1);
    // index 1: the second pack, and its buy button
    expect(textOf(markup)).toContain('Light · 50 pages $9.99');
    expect(markup).toMatch(/<button type="button" class="button button--primary"[^>]*>Buy 50 pages<\/button>/);
  });

  it('the last step is Custom: the custom-quote form (name, e-mail, message)', () => {
    const markup = slider({ index: packs.length });
    expect(textOf(markup)).toContain('Need more than');
    expect(markup).toMatch(/<form class="form lead-form lead-form--compact" noValidate="" aria-label="Custom quote"/);
    expect(markup).toMatch(/<label for="[^"]+-name" class="field__label">Name<\/label>/);
    expect(markup).toMatch(/<label for="[^"]+-email" class="field__label">E-mail<\/label>/);
    expect(markup).toMatch(/<textarea[^>]*required=""/);
    expect(markup).toMatch(/<button type="submit"[^>]*>Request a quote<\/button>/);
    expect(markup).not.toContain('Buy ');
    expect(markup).not.toContain('href="/contact-us/"');
    // A quote is no purchase: no sign-up-before-paying note there.
    expect(slider({ index: packs.length, route: 'signup' })).not.toContain('before paying');
    expect(slider({ route: 'signup' })).toContain('before paying');
    expect(clampSliderIndex(99, 4)).toBe(4);
    expect(clampSliderIndex(-2, 4)).toBe(0);
  });

  it('shows progress while the pack goes into the cart, and a visitor is told an account comes first', () => {
    const busy = slider({ isBuying: true });
    expect(busy).toMatch(/disabled="" aria-busy="true"><span class="spinner spinner--sm"/);
    expect(textOf(slider({ route: 'signup' }))).toContain('You will create a free account before paying.');
  });
});

function aiContent(overrides: Partial<AiPriceContentProps> = {}): string {
  return html(
    <AiPriceContent
      plans={plansFixture.plans.ai}
      packs={pricingFixture.plans.ai}
      live={null}
      lang="en"
      pending={null}
      error={null}
      isSignupFirst={false}
      onSubscribe={noop}
      onBuy={noop}
      {...overrides}
    />,
  );
}

describe('the AI packages modal (aiprice)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('offers the AI plans to subscribe to and the AI packs to buy', () => {
    const markup = aiContent();
    const text = textOf(markup);
    expect(text).toContain('Monthly AI plans');
    expect(text).toContain('AI Standard 30 AI pages per month · $4.99 per month Subscribe AI Standard');
    expect(text).toContain('AI page packs, paid once');
    const firstPack = pricingFixture.plans.ai[0];
    expect(text).toContain(`${firstPack?.name ?? ''} ${String(firstPack?.ai_pages)} AI pages`);
    expect(markup.match(/>Subscribe<span class="visually-hidden">/g)).toHaveLength(3);
  });

  it('with an AI plan: it is Active, dearer plans lead to the upgrade, cheaper ones offer nothing', () => {
    const markup = aiContent({ live: subscriptionTo('aiStandard') });
    const rows = [...markup.matchAll(/<li class="ai-price__row[^"]*" data-plan="([^"]+)">([\s\S]*?)<\/li>/g)].map(
      (match) => [match[1], textOf(match[2] ?? '')],
    );
    expect(rows).toEqual([
      ['aiBasic', 'AI Basic 15 AI pages per month · $2.99 per month'],
      ['aiStandard', 'AI Standard 30 AI pages per month · $4.99 per month Active'],
      ['aiExpert', 'AI Expert 75 AI pages per month · $9.99 per month Upgrade AI Expert'],
    ]);
    expect(markup).toContain('href="/pricing/?ai=#subscriptions"');
  });
});

function notify(reason: 'pages' | 'ai_pages' | 'upgrade', state: NotifyState = { kind: 'idle' }): string {
  return html(<NotifyContent reason={reason} state={state} onNotify={noop} />);
}

describe('the notify modal', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('the "contact your Administrator" message with only Cancel and Notify admin', () => {
    const markup = notify('pages');
    expect(textOf(markup)).toContain(
      "Your organization doesn't have enough pages on its balance to complete the check. Please contact your Administrator or get in touch with our team here .",
    );
    const buttons = [...markup.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((match) => textOf(match[1] ?? ''));
    expect(buttons).toEqual(['Cancel', 'Notify admin']);
    expect(textOf(notify('ai_pages'))).toContain("doesn't have enough AI pages");
  });

  it('shows progress while sending, then the server’s message and Close', () => {
    expect(notify('upgrade', { kind: 'sending' })).toMatch(/disabled="" aria-busy="true"><span class="spinner/);
    const sent = notify('upgrade', { kind: 'sent', message: 'We told the administrator of North School.' });
    expect(sent).toContain(
      '<div role="status" class="alert alert--success">We told the administrator of North School.</div>',
    );
    const buttons = [...sent.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((match) => textOf(match[1] ?? ''));
    expect(buttons).toEqual(['Close']);
    expect(notify('pages', { kind: 'failed', error: 'Too many attempts.' })).toContain(
      'role="alert">Too many attempts.',
    );
  });
});

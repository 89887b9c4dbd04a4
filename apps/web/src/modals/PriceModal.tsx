import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan, SiteLanguage } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { LoadingBlock, Spinner } from '../components/Spinner.tsx';
import { formatCount } from '../i18n/format.ts';
import { useLanguage, useUiLanguage } from '../language/useLanguage.ts';
import { formatCents, formatPerPage, type PricingTab } from '../commerce/money.ts';
import type { BuyRoute } from '../commerce/pricing.ts';
import { useBuy } from '../commerce/useBuy.ts';
import { CustomQuoteForm } from '../forms/CustomQuoteForm.tsx';
import { ModalFrame } from './ModalFrame.tsx';
import { useErrorText } from './useAuthFlow.ts';
import '../commerce/subscriptions.css';

/** The query key of GET /api/v1/pricing/ (the pricing widget's too: one answer for both). */
const PRICING_QUERY_KEY = ['commerce', 'pricing'] as const;

/** The slider's first position (commerce-and-cabinet.md §9: default index 1). */
export const PRICE_SLIDER_DEFAULT_INDEX = 1;

/** The slider's position within its steps: the plans, then Custom (the last step). */
export function clampSliderIndex(index: number, plans: number): number {
  return Math.min(Math.max(0, Math.round(index)), plans);
}

export type PriceSliderProps = {
  plans: readonly Plan[];
  index: number;
  lang: SiteLanguage;
  route: BuyRoute;
  isBuying: boolean;
  error: string | null;
  onIndex: (index: number) => void;
  onBuy: (plan: Plan) => void;
};

/** The add-more-pages slider: one step per pack, then Custom, which shows the custom-quote form. */
export function PriceSlider({ plans, index, route, isBuying, error, onIndex, onBuy }: PriceSliderProps) {
  const { t } = useTranslation();
  const ui = useUiLanguage();
  const id = useId();
  const position = clampSliderIndex(index, plans.length);
  const plan = plans[position];
  const largest = plans.at(-1)?.pages ?? 0;
  const pagesOf = (p: Plan) =>
    t('commerce.pricing.pages', { count: p.pages ?? 0, number: formatCount(p.pages ?? 0, ui) });
  const valueText =
    plan === undefined ? t('commerce.pricing.custom') : `${pagesOf(plan)}, ${formatCents(plan.price, ui)}`;
  return (
    <div className="price-slider">
      <div>
        <label htmlFor={`${id}-range`} className="field__label">
          {t('price.sliderLabel')}
        </label>
        <input
          id={`${id}-range`}
          className="price-slider__range"
          type="range"
          min={0}
          max={plans.length}
          step={1}
          value={position}
          aria-valuetext={valueText}
          onChange={(event) => {
            onIndex(Number(event.target.value));
          }}
        />
        <ol className="price-slider__steps" aria-hidden="true">
          {plans.map((p) => (
            <li key={p.service}>{formatCount(p.pages ?? 0, ui)}</li>
          ))}
          <li>{t('commerce.pricing.custom')}</li>
        </ol>
      </div>
      <div className="price-slider__choice" aria-live="polite" data-testid="price-choice">
        {plan === undefined ? (
          <>
            <p className="price-slider__name">{t('commerce.pricing.custom')}</p>
            <p className="price-slider__meta">{t('price.customLead', { pages: formatCount(largest, ui) })}</p>
          </>
        ) : (
          <>
            <p className="price-slider__name">
              {plan.name} · {pagesOf(plan)}
            </p>
            <p className="price-slider__price">{formatCents(plan.price, ui)}</p>
            <p className="price-slider__meta">
              {t('commerce.pricing.perPage', { price: formatPerPage(plan.per_page, ui) })}
            </p>
          </>
        )}
      </div>
      {plan === undefined ? <CustomQuoteForm /> : null}
      {error === null ? null : (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      {route === 'signup' && plan !== undefined ? (
        <p className="price-slider__meta">{t('commerce.pricing.signupFirst')}</p>
      ) : null}
      <div className="modal__actions">
        <Dialog.Close className="button">{t('price.cancel')}</Dialog.Close>
        {plan === undefined ? null : (
          <button
            type="button"
            className="button button--primary"
            disabled={isBuying || route === 'wait'}
            aria-busy={isBuying}
            onClick={() => {
              onBuy(plan);
            }}
          >
            {isBuying ? <Spinner size="sm" /> : null}
            {t('commerce.pricing.buyPages', { count: plan.pages ?? 0, number: formatCount(plan.pages ?? 0, ui) })}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The 'price' modal (add more pages): a slider over the pay-per-use packs (GET /api/v1/pricing/), default index 1,
 * Custom last. Buying adds the pack to the cart (the cart modal follows); for an organisation its owner buys for it.
 */
export function PriceModal({ tab, groupId }: { tab: PricingTab; groupId: number | null }) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const lang = useLanguage();
  const errorText = useErrorText();
  const [index, setIndex] = useState(PRICE_SLIDER_DEFAULT_INDEX);
  const { buy, route, pendingService, error } = useBuy();
  const pricing = useQuery({ queryKey: PRICING_QUERY_KEY, queryFn: () => endpoints.pricing(), staleTime: 300_000 });
  return (
    <ModalFrame title={t('price.title')} description={t('price.lead')}>
      {pricing.isPending ? (
        <LoadingBlock label={t('commerce.pricing.loading')} />
      ) : pricing.isError ? (
        <div className="alert alert--error" role="alert">
          <p>{errorText(pricing.error)}</p>
          <button type="button" className="button button--small" onClick={() => void pricing.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <PriceSlider
          plans={pricing.data.plans[tab]}
          index={index}
          lang={lang}
          route={route}
          isBuying={pendingService !== null}
          error={error === null ? null : errorText(error)}
          onIndex={setIndex}
          onBuy={(plan) => {
            buy({ service: plan.service, quantity: 1, groupId });
          }}
        />
      )}
    </ModalFrame>
  );
}

import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Plan, PricingResponse, SiteLanguage } from '@veritext/contracts';
import { Spinner } from '../components/Spinner.tsx';
import { localisedPath } from '../language/language.ts';
import { LEGAL_PATHS } from '../legal/legalPaths.ts';
import { TabList, panelId, tabId } from '../report/TabList.tsx';
import { formatCount } from '../i18n/format.ts';
import { formatCents, formatPerPage, formatRate, type PricingTab } from './money.ts';
import { PRICING_TABS, QUOTE_PATH, buyLabel, type BuyRoute } from './pricing.ts';
import { displayPlanName } from './subscriptions.ts';

export const PRICING_ID_PREFIX = 'pricing';

export type BuyForGroup = { id: number; name: string };

export type PricingPlansProps = {
  pricing: PricingResponse;
  tab: PricingTab;
  lang: SiteLanguage;
  route: BuyRoute;
  /** The plan being added to the cart (its button shows progress), or null. */
  pendingService: string | null;
  error: string | null;
  /** Groups the user owns (role 1): pages can be bought for them; empty hides the choice. */
  groups: readonly BuyForGroup[];
  groupId: number | null;
  onGroupChange: (groupId: number | null) => void;
  onTabChange: (tab: PricingTab) => void;
  onBuy: (plan: Plan) => void;
  /** The monthly plan offered under the packs ("Subscribe to"), or null/absent for none. */
  subscribeTo?: SubscribeOffer | null;
  /** The subscription is being started (its button shows progress). */
  isSubscribing?: boolean;
  onSubscribe?: () => void;
};

/** The tab's default monthly plan, offered beside the packs: its name and price per month (cents). */
export type SubscribeOffer = { name: string; price: number };

const TAB_LABEL_KEYS = {
  individ: 'commerce.pricing.tabs.individ',
  business: 'commerce.pricing.tabs.business',
  ai: 'commerce.pricing.tabs.ai',
} as const;

function PlanCard({ plan, isDefault, props }: { plan: Plan; isDefault: boolean; props: PricingPlansProps }) {
  const { t } = useTranslation();
  const { lang } = props;
  const label = buyLabel(plan);
  const isPending = props.pendingService === plan.service;
  const nameId = useId();
  const amount =
    plan.type === 'ai'
      ? t('commerce.pricing.aiChecks', { count: plan.ai_pages ?? 0, number: formatCount(plan.ai_pages ?? 0, lang) })
      : t('commerce.pricing.pages', { count: plan.pages ?? 0, number: formatCount(plan.pages ?? 0, lang) });
  const perPage = formatPerPage(plan.per_page, lang);
  return (
    <li className={isDefault ? 'plan-card is-default' : 'plan-card'} data-service={plan.service}>
      <div className="plan-card__head">
        <h3 className="plan-card__name" id={nameId}>
          {plan.name}
        </h3>
        {isDefault ? <span className="pill plan-card__pill">{t('commerce.pricing.popular')}</span> : null}
      </div>
      <p className="plan-card__amount">{amount}</p>
      <p className="plan-card__price">{formatCents(plan.price, lang)}</p>
      <p className="plan-card__per-page">
        {plan.type === 'ai'
          ? t('commerce.pricing.perAiCheck', { price: perPage })
          : t('commerce.pricing.perPage', { price: perPage })}
      </p>
      <button
        type="button"
        className={isDefault ? 'button button--primary button--block' : 'button button--block'}
        onClick={() => {
          props.onBuy(plan);
        }}
        disabled={props.pendingService !== null || props.route === 'wait'}
        aria-busy={isPending}
        aria-describedby={nameId}
      >
        {isPending ? <Spinner size="sm" /> : null}
        {t(label.key, { count: label.count, number: formatCount(label.count, lang) })}
      </button>
    </li>
  );
}

/** "Subscribe to": the tab's default monthly plan, on the pay-as-you-go list (commerce-and-cabinet.md §2). */
function SubscribeOfferRow({ offer, props }: { offer: SubscribeOffer; props: PricingPlansProps }) {
  const { t } = useTranslation();
  const isBusy = props.isSubscribing === true;
  return (
    <div className="pricing-subscribe">
      <p>{t('subscriptions.subscribeLead')}</p>
      <button
        type="button"
        className="button"
        onClick={props.onSubscribe}
        disabled={isBusy || props.route === 'wait' || props.pendingService !== null}
        aria-busy={isBusy}
      >
        {isBusy ? <Spinner size="sm" /> : null}
        {t('subscriptions.subscribeTo', {
          name: displayPlanName(offer.name),
          price: formatCents(offer.price, props.lang),
        })}
      </button>
    </div>
  );
}

function CustomCard({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation();
  return (
    <li className="plan-card plan-card--custom" data-service="custom">
      <div className="plan-card__head">
        <h3 className="plan-card__name">{t('commerce.pricing.custom')}</h3>
      </div>
      <p className="plan-card__amount">{t('commerce.pricing.customLead')}</p>
      <Link to={localisedPath(QUOTE_PATH, lang)} className="button button--block">
        {t('commerce.pricing.getQuote')}
      </Link>
    </li>
  );
}

/** The pay-per-use widget's tabs and plan cards (commerce-and-cabinet.md §2); data and actions come in. */
export function PricingPlans(props: PricingPlansProps) {
  const { t } = useTranslation();
  const { pricing, tab } = props;
  const selectId = useId();
  const plans = pricing.plans[tab];
  const tabs = PRICING_TABS.map((key) => ({ key, label: t(TAB_LABEL_KEYS[key]) }));

  return (
    <div className="pricing-widget">
      <TabList<PricingTab>
        idPrefix={PRICING_ID_PREFIX}
        label={t('commerce.pricing.tabsLabel')}
        tabs={tabs}
        selected={tab}
        onSelect={props.onTabChange}
        className="pricing-tabs"
      />
      <div
        role="tabpanel"
        id={panelId(PRICING_ID_PREFIX, tab)}
        aria-labelledby={tabId(PRICING_ID_PREFIX, tab)}
        className="pricing-widget__panel"
      >
        {props.groups.length > 0 && props.route === 'cart' ? (
          <div className="pricing-widget__for field">
            <label htmlFor={selectId} className="field__label">
              {t('commerce.pricing.buyFor')}
            </label>
            <select
              id={selectId}
              className="field__input"
              value={props.groupId === null ? '' : String(props.groupId)}
              onChange={(event) => {
                props.onGroupChange(event.target.value === '' ? null : Number(event.target.value));
              }}
            >
              <option value="">{t('commerce.pricing.buyForMe')}</option>
              {props.groups.map((group) => (
                <option key={group.id} value={String(group.id)}>
                  {group.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <ul className="plan-grid">
          {plans.map((plan) => (
            <PlanCard
              key={plan.service}
              plan={plan}
              isDefault={plan.service === pricing.default_service}
              props={props}
            />
          ))}
          {tab === 'business' ? <CustomCard lang={props.lang} /> : null}
        </ul>
        {props.subscribeTo == null ? null : <SubscribeOfferRow offer={props.subscribeTo} props={props} />}
        {props.error === null ? null : (
          <div className="alert alert--error" role="alert">
            {props.error}
          </div>
        )}
        <p className="pricing-widget__note">
          {props.route === 'signup' ? t('commerce.pricing.signupFirst') : null}{' '}
          {pricing.vat_percent > 0
            ? t('commerce.pricing.vatNote', { percent: formatRate(pricing.vat_percent, props.lang) })
            : t('commerce.pricing.usdNote')}{' '}
          <Trans
            i18nKey="legal.pricingNote"
            components={{
              refund: <Link to={localisedPath(LEGAL_PATHS.refund, props.lang)} />,
              cancellation: <Link to={localisedPath(LEGAL_PATHS.cancellation, props.lang)} />,
            }}
          />
        </p>
      </div>
    </div>
  );
}

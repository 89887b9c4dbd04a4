import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Plan, SiteLanguage, Subscription, SubscriptionPlan } from '@veritext/contracts';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { isNewUser } from '../check/account.ts';
import { LoadingBlock, Spinner } from '../components/Spinner.tsx';
import { formatCount } from '../i18n/format.ts';
import { useLanguage, useUiLanguage } from '../language/useLanguage.ts';
import { formatCents } from '../commerce/money.ts';
import { buyRoute } from '../commerce/pricing.ts';
import {
  MY_SUBSCRIPTIONS_QUERY_KEY,
  SUBSCRIPTION_PLANS_QUERY_KEY,
  displayPlanName,
  groupSubscriptionsQueryKey,
  liveSubscription,
  planChoice,
  subscriptionsPath,
} from '../commerce/subscriptions.ts';
import { useBuy } from '../commerce/useBuy.ts';
import { useSubscribe } from '../commerce/useSubscribe.ts';
import { aiPriceTitleKey, type AiPriceTitleKey } from './aiPriceModel.ts';
import { ModalFrame } from './ModalFrame.tsx';
import { useErrorText } from './useAuthFlow.ts';
import '../commerce/subscriptions.css';

/** The query key of GET /api/v1/pricing/ (the pricing widget's too). */
const PRICING_QUERY_KEY = ['commerce', 'pricing'] as const;

export type AiPriceContentProps = {
  plans: readonly SubscriptionPlan[];
  packs: readonly Plan[];
  live: Subscription | null;
  lang: SiteLanguage;
  /** The plan or pack whose button shows progress, or null. */
  pending: string | null;
  error: string | null;
  isSignupFirst: boolean;
  onSubscribe: (plan: SubscriptionPlan) => void;
  onBuy: (pack: Plan) => void;
};

function PlanAction({ plan, props }: { plan: SubscriptionPlan; props: AiPriceContentProps }) {
  const { t } = useTranslation();
  const name = displayPlanName(plan.name);
  const choice = planChoice(plan, props.live);
  if (choice === 'active') return <span className="pill sub-card__active">{t('subscriptions.active')}</span>;
  if (choice === 'lower') return null;
  if (choice === 'upgrade') {
    return (
      <Dialog.Close asChild>
        <Link className="button button--small" to={subscriptionsPath(props.lang, '?ai=')}>
          {t('aiPrice.upgrade')}
          <span className="visually-hidden"> {name}</span>
        </Link>
      </Dialog.Close>
    );
  }
  const isPending = props.pending === plan.service;
  return (
    <button
      type="button"
      className="button button--primary button--small"
      disabled={props.pending !== null}
      aria-busy={isPending}
      onClick={() => {
        props.onSubscribe(plan);
      }}
    >
      {isPending ? <Spinner size="sm" /> : null}
      {t('aiPrice.subscribe')}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}

/** The AI packages modal's body: the monthly AI plans, then the AI page packs. */
export function AiPriceContent(props: AiPriceContentProps) {
  const { t } = useTranslation();
  const ui = useUiLanguage();
  const { lang } = props;
  const plansId = useId();
  const packsId = useId();
  return (
    <div className="ai-price">
      <section aria-labelledby={plansId}>
        <h3 className="ai-price__heading" id={plansId}>
          {t('aiPrice.plansHeading')}
        </h3>
        <ul className="ai-price__list">
          {props.plans.map((plan) => (
            <li
              key={plan.key}
              className={props.live?.service.key === plan.key ? 'ai-price__row is-active' : 'ai-price__row'}
              data-plan={plan.key}
            >
              <span>
                <span className="ai-price__name">{displayPlanName(plan.name)}</span>
                <span className="ai-price__meta">
                  {t('subscriptions.aiPagesPerMonth', {
                    count: plan.ai_pages,
                    number: formatCount(plan.ai_pages, ui),
                  })}
                  {' · '}
                  {formatCents(plan.price, ui)} {t('subscriptions.perMonth')}
                </span>
              </span>
              <PlanAction plan={plan} props={props} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={packsId}>
        <h3 className="ai-price__heading" id={packsId}>
          {t('aiPrice.packsHeading')}
        </h3>
        <ul className="ai-price__list">
          {props.packs.map((pack) => {
            const isPending = props.pending === pack.service;
            const amount = t('commerce.pricing.aiChecks', {
              count: pack.ai_pages ?? 0,
              number: formatCount(pack.ai_pages ?? 0, ui),
            });
            return (
              <li key={pack.service} className="ai-price__row" data-pack={pack.service}>
                <span>
                  <span className="ai-price__name">{pack.name}</span>
                  <span className="ai-price__meta">
                    {amount} · {formatCents(pack.price, ui)} {t('aiPrice.once')}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--small"
                  disabled={props.pending !== null}
                  aria-busy={isPending}
                  onClick={() => {
                    props.onBuy(pack);
                  }}
                >
                  {isPending ? <Spinner size="sm" /> : null}
                  {t('commerce.pricing.buyAiChecks', {
                    count: pack.ai_pages ?? 0,
                    number: formatCount(pack.ai_pages ?? 0, ui),
                  })}
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      {props.error === null ? null : (
        <div className="alert alert--error" role="alert">
          {props.error}
        </div>
      )}
      {props.isSignupFirst ? <p className="price-slider__meta">{t('commerce.pricing.signupFirst')}</p> : null}
      <p className="price-slider__meta">
        {t('subscriptions.unusedPages')}{' '}
        <Dialog.Close asChild>
          <Link to={subscriptionsPath(lang, '?ai=')}>{t('aiPrice.compare')}</Link>
        </Dialog.Close>
      </p>
    </div>
  );
}

/**
 * The 'aiprice' modal (AI packages): the AI plans to subscribe to and the AI packs, for the user's own account or
 * the organisation they own (groupId). Titled "Subscription AI Plans", or "Subscription ended, but you can start a
 * new one!" under the spec's rule (aiPriceModel.ts).
 */
export function AiPriceModal({ groupId, isNewUserProp }: { groupId: number | null; isNewUserProp: boolean | null }) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const route = buyRoute(useSession());
  const isRegistered = route === 'cart';
  const lang = useLanguage();
  const errorText = useErrorText();
  const { buy, pendingService: pendingPack, error: buyError } = useBuy();
  const { subscribe, pendingService: pendingPlan, error: subscribeError } = useSubscribe();

  const credentials = useQuery({
    queryKey: ['credentials', 'purchases'],
    queryFn: () => endpoints.credentials(),
    enabled: isRegistered,
    staleTime: 0,
  });
  const plans = useQuery({
    queryKey: SUBSCRIPTION_PLANS_QUERY_KEY,
    queryFn: () => endpoints.subscriptionPlans(),
    staleTime: 300_000,
  });
  const pricing = useQuery({ queryKey: PRICING_QUERY_KEY, queryFn: () => endpoints.pricing(), staleTime: 300_000 });
  const subscriptions = useQuery({
    queryKey: groupId === null ? MY_SUBSCRIPTIONS_QUERY_KEY : groupSubscriptionsQueryKey(groupId),
    queryFn: () => (groupId === null ? endpoints.mySubscriptions() : endpoints.groupSubscriptions(groupId)),
    enabled: isRegistered,
  });

  const isLoading =
    route === 'wait' ||
    plans.isPending ||
    pricing.isPending ||
    (isRegistered && (credentials.isPending || subscriptions.isPending));
  if (isLoading) {
    return (
      <ModalFrame title={t('common.loading')}>
        <LoadingBlock label={t('aiPrice.loading')} />
      </ModalFrame>
    );
  }
  if (plans.isError || pricing.isError) {
    return (
      <ModalFrame title={t('aiPrice.title.plans')}>
        <div className="alert alert--error" role="alert">
          <p>{errorText(plans.error ?? pricing.error)}</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              void plans.refetch();
              void pricing.refetch();
            }}
          >
            {t('common.retry')}
          </button>
        </div>
      </ModalFrame>
    );
  }

  let titleKey: AiPriceTitleKey = 'aiPrice.title.plans';
  const answer = credentials.data;
  if (answer !== undefined) {
    const isNew =
      isNewUserProp ?? isNewUser({ kind: 'individual', user: answer.user, packagesBought: answer.packages_bought });
    titleKey = aiPriceTitleKey({
      notAiOrders: answer.user.not_ai_orders,
      lastAiOrderPaidDaysAgo: answer.user.last_ai_order_paid_days_ago,
      isNewUser: isNew,
    });
  }
  const failure = subscribeError ?? buyError;
  return (
    <ModalFrame title={t(titleKey)} description={t('aiPrice.lead')}>
      <AiPriceContent
        plans={plans.data.plans.ai}
        packs={pricing.data.plans.ai}
        live={liveSubscription(subscriptions.data)}
        lang={lang}
        pending={pendingPlan ?? pendingPack}
        error={failure === null ? null : errorText(failure)}
        isSignupFirst={route === 'signup'}
        onSubscribe={(plan) => {
          subscribe({ service: plan.service, groupId, forOrganisation: false });
        }}
        onBuy={(pack) => {
          buy({ service: pack.service, quantity: 1, groupId });
        }}
      />
    </ModalFrame>
  );
}

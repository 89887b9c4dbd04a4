import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { LoadingBlock } from '../components/Spinner.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import type { PricingTab } from './money.ts';
import { buyableGroups, tabFromSearch } from './pricing.ts';
import { PricingPlans, type SubscribeOffer } from './PricingPlans.tsx';
import { MY_SUBSCRIPTIONS_QUERY_KEY, SUBSCRIPTION_PLANS_QUERY_KEY, liveSubscription } from './subscriptions.ts';
import { useBuy } from './useBuy.ts';
import { useSubscribe } from './useSubscribe.ts';
import './subscriptions.css';

/** The monthly plans' kind beside each pay-per-use tab. */
const SUBSCRIPTION_KIND_OF_TAB = { individ: 'individ', business: 'team', ai: 'ai' } as const;

export const PRICING_QUERY_KEY = ['commerce', 'pricing'] as const;

/** The pay-per-use widget of /pricing/: rendered once the user data and the plans have loaded. */
export function PricingWidget() {
  const { t } = useTranslation();
  const { endpoints, client } = useServices();
  const { search } = useLocation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const [tab, setTab] = useState<PricingTab>(() => tabFromSearch(search));
  const [groupId, setGroupId] = useState<number | null>(null);
  const { buy, route, pendingService, error } = useBuy();
  const subscription = useSubscribe();

  useEffect(() => {
    setTab(tabFromSearch(search));
  }, [search]);

  const pricing = useQuery({ queryKey: PRICING_QUERY_KEY, queryFn: () => endpoints.pricing(), staleTime: 300_000 });
  const groups = useQuery({
    queryKey: GROUPS_QUERY_KEY,
    queryFn: () => fetchGroups(client),
    enabled: route === 'cart',
  });
  // "Subscribe to" the tab's default monthly plan (a failure to load the plans only leaves the offer out).
  const subscriptionPlans = useQuery({
    queryKey: SUBSCRIPTION_PLANS_QUERY_KEY,
    queryFn: () => endpoints.subscriptionPlans(),
    staleTime: 300_000,
  });
  const kind = SUBSCRIPTION_KIND_OF_TAB[tab];
  const monthly = subscriptionPlans.data;
  const offerPlan = monthly?.plans[kind].find((plan) => plan.key === monthly.default_plans[kind]);
  // one's own account already subscribed: nothing to offer on its tabs (the widget below upgrades it)
  const mine = useQuery({
    queryKey: MY_SUBSCRIPTIONS_QUERY_KEY,
    queryFn: () => endpoints.mySubscriptions(),
    enabled: route === 'cart' && kind !== 'team',
  });
  const isOwnSubscribed = kind !== 'team' && liveSubscription(mine.data) !== null;
  const subscribeTo: SubscribeOffer | null =
    offerPlan === undefined || isOwnSubscribed ? null : { name: offerPlan.name, price: offerPlan.price };
  const owned = route === 'cart' ? buyableGroups(groups.data ?? []) : [];

  if (route === 'wait' || pricing.isPending) return <LoadingBlock label={t('commerce.pricing.loading')} />;
  if (pricing.isError) {
    return (
      <div className="alert alert--error" role="alert">
        <p>{errorText(pricing.error)}</p>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            void pricing.refetch();
          }}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }

  return (
    <PricingPlans
      pricing={pricing.data}
      tab={tab}
      lang={lang}
      route={route}
      pendingService={pendingService}
      error={error !== null ? errorText(error) : subscription.error !== null ? errorText(subscription.error) : null}
      groups={owned}
      groupId={groupId}
      onGroupChange={setGroupId}
      onTabChange={setTab}
      onBuy={(plan) => {
        subscription.reset();
        buy({ service: plan.service, quantity: 1, groupId });
      }}
      subscribeTo={subscribeTo}
      isSubscribing={subscription.pendingService !== null}
      onSubscribe={() => {
        if (offerPlan === undefined) return;
        // a team plan is for an organisation the user owns: the one chosen above, else the first
        const forGroup = kind === 'team' ? (groupId ?? owned[0]?.id ?? null) : kind === 'ai' ? groupId : null;
        subscription.subscribe({ service: offerPlan.service, groupId: forGroup, forOrganisation: kind === 'team' });
      }}
    />
  );
}

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
import { PricingPlans } from './PricingPlans.tsx';
import { useBuy } from './useBuy.ts';

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

  useEffect(() => {
    setTab(tabFromSearch(search));
  }, [search]);

  const pricing = useQuery({ queryKey: PRICING_QUERY_KEY, queryFn: () => endpoints.pricing(), staleTime: 300_000 });
  const groups = useQuery({
    queryKey: GROUPS_QUERY_KEY,
    queryFn: () => fetchGroups(client),
    enabled: route === 'cart',
  });

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
      error={error === null ? null : errorText(error)}
      groups={route === 'cart' ? buyableGroups(groups.data ?? []) : []}
      groupId={groupId}
      onGroupChange={setGroupId}
      onTabChange={setTab}
      onBuy={(plan) => {
        buy({ service: plan.service, quantity: 1, groupId });
      }}
    />
  );
}

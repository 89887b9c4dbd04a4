import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Subscription, SubscriptionKind, SubscriptionPlan } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { LoadingBlock } from '../components/Spinner.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { formatCents } from './money.ts';
import { buyRoute } from './pricing.ts';
import { SubscriptionPlans, type PayingAccount, type SubscriptionAccess } from './SubscriptionPlans.tsx';
import {
  MY_SUBSCRIPTIONS_QUERY_KEY,
  SUBSCRIPTIONS_ANCHOR,
  SUBSCRIPTION_PLANS_QUERY_KEY,
  SUBSCRIPTIONS_QUERY_KEY,
  displayPlanName,
  effectiveSelection,
  estimateUpgrade,
  groupSubscriptionsQueryKey,
  liveSubscription,
  memberGroup,
  onPageVisible,
  ownedGroups,
  planChoice,
  subscriptionTabFromSearch,
  teamAccess,
  type UpgradeEstimate,
} from './subscriptions.ts';
import { UpgradeDialog, usePagesPhrase } from './UpgradeDialog.tsx';
import { useSubscribe } from './useSubscribe.ts';
import './subscriptions.css';

type UpgradeTarget = { live: Subscription; plan: SubscriptionPlan; estimate: UpgradeEstimate | null };

/**
 * The subscription widget of /pricing/ (commerce-and-cabinet.md §2): rendered once the user data and the plans have
 * loaded. "Get started" starts a subscription (a visitor signs up first); "Upgrade plan" confirms the proration and
 * upgrades at once. When the browser tab becomes visible again the default plan is selected.
 */
export function SubscriptionWidget() {
  const { t } = useTranslation();
  const { endpoints, client, modals, session, queryClient } = useServices();
  const route = buyRoute(useSession());
  const isRegistered = route === 'cart';
  const lang = useLanguage();
  const errorText = useErrorText();
  const pagesPhrase = usePagesPhrase();
  const { search, hash } = useLocation();
  const [tab, setTab] = useState<SubscriptionKind>(() => subscriptionTabFromSearch(search));
  const [chosen, setChosen] = useState<Partial<Record<SubscriptionKind, string>>>({});
  const [accountChoice, setAccountChoice] = useState<Partial<Record<SubscriptionKind, number | null>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [coupon, setCoupon] = useState('');
  const [upgradeTarget, setUpgradeTarget] = useState<UpgradeTarget | null>(null);
  const { subscribe, pendingService, error: subscribeError, reset: resetSubscribe } = useSubscribe();

  useEffect(() => {
    setTab(subscriptionTabFromSearch(search));
  }, [search]);

  // The browser tab brought back (e.g. from the card page): the default plan is selected again (§2).
  useEffect(
    () =>
      onPageVisible(document, () => {
        setChosen({});
      }),
    [],
  );

  const plans = useQuery({
    queryKey: SUBSCRIPTION_PLANS_QUERY_KEY,
    queryFn: () => endpoints.subscriptionPlans(),
    staleTime: 300_000,
  });
  const groups = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => fetchGroups(client), enabled: isRegistered });
  const mine = useQuery({
    queryKey: MY_SUBSCRIPTIONS_QUERY_KEY,
    queryFn: () => endpoints.mySubscriptions(),
    enabled: isRegistered,
  });

  const owned = ownedGroups(groups.data ?? []);
  const ownAccount: PayingAccount = { id: null, name: '' };
  const organisations: PayingAccount[] = owned.map((group) => ({ id: group.id, name: group.name }));
  const accounts: PayingAccount[] =
    tab === 'individ' || !isRegistered ? [] : tab === 'team' ? organisations : [ownAccount, ...organisations];
  const stored = accountChoice[tab];
  const accountId =
    stored !== undefined && accounts.some((account) => account.id === stored) ? stored : (accounts[0]?.id ?? null);
  const payingGroup = tab === 'individ' ? null : accountId;

  const groupSubscriptions = useQuery({
    queryKey: groupSubscriptionsQueryKey(payingGroup),
    queryFn: () => endpoints.groupSubscriptions(payingGroup ?? 0),
    enabled: isRegistered && payingGroup !== null,
  });
  const subscriptions = payingGroup === null ? mine : groupSubscriptions;
  const live = isRegistered ? liveSubscription(subscriptions.data) : null;
  const isLoadingLive = isRegistered && (subscriptions.isPending || (tab !== 'individ' && groups.isPending));

  const upgrade = useMutation({
    mutationFn: (target: UpgradeTarget) => endpoints.upgradeSubscription(target.live.id, target.plan.service),
    onSuccess: async (answer, target) => {
      setUpgradeTarget(null);
      const added = pagesPhrase(answer.charged.pages, answer.charged.ai_pages);
      const values = {
        // the plan chosen: with Stripe the answer may still carry the old one until Stripe's invoice arrives
        name: displayPlanName(target.plan.name),
        amount: formatCents(answer.charged.amount, lang),
        pages: added ?? '',
      };
      setNotice(t(added === null ? 'subscriptions.upgradedNoPages' : 'subscriptions.upgraded', values));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY }),
        session.refreshProfile().catch(() => undefined),
      ]);
    },
  });

  // A subscription that already exists (another tab started it): fetch it, the button becomes "Upgrade plan".
  const isAlreadyActive = isApiError(subscribeError) && subscribeError.code === 'subscription_active';
  useEffect(() => {
    if (isAlreadyActive) void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY });
  }, [isAlreadyActive, queryClient]);

  // A link to /pricing/#subscriptions: brought into view once the widget is there.
  const isReady = !(route === 'wait' || plans.isPending || (isRegistered && mine.isPending));
  const hasScrolled = useRef(false);
  useEffect(() => {
    if (!isReady || hasScrolled.current || hash !== `#${SUBSCRIPTIONS_ANCHOR}`) return;
    hasScrolled.current = true;
    document.getElementById(SUBSCRIPTIONS_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [isReady, hash]);

  if (!isReady) return <LoadingBlock label={t('subscriptions.loading')} />;
  if (plans.isError || mine.isError) {
    return (
      <div className="alert alert--error" role="alert">
        <p>{errorText(plans.error ?? mine.error)}</p>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            if (plans.isError) void plans.refetch();
            if (mine.isError) void mine.refetch();
          }}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }

  const response = plans.data;
  const tabPlans = response.plans[tab];
  const selectedKey = effectiveSelection(tabPlans, chosen[tab], response.default_plans[tab], live?.service.key ?? null);
  let access: SubscriptionAccess = isRegistered ? 'buy' : 'signup';
  if (tab === 'team' && isRegistered && !groups.isPending) {
    const team = teamAccess(true, groups.data ?? []);
    access = team === 'owner' ? 'buy' : team === 'member' ? 'member' : 'noOrganisation';
  }
  const error =
    subscribeError !== null && !isAlreadyActive
      ? errorText(subscribeError)
      : groupSubscriptions.isError
        ? errorText(groupSubscriptions.error)
        : null;

  function submit(): void {
    const plan = tabPlans.find((candidate) => candidate.key === selectedKey);
    if (plan === undefined) return;
    setNotice(null);
    if (live === null) {
      subscribe({
        service: plan.service,
        groupId: payingGroup,
        forOrganisation: tab === 'team',
        ...(coupon.trim() === '' ? {} : { coupon: coupon.trim() }),
      });
      return;
    }
    if (planChoice(plan, live) !== 'upgrade') return;
    upgrade.reset();
    setUpgradeTarget({ live, plan, estimate: estimateUpgrade(live, plan, response.vat_percent, new Date()) });
  }

  return (
    <>
      <SubscriptionPlans
        plans={response}
        tab={tab}
        lang={lang}
        live={live}
        selectedKey={selectedKey}
        access={access}
        accounts={accounts}
        accountId={accountId}
        isLoadingLive={isLoadingLive}
        isBusy={pendingService !== null || upgrade.isPending}
        error={error}
        notice={notice}
        onTabChange={(next) => {
          setTab(next);
          resetSubscribe();
          setNotice(null);
        }}
        onSelect={(key) => {
          setChosen((current) => ({ ...current, [tab]: key }));
          resetSubscribe();
        }}
        onAccountChange={(id) => {
          setAccountChoice((current) => ({ ...current, [tab]: id }));
          resetSubscribe();
          setNotice(null);
        }}
        coupon={coupon}
        onCouponChange={setCoupon}
        onSubmit={submit}
        onNotify={() => {
          const group = memberGroup(groups.data ?? []);
          if (group !== null) modals.openModal('notify', { groupId: group.id, reason: 'upgrade' });
        }}
      />
      <UpgradeDialog
        target={upgradeTarget}
        lang={lang}
        isBusy={upgrade.isPending}
        error={upgrade.error === null ? null : errorText(upgrade.error)}
        onConfirm={() => {
          if (upgradeTarget !== null) upgrade.mutate(upgradeTarget);
        }}
        onClose={() => {
          setUpgradeTarget(null);
        }}
      />
    </>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { saveFirstBuy } from './firstBuy.ts';
import { inLanguage } from './paths.ts';
import { isLocalPath } from './pendingPoll.ts';
import { buyRoute } from './pricing.ts';

/** Follows a URL of the server: one of our paths inside the client (in the page's language), anything else fully. */
export function useFollowUrl(): (url: string) => void {
  const navigate = useNavigate();
  const lang = useLanguage();
  return useCallback(
    (url: string) => {
      if (isLocalPath(url)) void navigate(inLanguage(url, lang));
      else window.location.assign(url);
    },
    [navigate, lang],
  );
}

export type SubscribeInput = {
  /** The plan's service identifier (lightSubscription, lightTeamsSubscription…). */
  service: string;
  /** The organisation it is for (a team plan, or an AI plan bought for one), or null for one's own account. */
  groupId: number | null;
  /** A team plan: a visitor signs up as an organisation, and the plan is bought for it after sign-up. */
  forOrganisation: boolean;
  /** A promo code typed with the plan (its percent off the first month). */
  coupon?: string;
};

/**
 * Starting a subscription (commerce-and-cabinet.md §4): a registered user's is created and the card page opens; a
 * visitor or guest keeps it as firstBuy (as a pack is kept) and signs up first, and FirstBuyRunner starts it after.
 */
export function useSubscribe() {
  const { endpoints, modals, storage } = useServices();
  const route = buyRoute(useSession());
  const lang = useLanguage();
  const follow = useFollowUrl();
  const mutation = useMutation({
    mutationFn: (input: SubscribeInput) =>
      endpoints.subscribe({
        service: input.service,
        groupId: input.groupId,
        language: lang,
        coupon: input.coupon ?? null,
      }),
    onSuccess: (answer) => {
      // from a modal (the AI packages) too: the card page is a page of its own
      modals.closeAll();
      follow(answer.redirect_url);
    },
  });

  function subscribe(input: SubscribeInput): void {
    if (route === 'wait') return;
    if (route === 'signup') {
      saveFirstBuy(storage, {
        kind: 'subscription',
        service: input.service,
        forOrganisation: input.forOrganisation,
        ...(input.coupon === undefined ? {} : { coupon: input.coupon }),
      });
      modals.openModal('signup', input.forOrganisation ? { accountType: 'organisation' } : {});
      return;
    }
    mutation.mutate(input);
  }

  return {
    subscribe,
    route,
    /** The plan being started (its button shows progress until the card page opens), or null. */
    pendingService: mutation.isPending || mutation.isSuccess ? mutation.variables.service : null,
    error: mutation.error,
    reset: mutation.reset,
  };
}

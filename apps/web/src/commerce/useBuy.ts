import { useMutation } from '@tanstack/react-query';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { saveFirstBuy } from './firstBuy.ts';
import { buyRoute } from './pricing.ts';
import { useStoreCart } from './useCart.ts';
import { trackUserAction } from '../tracking/track.ts';

export type BuyInput = { service: string; quantity: number; groupId: number | null };

/**
 * A plan's buy button (commerce-and-cabinet.md §4): a registered user's package goes into the cart, the
 * profile is refreshed and the cart opens; a visitor or guest keeps it as firstBuy and signs up first.
 */
export function useBuy() {
  const { endpoints, session, modals, storage } = useServices();
  const state = useSession();
  const storeCart = useStoreCart();
  const route = buyRoute(state);
  const mutation = useMutation({
    mutationFn: (input: BuyInput) =>
      endpoints.addToCart({ service: input.service, quantity: input.quantity, groupId: input.groupId }),
    onSuccess: async (response) => {
      storeCart(response);
      trackUserAction('AddToCart');
      modals.openModal('cart');
      await session.refreshProfile().catch(() => undefined);
    },
  });

  function buy(input: BuyInput): void {
    if (route === 'wait') return;
    if (route === 'signup') {
      saveFirstBuy(storage, { service: input.service, quantity: input.quantity });
      modals.openModal('signup');
      return;
    }
    mutation.mutate(input);
  }

  return {
    buy,
    route,
    /** The service being added (its button shows progress), or null. */
    pendingService: mutation.isPending ? mutation.variables.service : null,
    error: mutation.error,
    reset: mutation.reset,
  };
}

import { useQuery } from '@tanstack/react-query';
import type { CartResponse, Order } from '@veritext/contracts';
import { useCallback } from 'react';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { buyRoute } from './pricing.ts';

export const CART_QUERY_KEY = ['commerce', 'current-order'] as const;

/** Whether the session is a registered user (the only callers who have a cart). */
export function useIsRegistered(): boolean {
  return buyRoute(useSession()) === 'cart';
}

/** The user's open or pending order (null: none); only fetched for a registered user. */
export function useCart() {
  const { endpoints } = useServices();
  const isRegistered = useIsRegistered();
  return useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: () => endpoints.currentOrder(),
    enabled: isRegistered,
    staleTime: 10_000,
  });
}

/** Puts a cart change's order into the cache (the header count and the modal follow). */
export function useStoreCart(): (response: CartResponse | Order | null) => void {
  const { queryClient } = useServices();
  return useCallback(
    (response) => {
      const order = response === null ? null : 'order' in response ? response.order : response;
      queryClient.setQueryData<Order | null>(CART_QUERY_KEY, order);
    },
    [queryClient],
  );
}

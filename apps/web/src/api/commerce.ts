import type {
  CartResponse,
  CheckoutResponse,
  Order,
  PricingResponse,
  SandboxSessionResponse,
} from '@veritext/contracts';
import type { ApiClient } from './client.ts';
import type { CsrfCache } from './csrf.ts';
import { lazySchema } from './lazySchema.ts';

/** The cart lines' delete_url: only the server's own /order/delete_item/{id} paths are posted to. */
function deletePath(deleteUrl: string): string {
  if (!/^\/order\/delete_item\/\d+\/?$/.test(deleteUrl)) throw new Error(`Unexpected delete URL: ${deleteUrl}`);
  return deleteUrl;
}

/** The commerce calls (commerce-and-cabinet.md §7): pricing, the cart, promo codes, checkout, the sandbox. */
export function createCommerceEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    pricing(): Promise<PricingResponse> {
      return client.getJson('/api/v1/pricing/', lazySchema('PricingResponseSchema'));
    },

    /** The user's open or pending order, or null. */
    async currentOrder(): Promise<Order | null> {
      return (await client.getJson('/api/v1/orders/current/', lazySchema('CurrentOrderResponseSchema'))).order;
    },

    async getOrder(id: number): Promise<Order> {
      return (await client.getJson(`/api/v1/orders/${String(id)}/`, lazySchema('OrderResponseSchema'))).order;
    },

    async addToCart(input: { service: string; quantity?: number; groupId?: number | null }): Promise<CartResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        '/order/add_item',
        {
          service: input.service,
          quantity: String(input.quantity ?? 1),
          group_id: input.groupId === undefined || input.groupId === null ? undefined : String(input.groupId),
          _csrf_token: token,
        },
        lazySchema('CartResponseSchema'),
      );
    },

    async removeFromCart(deleteUrl: string): Promise<CartResponse> {
      const { token } = await csrf.get();
      return client.postForm(deletePath(deleteUrl), { _csrf_token: token }, lazySchema('CartResponseSchema'));
    },

    async applyCoupon(coupon: string): Promise<CartResponse> {
      const { token } = await csrf.get();
      return client.postForm('/order/add_coupon', { coupon, _csrf_token: token }, lazySchema('CartResponseSchema'));
    },

    /** The hidden fields of the checkout form POST (the browser then follows the 303 to the card page). */
    async checkoutFields(): Promise<{ gateway: 'stripe'; _csrf_token: string }> {
      const { token } = await csrf.get();
      return { gateway: 'stripe', _csrf_token: token };
    },

    async sandboxSession(id: string): Promise<SandboxSessionResponse['session']> {
      return (
        await client.getJson(
          `/api/v1/sandbox-pay/${encodeURIComponent(id)}/`,
          lazySchema('SandboxSessionResponseSchema'),
        )
      ).session;
    },

    /** Pays a sandbox session; a declined card (402) or invalid fields (400) throw their ApiError. */
    async paySandbox(
      id: string,
      card: { card_number: string; exp_month: string; exp_year: string; cvc: string; name: string },
    ): Promise<CheckoutResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        `/api/v1/sandbox-pay/${encodeURIComponent(id)}/`,
        { ...card, name: card.name === '' ? undefined : card.name, _csrf_token: token },
        lazySchema('CheckoutResponseSchema'),
      );
    },
  };
}
export type CommerceEndpoints = ReturnType<typeof createCommerceEndpoints>;

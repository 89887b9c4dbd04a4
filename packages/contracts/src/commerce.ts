import { z } from 'zod';

/** Commerce: page packs, the cart, promo codes and checkout (commerce-and-cabinet.md §2-§4, §7, §9). Money in cents, USD. */

export const PACKAGE_TYPES = ['pages', 'ai'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export const CART_ITEM_TYPES = ['pages', 'ai', 'promo'] as const;
export type CartItemType = (typeof CART_ITEM_TYPES)[number];

/** payment.state: 0 open, 1 pending (at the card page), 2 paid, 3 failed. */
/** 4 refunded: paid, then refunded by an operator (`npm run admin -- order:refund`). */
export const PAYMENT_STATES = { open: 0, pending: 1, paid: 2, failed: 3, refunded: 4 } as const;
export const PaymentStateSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type PaymentState = z.infer<typeof PaymentStateSchema>;

export const DEFAULT_SERVICE = 'light';
export const ORDER_QUANTITY_MAX = 100;

/** A pricing-widget plan. per_page: price / pages (or / ai_pages) in dollars, unrounded. */
export const PlanSchema = z.object({
  service: z.string(),
  name: z.string(),
  type: z.enum(PACKAGE_TYPES),
  pages: z.number().int().nullable(),
  ai_pages: z.number().int().nullable(),
  price: z.number().int(),
  per_page: z.number(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** GET /api/v1/pricing/ (public). */
export const PricingResponseSchema = z.object({
  success: z.literal(true),
  currency: z.literal('USD'),
  vat_percent: z.number(),
  plans: z.object({ individ: z.array(PlanSchema), business: z.array(PlanSchema), ai: z.array(PlanSchema) }),
  default_service: z.string(),
});
export type PricingResponse = z.infer<typeof PricingResponseSchema>;

export const CartItemServiceSchema = z.object({
  name: z.string(),
  /** Unit price in cents (promo: 0). */
  price: z.number().int(),
  type: z.enum(CART_ITEM_TYPES),
  code: z.string(),
  /** Promo only, else null. */
  percent: z.number().int().nullable(),
  /** 'percent' for a promo, else null. */
  coupon_type: z.literal('percent').nullable(),
});

export const CartItemSchema = z.object({
  id: z.number().int(),
  service: CartItemServiceSchema,
  /** Total pages of the line; null for AI lines and the promo. */
  pages: z.number().int().nullable(),
  /** Total AI pages of the line; null otherwise. */
  ai_pages: z.number().int().nullable(),
  quantity: z.number().int(),
  /** Line total in cents; a promo line carries the negative discount. */
  price: z.number().int(),
  delete_url: z.string(),
  special_offer: z.null(),
  /** The account credited: null = the buyer; else the group's id. */
  group_id: z.number().int().nullable(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const OrderSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  items: z.array(CartItemSchema),
  subtotal: z.number().int(),
  discount: z.number().int(),
  vat: z.number().int(),
  vat_percent: z.number(),
  gross: z.number().int(),
  currency: z.literal('USD'),
  checkout_url: z.string(),
  payment: z.object({ state: PaymentStateSchema }),
  /** When paid: '/payment-success/' or '/payment-success/1' (every item an AI pack); else null. */
  redirect_url: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/** POST /order/add_item, /order/delete_item/{id}, /order/add_coupon: the shared cart-change shape. */
export const CartResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ order_items: z.array(CartItemSchema) }),
  order: OrderSchema,
});
export type CartResponse = z.infer<typeof CartResponseSchema>;

/** GET /api/v1/orders/{id}/ */
export const OrderResponseSchema = z.object({ success: z.literal(true), order: OrderSchema });
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/** GET /api/v1/orders/current/: the open or pending order, or null. */
export const CurrentOrderResponseSchema = z.object({ success: z.literal(true), order: OrderSchema.nullable() });
export type CurrentOrderResponse = z.infer<typeof CurrentOrderResponseSchema>;

export const SANDBOX_SESSION_STATUSES = ['open', 'complete', 'expired'] as const;

/** GET /api/v1/sandbox-pay/{session_id}/ */
export const SandboxSessionResponseSchema = z.object({
  success: z.literal(true),
  session: z.object({
    id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    description: z.string(),
    status: z.enum(SANDBOX_SESSION_STATUSES),
    order_id: z.number().int(),
    cancel_url: z.string(),
  }),
});
export type SandboxSessionResponse = z.infer<typeof SandboxSessionResponseSchema>;

/** POST /order/checkout with Accept: application/json, and POST /api/v1/sandbox-pay/{session_id}/ on success. */
export const CheckoutResponseSchema = z.object({ success: z.literal(true), redirect_url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/** Form bodies. */
export const AddItemFormSchema = z.object({
  service: z.string().trim().min(1).max(50),
  quantity: z.coerce.number().int().min(1).max(ORDER_QUANTITY_MAX).default(1),
  group_id: z.coerce.number().int().positive().optional(),
  _csrf_token: z.string().max(200).optional(),
});

export const AddCouponFormSchema = z.object({
  coupon: z.string().trim().min(1).max(50),
  _csrf_token: z.string().max(200).optional(),
});

export const CheckoutFormSchema = z.object({
  gateway: z.enum(['stripe']).default('stripe'),
  referral: z.string().max(200).optional(),
  _csrf_token: z.string().max(200).optional(),
  /** The buyer's site language: 'es' sends the built-in card page to its /es twin. */
  language: z.enum(['en', 'es']).optional(),
});

export const SandboxPayFormSchema = z.object({
  card_number: z.string().max(40),
  exp_month: z.string().max(4),
  exp_year: z.string().max(6),
  cvc: z.string().max(8),
  name: z.string().max(100).optional(),
  _csrf_token: z.string().max(200).optional(),
});
export type SandboxPayForm = z.infer<typeof SandboxPayFormSchema>;

/**
 * Stripe's test cards, which the sandbox honours the same way: `declined` is refused at the card page;
 * `failsRenewal` pays the first period and is declined on every later charge (Stripe's 4000 0000 0000 0341).
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  failsRenewal: '4000000000000341',
} as const;

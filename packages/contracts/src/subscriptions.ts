import { z } from 'zod';

/**
 * Monthly subscriptions (commerce-and-cabinet.md §2-§4, check-tool.md §7): plans by kind (individual, team, AI),
 * the caller's and an organisation's subscriptions, subscribing, cancelling with the farewell survey. Money in
 * cents, USD.
 */

export const SUBSCRIPTION_KINDS = ['individ', 'team', 'ai'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

/**
 * A subscription's status: 1 pending (checkout not paid yet), 2 active (check-tool.md §3: "2 means active"; a
 * cancelled one stays 2, with cancel_at_period_end, until its end date), 3 past due (a renewal was declined; it is
 * retried, and the subscription ends after the last try), 4 ended (a new one can be started).
 */
export const SUBSCRIPTION_STATUSES = { pending: 1, active: 2, pastDue: 3, ended: 4 } as const;
export const SubscriptionStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** The plan preselected when the widget's browser tab becomes visible (commerce-and-cabinet.md §2). */
export const DEFAULT_SUBSCRIPTION_PLANS = { individ: 'light', team: 'lightTeams', ai: 'aiStandard' } as const;

/** How many times a declined renewal is tried (a day apart) before the subscription ends. */
export const RENEWAL_ATTEMPTS = 3;

export const SubscriptionPlanSchema = z.object({
  /** The plan's key (light, standardTeams, aiExpert…). */
  key: z.string(),
  /** The service identifier: the plan's lower-cased name + "Subscription" or "TeamsSubscription". */
  service: z.string(),
  name: z.string(),
  kind: z.enum(SUBSCRIPTION_KINDS),
  /** Price per month in cents. */
  price: z.number().int(),
  /** Plagiarism pages and AI pages credited each month. */
  pages: z.number().int(),
  ai_pages: z.number().int(),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>;

/** GET /api/v1/subscription-plans/ (public). */
export const SubscriptionPlansResponseSchema = z.object({
  success: z.literal(true),
  currency: z.literal('USD'),
  vat_percent: z.number(),
  plans: z.object({
    individ: z.array(SubscriptionPlanSchema),
    team: z.array(SubscriptionPlanSchema),
    ai: z.array(SubscriptionPlanSchema),
  }),
  default_plans: z.object({ individ: z.string(), team: z.string(), ai: z.string() }),
});
export type SubscriptionPlansResponse = z.infer<typeof SubscriptionPlansResponseSchema>;

export const SubscriptionSchema = z.object({
  id: z.number().int(),
  status: SubscriptionStatusSchema,
  service: z.object({ key: z.string(), name: z.string(), kind: z.enum(SUBSCRIPTION_KINDS), service: z.string() }),
  /** The price per month and the pages per month this subscription was bought at. */
  price: z.number().int(),
  pages: z.number().int(),
  ai_pages: z.number().int(),
  /** The organisation it is for, or null (the buyer's own account). */
  group_id: z.number().int().nullable(),
  /** ISO dates: the current period, the next renewal (null when it will not renew), the end (when it ends or ended). */
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  renewal_date: z.string().nullable(),
  end_date: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** The saved card's last four digits. */
  card_last4: z.string().nullable(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** GET /api/v1/subscriptions/ and GET /api/v1/groups/subscriptions/{groupId}/?id={groupId}: newest first. */
export const SubscriptionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ subscriptions: z.array(SubscriptionSchema) }),
});
export type SubscriptionsResponse = z.infer<typeof SubscriptionsResponseSchema>;

/** POST /api/v1/subscriptions/: the plan's service (or key) and, for an organisation, its id. */
export const SubscribeFormSchema = z.object({
  service: z.string().trim().min(1).max(60),
  group_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** The page's language: a Spanish buyer gets the card page's Spanish twin. */
  language: z.enum(['en', 'es']).optional(),
  /** A promo code (npm run admin -- promo:create): its percent off the first month. */
  coupon: z.string().trim().max(50).optional(),
  _csrf_token: z.string().max(200).optional(),
});

/** The card page to go to (the sandbox's, or Stripe Checkout's). */
export const SubscribeResponseSchema = z.object({
  success: z.literal(true),
  redirect_url: z.string(),
  subscription: SubscriptionSchema,
});
export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;

/** The farewell survey's answers (stored; `npm run admin -- subscription:feedback` lists them). */
export const CANCEL_REASONS = [
  'too_expensive',
  'not_enough_use',
  'missing_features',
  'results_quality',
  'switching_service',
  'temporary',
  'other',
] as const;

export const CancelSubscriptionFormSchema = z.object({
  reason: z.enum(CANCEL_REASONS),
  comment: z.string().trim().max(1000).optional(),
  _csrf_token: z.string().max(200).optional(),
});

export const SubscriptionResponseSchema = z.object({ success: z.literal(true), subscription: SubscriptionSchema });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

/**
 * POST /api/v1/subscriptions/{id}/upgrade/: to a plan that costs more, at once. Proration: the price difference
 * times the share of the current month still to run (plus VAT) is charged to the saved card now, and the pages
 * difference times the same share (rounded down) is credited now; from the next renewal the new plan's price and
 * pages apply. An individual or AI plan of one's own goes to an individual plan or a dearer AI plan; an
 * organisation's to a team plan or a dearer AI plan. A smaller plan: cancel, and start it when this one ends.
 */
export const UpgradeSubscriptionFormSchema = z.object({
  service: z.string().trim().min(1).max(60),
  _csrf_token: z.string().max(200).optional(),
});

export const UpgradeResponseSchema = z.object({
  success: z.literal(true),
  subscription: SubscriptionSchema,
  /** What the upgrade charged (cents, VAT included) and credited now. */
  charged: z.object({ amount: z.number().int(), pages: z.number().int(), ai_pages: z.number().int() }),
});
export type UpgradeResponse = z.infer<typeof UpgradeResponseSchema>;

/** POST /api/v1/groups/{groupId}/notify-admin/: what a member who cannot buy asks the organisation's owner for. */
export const NOTIFY_REASONS = ['pages', 'ai_pages', 'upgrade'] as const;
export type NotifyReason = (typeof NOTIFY_REASONS)[number];
export const NotifyAdminFormSchema = z.object({
  reason: z.enum(NOTIFY_REASONS),
  _csrf_token: z.string().max(200).optional(),
});
export const NotifyAdminResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** A notice in the owner's cabinet (GET /api/v1/notices/, newest first; POST /api/v1/notices/{id}/read/). */
export const NoticeSchema = z.object({
  id: z.number().int(),
  kind: z.literal('notify_admin'),
  reason: z.enum(NOTIFY_REASONS),
  group: z.object({ id: z.number().int(), name: z.string() }),
  from: z.object({ name: z.string(), email: z.string() }),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof NoticeSchema>;
export const NoticesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ notices: z.array(NoticeSchema), unread: z.number().int() }),
});
export type NoticesResponse = z.infer<typeof NoticesResponseSchema>;

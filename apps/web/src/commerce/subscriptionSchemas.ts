/**
 * The response schemas of the subscription calls. Only ever imported on demand (subscriptionEndpoints.ts), as
 * api/schemas.ts is: zod and the schemas stay out of the first load.
 */
export {
  NotifyAdminResponseSchema,
  SubscribeResponseSchema,
  SubscriptionPlansResponseSchema,
  SubscriptionResponseSchema,
  SubscriptionsResponseSchema,
  UpgradeResponseSchema,
} from '@veritext/contracts';

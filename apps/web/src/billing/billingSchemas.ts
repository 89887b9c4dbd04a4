/**
 * The response schemas of the billing calls. Only ever imported on demand (billingEndpoints.ts), as api/schemas.ts
 * is: zod and the schemas stay out of the first load.
 */
export {
  InvoicesResponseSchema,
  LedgerAdminActionResponseSchema,
  TransactionsResponseSchema,
} from '@veritext/contracts';

/**
 * The response schema of the administrators' leads list. Only ever imported on demand (adminLeads.ts), as
 * api/schemas.ts is: zod and the schemas stay out of the first load.
 */
export { AdminLeadsResponseSchema } from '@veritext/contracts';

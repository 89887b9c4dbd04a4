/**
 * The response schema of the administrators' funnel. Only ever imported on demand (adminFunnel.ts), as
 * api/schemas.ts is: zod and the schemas stay out of the first load.
 */
export { AdminFunnelResponseSchema } from '@veritext/contracts';

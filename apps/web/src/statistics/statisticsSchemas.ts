/**
 * The response schemas of the statistics calls. Only ever imported on demand (statisticsEndpoints.ts), as
 * api/schemas.ts is: zod and the schemas stay out of the first load.
 */
export { RecentWorksResponseSchema, StatisticsResponseSchema } from '@veritext/contracts';

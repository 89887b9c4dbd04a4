/**
 * The response schemas of the report's settings and source tools, loaded on demand with the first of their calls
 * (reportSettings.ts), as schemas.ts is for the other calls.
 */
export { SimilarityReportResponseSchema, SourcePassageResponseSchema } from '@veritext/contracts';

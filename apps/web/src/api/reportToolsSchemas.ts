/**
 * The response schemas of the report's tools (comments, shared links, the shared report), loaded on demand with
 * the first of their calls (reportTools.ts), as schemas.ts is for the other calls.
 */
export {
  ReportCommentDeletedResponseSchema,
  ReportCommentResponseSchema,
  ReportCommentsResponseSchema,
  ReportShareResponseSchema,
  ReportShareRevokedResponseSchema,
  ReportSharesResponseSchema,
  SharedReportResponseSchema,
} from '@veritext/contracts';

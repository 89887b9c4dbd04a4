/** The response schemas of the sales forms' calls, only ever imported on demand (formsEndpoints.ts). */
export { EnquiryResponseSchema, LeadOkResponseSchema, QuickGuideResponseSchema } from '@veritext/contracts';

/** The response schemas of the LMS tokens section's calls, loaded on demand with the first of them (lmsTokens.ts). */
export { LmsTokenCreatedResponseSchema, LmsTokenListResponseSchema, LmsTokenResponseSchema } from '@veritext/contracts';

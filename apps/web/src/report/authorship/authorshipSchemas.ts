/** The authorship check's response schemas, loaded with its first call (authorshipEndpoints.ts). */
export { AuthorshipSendResponseSchema, AuthorshipStatusResponseSchema } from '@veritext/contracts';

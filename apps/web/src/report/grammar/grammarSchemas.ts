/** The grammar checker's response schema, loaded with its first call (grammarEndpoints.ts). */
export { GrammarResponseSchema } from '@veritext/contracts';

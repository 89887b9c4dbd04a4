import { z } from 'zod';

/*
 * The grammar checker of a document (issue 18; commerce-and-cabinet.md §4 "Grammar check: not activated, not
 * checked, activated", §6 "activated per institution"). Messages are rule ids with parameters, worded by the
 * client in the reader's language (grammar.rules.* in the catalogues).
 */

export const GRAMMAR_KINDS = ['spelling', 'grammar', 'style', 'punctuation'] as const;
export const GRAMMAR_RULES = [
  'spelling',
  'repeated-word',
  'indefinite-article',
  'contraction',
  'passive-voice',
  'sentence-spacing',
  'sentence-capital',
  'space-before-punctuation',
  'opening-mark',
] as const;

export const GrammarFindingSchema = z.object({
  start: z.number().int().describe('UTF-16 offset into the checked text (the report text), inclusive'),
  end: z.number().int().describe('UTF-16 offset, exclusive'),
  kind: z.enum(GRAMMAR_KINDS),
  rule: z.enum(GRAMMAR_RULES),
  params: z.record(z.string(), z.string()),
  suggestions: z.array(z.string()),
});
export type GrammarFinding = z.infer<typeof GrammarFindingSchema>;

export const GrammarResultSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('not_activated') }),
  z.object({ state: z.literal('not_checked') }),
  z.object({
    state: z.literal('checked'),
    /** en or es; null: the text is in neither language and was not checked. */
    language: z.enum(['en', 'es']).nullable(),
    checked_at: z.string(),
    text: z.string().describe('The text the offsets point into'),
    findings: z.array(GrammarFindingSchema),
  }),
]);
export type GrammarResult = z.infer<typeof GrammarResultSchema>;

export const GrammarResponseSchema = z.object({ success: z.literal(true), data: GrammarResultSchema });
export type GrammarResponse = z.infer<typeof GrammarResponseSchema>;

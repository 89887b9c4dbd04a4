import { z } from 'zod';

/*
 * The authorship (fingerprint) check (issue 18; commerce-and-cabinet.md §6, §8, §9; check-tool.md §7): the
 * `fingerprint` calls with type=1 (type=3 stays the AI check). The server's engine: modules/authorship.
 */

/** The fingerprint calls' type for the authorship check. */
export const AUTHORSHIP_FINGERPRINT_TYPE = '1';

/** What one authorship check costs, from the organisation's pages (§9). */
export const AUTHORSHIP_CHECK_PAGES = 3;
/** Original characters (not matched to any source in the Similarity report) a paper needs (§9). */
export const AUTHORSHIP_MIN_ORIGINAL_CHARACTERS = 3000;
/** The student's earlier papers needed (each with the minimum of original characters). */
export const AUTHORSHIP_MIN_STUDENT_PAPERS = 2;
/** Other students' papers needed (each with the minimum of original characters), from at least this many students. */
export const AUTHORSHIP_MIN_OTHER_PAPERS = 3;
export const AUTHORSHIP_MIN_OTHER_STUDENTS = 2;
/** At most this many papers are compared (the newest): the student's, and other students'. */
export const AUTHORSHIP_MAX_STUDENT_PAPERS = 10;
export const AUTHORSHIP_MAX_OTHER_PAPERS = 30;

export const AUTHORSHIP_STATUS = { done: 4 } as const;

export const AuthorshipVerdictSchema = z.enum(['same_author', 'inconclusive', 'different_author']);
export type AuthorshipVerdictName = z.infer<typeof AuthorshipVerdictSchema>;

export const AuthorshipFeatureSchema = z.object({
  kind: z.enum(['word', 'punctuation', 'sentence_length', 'sentence_spread', 'word_length', 'vocabulary']),
  name: z.string().describe("The function word or punctuation mark; '' for the statistics."),
  document: z.number().describe("The new paper's value."),
  usual: z.number().describe("The mean of the student's earlier papers."),
  unit: z.enum(['per_1000_words', 'per_1000_characters', 'words', 'letters', 'percent']),
  z: z.number().describe('The difference in standard deviations of the papers compared (> 0: more in the new paper).'),
});
export type AuthorshipFeature = z.infer<typeof AuthorshipFeatureSchema>;

export const AuthorshipPaperSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  created_at: z.string(),
  similarity: z.number().describe('Cosine similarity of its style to the new paper (-1..1).'),
});

export const AuthorshipResultSchema = z.object({
  id: z.number().int(),
  text_check_id: z.number().int(),
  method: z.string(),
  language: z.enum(['en', 'es']),
  score: z
    .number()
    .describe('0..1: the share of rounds in which the student’s own papers were nearer than all others.'),
  verdict: AuthorshipVerdictSchema,
  thresholds: z.object({ same: z.number(), different: z.number() }),
  chance: z.number().describe('The score a paper would get by chance.'),
  original_characters: z.number().int(),
  student: z.object({ id: z.number().int().nullable(), name: z.string() }),
  known: z.array(AuthorshipPaperSchema).describe("The student's earlier papers compared."),
  impostors: z.object({ papers: z.number().int(), students: z.number().int(), nearest_similarity: z.number() }),
  features: z.array(AuthorshipFeatureSchema).describe('The features that differ most from the student’s usual.'),
  pages: z.number().int(),
  created_at: z.string(),
});
export type AuthorshipResult = z.infer<typeof AuthorshipResultSchema>;

export const AuthorshipStatusResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** The caller may run the authorship check on this document (a teacher or owner, the organisation allows it). */
    enabled: z.boolean(),
    /** 4 done; null when none was run. */
    status: z.number().int().nullable(),
    result: AuthorshipResultSchema.nullable(),
  }),
});
export type AuthorshipStatusResponse = z.infer<typeof AuthorshipStatusResponseSchema>;

export const AuthorshipSendResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.number().int(), status: z.number().int(), result: AuthorshipResultSchema }),
});
export type AuthorshipSendResponse = z.infer<typeof AuthorshipSendResponseSchema>;

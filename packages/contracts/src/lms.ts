import { z } from 'zod';

/**
 * LMS integration tokens (issue 19 part 1; apps/server/src/modules/lms-api): the narrow-right tokens the
 * PlagiarismCheck-compatible plugins (Moodle's plagiarism_pchkorg) use. A personal token charges its user; an
 * organisation's token starts with "G-" and charges the organisation.
 */
export const LmsTokenSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['personal', 'organisation']),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  name: z.string(),
  /** The token's last 4 characters. */
  hint: z.string(),
  check_ai: z.boolean(),
  auto_registration: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type LmsToken = z.infer<typeof LmsTokenSchema>;

export const LmsTokenListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    tokens: z.array(LmsTokenSchema),
    /** The organisations the caller owns (they may create G- tokens for them). */
    organisations: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** The endpoint URL to paste into the plugin's settings. */
    endpoint: z.string(),
  }),
});
export type LmsTokenList = z.infer<typeof LmsTokenListResponseSchema>['data'];

const Flag = z.string().max(10).optional();

export const LmsTokenCreateFormSchema = z.object({
  name: z.string().trim().min(1).max(100),
  group_id: z
    .string()
    .regex(/^\d{0,9}$/)
    .optional(),
  check_ai: Flag.describe("'true' or '1': run the AI check on every LMS submission made with the token."),
  auto_registration: Flag.describe("'true' or '1' (organisation tokens): the plugin may add members."),
  _csrf_token: z.string().max(200).optional(),
});

export const LmsTokenCreatedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** The token itself: shown this once, stored only as its SHA-256. */
    token: z.string(),
    item: LmsTokenSchema,
    endpoint: z.string(),
  }),
});
export type LmsTokenCreated = z.infer<typeof LmsTokenCreatedResponseSchema>['data'];

export const LmsTokenResponseSchema = z.object({ success: z.literal(true), data: z.object({ token: LmsTokenSchema }) });

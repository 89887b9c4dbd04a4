import { z } from 'zod';
import { SimilarityReportSchema } from './document-check.ts';

/*
 * The report's tools (issue 17; commerce-and-cabinet.md §2 "Similarity report", §3 "Comment", §6): comments on a
 * report, general or on a selection (only the organisation's teachers and owner write them; the author reads the
 * comments on their own work), and sharing a report by e-mail (a link valid for a set time, revocable).
 */

/** The most characters of a comment. */
export const REPORT_COMMENT_MAX_LENGTH = 2000;

const csrf = z.string().max(200).optional();
const typed = (max: number) => z.string().max(max).optional().default('');

/** POST /api/v1/text/{id}/comments/ (form): body; start, end and quote for a comment on a selection (all or none). */
export const ReportCommentFormSchema = z.object({
  body: typed(20_000),
  start: typed(20),
  end: typed(20),
  quote: typed(1_100_000),
  _csrf_token: csrf,
});
export type ReportCommentForm = z.input<typeof ReportCommentFormSchema>;

export const ReportCommentIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  commentId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const ReportCommentSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** Null: a comment on the whole report. */
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
  /** The selected passage, as it was in the text. */
  quote: z.string().nullable(),
  /** Null when the author's account is gone. */
  author: z
    .object({
      name: z.string(),
      /** 1 owner/administrator, 2 teacher; null when no longer a member. */
      role: z.number().int().nullable(),
    })
    .nullable(),
  /** The caller wrote it (and may delete it). */
  is_mine: z.boolean(),
  created_at: z.string(),
});
export type ReportComment = z.infer<typeof ReportCommentSchema>;

export const ReportCommentsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    comments: z.array(ReportCommentSchema),
    /** Whether the caller may write comments on this report (a teacher or the owner of its organisation). */
    can_comment: z.boolean(),
  }),
});
export type ReportCommentsResponse = z.infer<typeof ReportCommentsResponseSchema>;

export const ReportCommentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ comment: ReportCommentSchema }),
});
export type ReportCommentResponse = z.infer<typeof ReportCommentResponseSchema>;

export const ReportCommentDeletedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.number().int() }),
});

/** The messages of the comment forms (sent as the error's message; the client translates by field code). */
export const REPORT_COMMENT_MESSAGES = {
  bodyRequired: 'Please write a comment.',
  bodyTooLong: `A comment can be at most ${String(REPORT_COMMENT_MAX_LENGTH)} characters.`,
  selectionInvalid: 'The selected passage is not in the text. Please select it again.',
  added: 'Your comment was added.',
  deleted: 'The comment was deleted.',
} as const;

/* ---- sharing a report by e-mail ---- */

/** How long a shared link works, in days. */
export const REPORT_SHARE_DAYS = [1, 7, 30] as const;
export type ReportShareDays = (typeof REPORT_SHARE_DAYS)[number];
/** The public page of a shared report: `${origin}${REPORT_SHARE_PATH}{token}`. */
export const REPORT_SHARE_PATH = '/shared-report/';

/** POST /api/v1/text/{id}/shares/ (form): email, days (1, 7 or 30). */
export const ReportShareFormSchema = z.object({
  email: typed(500),
  days: typed(10),
  _csrf_token: csrf,
});
export type ReportShareForm = z.input<typeof ReportShareFormSchema>;

export const ReportShareIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  shareId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ReportShareTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const ReportShareSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  /** Who shared it (their name, else their address). */
  shared_by: z.string(),
});
export type ReportShare = z.infer<typeof ReportShareSchema>;

export const ReportSharesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ shares: z.array(ReportShareSchema) }),
});
export type ReportSharesResponse = z.infer<typeof ReportSharesResponseSchema>;

export const ReportShareResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ share: ReportShareSchema }),
});
export type ReportShareResponse = z.infer<typeof ReportShareResponseSchema>;

export const ReportShareRevokedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.number().int() }),
});

/** GET /api/v1/shared-reports/{token}: the report as an outsider reads it, and until when the link works. */
export const SharedReportResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    report: SimilarityReportSchema,
    expires_at: z.string(),
    checked_at: z.string(),
  }),
});
export type SharedReportResponse = z.infer<typeof SharedReportResponseSchema>;

export const REPORT_SHARE_MESSAGES = {
  emailRequired: 'This field is required',
  emailInvalid: 'Invalid email',
  daysInvalid: 'Choose how long the link works: 1, 7 or 30 days.',
  sent: 'The link was sent by e-mail.',
  revoked: 'The link no longer works.',
} as const;

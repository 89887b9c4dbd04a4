import { z } from 'zod';

/**
 * Organisation members (commerce-and-cabinet.md §2, §3, §5, §6): the owner (role 1) of a group lists, adds,
 * edits, removes and uploads members under /api/v1/groups/{groupId}/members/.
 */

/** Roles in a group: 1 Administrator/Owner, 2 Teacher, 3 Student. Members are added as 2 or 3. */
export const MemberRoleSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type MemberRole = z.infer<typeof MemberRoleSchema>;

/** invited: an account the owner created that has no password yet. */
export const MEMBER_STATUSES = ['active', 'invited'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const MemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: MemberRoleSchema,
  /** The member's page limit in this group; null = no limit. */
  limit: z.number().int().nullable(),
  /** Pages of this member's checks in this group that are held or charged (plagiarism checks + AI checks). */
  used_pages: z.number().int(),
  status: z.enum(MEMBER_STATUSES),
  joined_at: z.string(),
  /** The caller's own row. */
  is_you: z.boolean(),
});
export type Member = z.infer<typeof MemberSchema>;

/** GET /api/v1/groups/{groupId}/members/: role 1 first, then by name, e-mail. */
export const MembersResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ members: z.array(MemberSchema) }),
});
export type MembersResponse = z.infer<typeof MembersResponseSchema>;

/** POST …/members/ (add) and POST …/members/{userId}/ (update). */
export const MemberResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ member: MemberSchema }),
});
export type MemberResponse = z.infer<typeof MemberResponseSchema>;

/** POST …/members/{userId}/delete/. */
export const MemberRemovedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MemberRemovedResponse = z.infer<typeof MemberRemovedResponseSchema>;

export const MEMBER_UPLOAD_OUTCOMES = ['added', 'invited', 'duplicate', 'invalid'] as const;
export type MemberUploadOutcome = (typeof MEMBER_UPLOAD_OUTCOMES)[number];

export const MemberUploadRowSchema = z.object({
  /** 1-based row number in the file. */
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  outcome: z.enum(MEMBER_UPLOAD_OUTCOMES),
  message: z.string(),
});
export type MemberUploadRow = z.infer<typeof MemberUploadRowSchema>;

/** POST …/members/upload/ (multipart, one `file`): message '{added} of {total} rows added.' */
export const MemberUploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** Rows that made a member (existing accounts and new ones). */
    added: z.number().int(),
    /** Of those, the new accounts (invitation e-mail with a set-password link). */
    invited: z.number().int(),
    /** Non-empty rows read (the header row not counted). */
    total: z.number().int(),
    rows: z.array(MemberUploadRowSchema),
  }),
});
export type MemberUploadResponse = z.infer<typeof MemberUploadResponseSchema>;

// The forms take what is typed; the service says what is wrong with each field (MEMBER_FIELD_ERRORS).
const typed = (max: number) => z.string().max(max).optional().default('');
const csrf = z.string().max(200).optional();

/** POST …/members/ (form): name, email, limit ('' = none), role ('2'|'3'|'Teacher'|'Student'; default Student). */
export const MemberAddFormSchema = z.object({
  name: typed(500),
  email: typed(500),
  limit: typed(100),
  role: typed(100),
  _csrf_token: csrf,
});
export type MemberAddForm = z.input<typeof MemberAddFormSchema>;

/** POST …/members/{userId}/ (form): limit ('' = none), role. */
export const MemberUpdateFormSchema = z.object({
  limit: typed(100),
  role: typed(100),
  _csrf_token: csrf,
});
export type MemberUpdateForm = z.input<typeof MemberUpdateFormSchema>;

/** What `error.fields` of a refused member form says about a field (name, email, limit, role). */
export const MEMBER_FIELD_ERRORS = ['required', 'too_long', 'invalid', 'below_zero', 'duplicate'] as const;
export type MemberFieldError = (typeof MEMBER_FIELD_ERRORS)[number];

/** The spec's cabinet messages (§5), sent as the error's message and as upload rows' messages. */
export const MEMBER_MESSAGES = {
  required: 'This field is required',
  nameTooLong: 'Name must be at most 25 characters.',
  emailInvalid: 'Invalid email',
  limitInvalid: 'Invalid limit',
  limitBelowZero: 'Limit below zero',
  roleInvalid: 'Invalid role',
  duplicate: 'User with this email already added to this group',
  adminRole: 'The administrator’s role cannot be changed',
  adminRemove: 'The administrator cannot be removed from the organisation',
  added: 'The member was added.',
  invited: 'The member was added and invited by e-mail.',
  saved: 'Saved.',
  removed: 'The member was removed.',
  badFile: 'Please upload correct file',
} as const;

/** Largest member file accepted (bytes), as packages/extract's MEMBER_FILE_MAX_BYTES. */
export const MEMBER_UPLOAD_MAX_BYTES = 1_048_576;
/** The set-password link of an invitation (a reset_password code) works for 7 days. */
export const MEMBER_INVITE_CODE_TTL_SECONDS = 7 * 24 * 60 * 60;
export const MEMBER_UPLOAD_EXTENSIONS = ['csv', 'xls', 'xlsx'] as const;

/** Role names accepted in forms and files, case-insensitive; the client shows its own translations. */
export function parseMemberRole(value: string): 2 | 3 | null {
  const v = value.trim().toLowerCase();
  if (v === '' || v === '3' || v === 'student') return 3;
  if (v === '2' || v === 'teacher') return 2;
  return null;
}

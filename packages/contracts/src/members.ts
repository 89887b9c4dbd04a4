import { z } from 'zod';

/**
 * Organisation members (commerce-and-cabinet.md §2, §3, §5, §6): the owner (role 1) of a group lists, adds,
 * edits, removes and uploads members under /api/v1/groups/{groupId}/members/.
 */

/** Roles in a group: 1 Administrator/Owner, 2 Teacher, 3 Student. Members are added as 2 or 3. */
export const MemberRoleSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type MemberRole = z.infer<typeof MemberRoleSchema>;

/** invited: an account the owner created that has no password yet (memberships from before invitations). */
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

/**
 * A pending invitation as the group's owner sees it: the address the owner typed, the role and limit the owner
 * chose, and nothing of the account behind the address (neither its name nor its id, nor whether there is one:
 * an invitation to an existing account and one to a new address look the same).
 */
export const MemberInvitationSchema = z.object({
  /** The invitation's id (cancel: POST /api/v1/groups/{groupId}/invitations/{id}/cancel/). */
  id: z.number().int(),
  email: z.string(),
  role: z.union([z.literal(2), z.literal(3)]),
  limit: z.number().int().nullable(),
  status: z.literal('invited'),
  invited_at: z.string(),
});
export type MemberInvitation = z.infer<typeof MemberInvitationSchema>;

/** GET /api/v1/groups/{groupId}/members/: role 1 first, then by name, e-mail; pending invitations, newest first. */
export const MembersResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ members: z.array(MemberSchema), invitations: z.array(MemberInvitationSchema) }),
});
export type MembersResponse = z.infer<typeof MembersResponseSchema>;

/** POST …/members/ (add): every addition is an invitation that the invited user accepts or declines. */
export const MemberInvitedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ invitation: MemberInvitationSchema }),
});
export type MemberInvitedResponse = z.infer<typeof MemberInvitedResponseSchema>;

/** POST …/members/{userId}/ (update). */
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

/** POST …/members/upload/ (multipart, one `file`): message '{added} of {total} rows invited.' */
export const MemberUploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** Rows that sent an invitation (to existing accounts and new addresses alike: the owner cannot tell). */
    added: z.number().int(),
    /** The same count: every row that was taken is an invitation. */
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
export const MEMBER_FIELD_ERRORS = ['required', 'too_long', 'invalid', 'below_zero', 'duplicate', 'invited'] as const;
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
  invited: 'An invitation was sent by e-mail.',
  saved: 'Saved.',
  removed: 'The member was removed.',
  badFile: 'Please upload correct file',
} as const;

/** Largest member file accepted (bytes), as packages/extract's MEMBER_FILE_MAX_BYTES. */
export const MEMBER_UPLOAD_MAX_BYTES = 1_048_576;
/** The set-password link of an invitation (a reset_password code) works for 7 days. */
export const MEMBER_INVITE_CODE_TTL_SECONDS = 7 * 24 * 60 * 60;
export const MEMBER_UPLOAD_EXTENSIONS = ['csv', 'xls', 'xlsx'] as const;

/* ---- bounds on the accounts an organisation makes (issue 13 B8) ---- */

/** Most rows (members) one uploaded file may hold; a longer file is refused before any row is taken. */
export const MEMBER_UPLOAD_MAX_ROWS = 500;
/** Most new accounts (addresses without one) a group's member additions make in 24 hours. */
export const MEMBER_NEW_ACCOUNTS_PER_DAY = 200;

/* ---- the invited user's side, and leaving ---- */

/** A pending invitation as the invited user sees it: which organisation, who invited, the role and limit. */
export const MyInvitationSchema = z.object({
  id: z.number().int(),
  group: z.object({ id: z.number().int(), name: z.string() }),
  role: z.union([z.literal(2), z.literal(3)]),
  limit: z.number().int().nullable(),
  /** The owner's name, or their e-mail address when they gave no name. */
  invited_by: z.string(),
  invited_at: z.string(),
});
export type MyInvitation = z.infer<typeof MyInvitationSchema>;

/** GET /api/v1/invitations/: the caller's pending invitations, newest first. */
export const MyInvitationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ invitations: z.array(MyInvitationSchema) }),
});
export type MyInvitationsResponse = z.infer<typeof MyInvitationsResponseSchema>;

/** POST /api/v1/invitations/{id}/accept/ (the group joined) and …/decline/. */
export const InvitationAnswerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ group: z.object({ id: z.number().int(), name: z.string() }) }),
});
export type InvitationAnswerResponse = z.infer<typeof InvitationAnswerResponseSchema>;

export const INVITATION_MESSAGES = {
  accepted: 'You joined the organisation.',
  declined: 'The invitation was declined.',
  cancelled: 'The invitation was cancelled.',
  left: 'You left the organisation.',
} as const;

/**
 * Whether a member file's first row is its heading row: its second cell names the e-mail column, as the sample
 * file of each interface language does ("E-mail", "Correo electrónico", "E-post").
 */
export function isEmailHeading(cell: string): boolean {
  // an address is never a heading (e-mail.office@…, epost@…)
  return !cell.includes('@') && /^(e-?mail|correo|e-?post)/i.test(cell.trim());
}

/** Role names accepted in forms and files, case-insensitive; the client shows its own translations. */
export function parseMemberRole(value: string): 2 | 3 | null {
  const v = value.trim().toLowerCase();
  if (v === '' || v === '3' || v === 'student') return 3;
  if (v === '2' || v === 'teacher') return 2;
  return null;
}

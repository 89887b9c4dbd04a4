import { z } from 'zod';
import { AGREEMENT_VERSIONS } from './constants.ts';

/** Invite roles: 2 Teacher, 3 Student (the owner, role 1, is never invited by link). */
export const INVITE_ROLES = [2, 3] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
export const InviteRoleSchema = z.union([z.literal(2), z.literal(3)]);
export const INVITE_QUERY_PARAM = 'invite';

/** An invite token as it travels in links and forms (base64url of an HMAC). */
export const InviteTokenSchema = z
  .string()
  .trim()
  .min(20)
  .max(100)
  .regex(/^[\w-]+$/);

export const GroupInviteSchema = z.object({
  role: InviteRoleSchema,
  url: z.string(),
  token: z.string(),
  created_at: z.string(),
});
export type GroupInvite = z.infer<typeof GroupInviteSchema>;

/** GET /api/v1/groups/{id}/invites/ and POST …/{role}/rotate/ (owner only). */
export const GroupInvitesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ group_id: z.number().int(), invites: z.array(GroupInviteSchema) }),
});
export type GroupInvitesResponse = z.infer<typeof GroupInvitesResponseSchema>;

/** GET /api/v1/invites/{token}/ (public): which group and role a link is for. */
export const InviteInfoResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ group: z.object({ id: z.number().int(), name: z.string() }), role: InviteRoleSchema }),
});
export type InviteInfoResponse = z.infer<typeof InviteInfoResponseSchema>;

/** POST /api/v1/invites/{token}/accept/ (a logged-in user joins). */
export const InviteAcceptResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ group_id: z.number().int(), role: z.number().int(), joined: z.boolean() }),
});

/** moodle-plugin (2019-04-11): the PlagiarismCheck-compatible Moodle plugin's agreement (modules/lms-api). */
export const AGREEMENT_TYPES = ['terms', 'privacy', 'info', 'moodle-plugin'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];
export type AgreementVersion = (typeof AGREEMENT_VERSIONS)[number];
/** terms and privacy of 2018-05-24, recorded at sign-up; the sharing-info agreement of 2018-09-12. */
export const TERMS_VERSION: AgreementVersion = '2018-05-24';
export const INFO_VERSION: AgreementVersion = '2018-09-12';

export const AgreementResponseSchema = z.object({
  success: z.literal(true),
  /** Absent for an LMS client (issue 19): those take any message as an error. */
  message: z.string().optional(),
  data: z.object({ type: z.enum(AGREEMENT_TYPES), version: z.enum(AGREEMENT_VERSIONS), accepted_at: z.string() }),
});

/** A ticked checkbox as browsers and our client send it. */
export const CheckboxSchema = z.enum(['on', '1', 'true', '0', 'false', '']);
export function isTicked(value: string | undefined): boolean {
  return value === 'on' || value === '1' || value === 'true';
}

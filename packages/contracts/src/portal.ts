import { z } from 'zod';
import { FIELD_MAX } from './constants.ts';
import { CheckboxSchema } from './invites.ts';

/** The activity-report portal's role codes (commerce-and-cabinet.md §3). */
export const PORTAL_ROLES = [
  { code: 1, label: 'Student' },
  { code: 2, label: 'Educator' },
  { code: 3, label: 'Researcher' },
  { code: 4, label: 'Content writer' },
  { code: 5, label: 'Blogger' },
  { code: 6, label: 'Other' },
] as const;
export type PortalRoleCode = (typeof PORTAL_ROLES)[number]['code'];
export const PORTAL_NAME = 'integrito';
export const PORTAL_HOW_CAN_HELP_MAX = 1000;
export const PORTAL_SCHOOL_NAME_MAX = 100;

/** school_name is shown (and kept) for roles 1-3 only. */
export function portalRoleHasSchool(role: number): boolean {
  return role >= 1 && role <= 3;
}

/** POST /integrito/registration/ (form-encoded): the activity-tool sign-up payload of §3. */
export const PortalRegistrationFormSchema = z.object({
  /** Left out by a logged-in user: the session's account registers. */
  email: z.string().trim().min(1).max(FIELD_MAX.email).pipe(z.email()).optional(),
  role: z.coerce.number().int().min(1).max(6),
  school_name: z.string().trim().max(PORTAL_SCHOOL_NAME_MAX).optional(),
  how_can_help: z.string().trim().max(PORTAL_HOW_CAN_HELP_MAX).optional(),
  terms: CheckboxSchema.optional(),
  info: CheckboxSchema.optional(),
  'integrito-security-token': z.string().max(10000).optional(),
  'integrito-invite': z.string().trim().max(200).optional(),
  /** The portal page's query string (kept through login and sign-up). */
  query: z.string().max(1000).optional(),
  _csrf_token: z.string().max(200).optional(),
});

/** {success, redirect, message, url} of §7; on an existing e-mail success is false, redirect true, url the login. */
export const PortalRegistrationResponseSchema = z.object({
  success: z.boolean(),
  redirect: z.boolean(),
  message: z.string(),
  url: z.string().nullable(),
  /** Whether the portal should send the password-setting e-mail (a new account has no password yet). */
  needs_password: z.boolean().optional(),
});
export type PortalRegistrationResponse = z.infer<typeof PortalRegistrationResponseSchema>;

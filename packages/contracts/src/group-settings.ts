import { z } from 'zod';
import { ORGANISATION_NAME_MAX, ORGANISATION_NAME_TOO_LONG } from './api.ts';

/**
 * An organisation's settings and lifecycle (commerce-and-cabinet.md §2, §3 "Organisation/group", §4, §6; issue 17):
 * the owner's settings screen (GET/POST /api/v1/groups/{groupId}/settings/), a team made by an existing user
 * (POST /api/v1/groups/), its deletion (POST /api/v1/groups/{groupId}/delete/), and the site administrators'
 * list with disable and enable (/api/v1/admin/groups/).
 */

/** The organisation's description: at most 500 characters. */
export const GROUP_DESCRIPTION_MAX = 500;
/** A member maximum is a whole number from 1 to this (empty: no maximum). */
export const GROUP_MAX_MEMBERS_LIMIT = 100_000;
/** A site administrator's reason for disabling an organisation. */
export const GROUP_DISABLED_REASON_MAX = 500;

/** Balance types (check-tool.md §4): 1 one shared pool, 2 per-user limits, 3 a subscription (set by it, never here). */
export const GROUP_BALANCE_TYPES = { sharedPool: 1, perUser: 2, subscription: 3 } as const;

export const GROUP_SETTINGS_MESSAGES = {
  saved: 'The organisation settings are saved.',
  created: 'Your team is created. You are its administrator.',
  deleted:
    'The organisation is deleted. Its members now have individual accounts, and their checks are their own private checks.',
  disabled: 'The organisation is disabled: its members cannot check texts for it.',
  enabled: 'The organisation is enabled again.',
  nameRequired: 'This field is required',
  descriptionTooLong: `The description must be at most ${String(GROUP_DESCRIPTION_MAX)} characters.`,
  maxMembersInvalid: `The member maximum must be a whole number from 1 to ${String(GROUP_MAX_MEMBERS_LIMIT)}, or empty for no maximum.`,
  maxMembersBelowCount: 'The member maximum cannot be below the number of members the organisation has now',
  balanceTypeInvalid: 'Choose a shared page pool (1) or per-user limits (2).',
  confirmMismatch: 'Type the organisation’s name exactly as it is shown to confirm.',
} as const;

/** What the owner sees and sets. */
export const GroupSettingsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** 1 shared pool, 2 per-user limits, 3 a subscription (then read-only until it ends). */
  balance_type: z.number().int(),
  /** An active subscription sets the balance type: it cannot change until the subscription ends. */
  subscription_active: z.boolean(),
  /** "Lock new checks for students". */
  hide_new_check_for_student: z.boolean(),
  /** "Checks through the LMS only": the website's check form is locked for members. */
  website_checks_disabled: z.boolean(),
  /** On the organisation's account: checks go on when the pages run out (the balance goes below zero). */
  negative_balance_allowed: z.boolean(),
  /**
   * "Keep checked documents private to the organisation" (the inverse of share_checked_documents): documents
   * checked from then on join the organisation's own index, or everyone's; documents already in the index stay
   * where they are.
   */
  keep_documents_private: z.boolean(),
  authorship_check_allowed: z.boolean(),
  grammar_checker_enabled: z.boolean(),
  /** null: no maximum. */
  max_members: z.number().int().nullable(),
  member_count: z.number().int(),
  /** Pending invitations: each takes a place while it waits. */
  pending_invitations: z.number().int(),
  is_disabled: z.boolean(),
  created_at: z.string(),
});
export type GroupSettings = z.infer<typeof GroupSettingsSchema>;

export const GroupSettingsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ settings: GroupSettingsSchema }),
});
export type GroupSettingsResponse = z.infer<typeof GroupSettingsResponseSchema>;

/** A switch of a form: ticked ('1', 'on', 'true') or not ('0', 'off', 'false', ''). */
const FormSwitch = z
  .enum(['1', 'on', 'true', '0', 'off', 'false', ''])
  .transform((value) => value === '1' || value === 'on' || value === 'true');

/** POST /api/v1/groups/{groupId}/settings/ (form): every field optional, what is left out stays as it is. */
export const GroupSettingsFormSchema = z.object({
  name: z.string().max(1000).optional(),
  description: z.string().max(5000).optional(),
  balance_type: z.string().max(10).optional(),
  hide_new_check_for_student: FormSwitch.optional(),
  website_checks_disabled: FormSwitch.optional(),
  negative_balance_allowed: FormSwitch.optional(),
  keep_documents_private: FormSwitch.optional(),
  authorship_check_allowed: FormSwitch.optional(),
  grammar_checker_enabled: FormSwitch.optional(),
  /** '' = no maximum. */
  max_members: z.string().max(20).optional(),
  _csrf_token: z.string().max(200).optional(),
});
export type GroupSettingsForm = z.input<typeof GroupSettingsFormSchema>;

/** POST /api/v1/groups/ (form): a signed-in user makes a team and becomes its administrator (role 1). */
export const GroupCreateFormSchema = z.object({
  name: z.string().trim().max(ORGANISATION_NAME_MAX, ORGANISATION_NAME_TOO_LONG),
  description: z.string().max(5000).optional(),
  _csrf_token: z.string().max(200).optional(),
});

export const GroupCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ group: z.object({ id: z.number().int(), name: z.string() }) }),
});
export type GroupCreatedResponse = z.infer<typeof GroupCreatedResponseSchema>;

/** POST /api/v1/groups/{groupId}/delete/ (form): `confirm` is the organisation's name as typed by its owner. */
export const GroupDeleteFormSchema = z.object({
  confirm: z.string().max(1000).default(''),
  _csrf_token: z.string().max(200).optional(),
});

export const GroupDeletedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** Members moved to individual accounts (the owner included). */
    members: z.number().int(),
    /** Checks (documents and AI checks) that became their authors' private checks. */
    checks_moved: z.number().int(),
    /** Checks without an author (made with the organisation's token, or by a deleted account): deleted. */
    checks_deleted: z.number().int(),
    /** Pages and AI pages left on the organisation's balance: not transferred. */
    pages_lost: z.number().int(),
    ai_pages_lost: z.number().int(),
  }),
});
export type GroupDeletedResponse = z.infer<typeof GroupDeletedResponseSchema>;

/* ---------------- site administrators ---------------- */

export const AdminGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner_email: z.string().nullable(),
  member_count: z.number().int(),
  max_members: z.number().int().nullable(),
  balance: z.number().int(),
  ai_balance: z.number().int(),
  balance_type: z.number().int(),
  is_disabled: z.boolean(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string(),
  created_at: z.string(),
});
export type AdminGroup = z.infer<typeof AdminGroupSchema>;

export const AdminGroupsQuerySchema = z.object({
  /** Part of the name, the owner's e-mail, or the id. */
  q: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminGroupsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    groups: z.array(AdminGroupSchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});
export type AdminGroupsResponse = z.infer<typeof AdminGroupsResponseSchema>;

export const AdminGroupParamsSchema = z.object({ groupId: z.coerce.number().int().positive().max(2_147_483_647) });

export const AdminGroupDisableFormSchema = z.object({
  reason: z.string().trim().max(GROUP_DISABLED_REASON_MAX).optional(),
  _csrf_token: z.string().max(200).optional(),
});

export const AdminGroupResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ group: AdminGroupSchema }),
});
export type AdminGroupResponse = z.infer<typeof AdminGroupResponseSchema>;

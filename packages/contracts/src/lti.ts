import { z } from 'zod';

/*
 * The LTI 1.3 tool's cabinet side (issue 19, part 2): the platforms an organisation's owner registers on
 * /profile/integrations/ and the tool URLs shown there for copying. GET /profile/integrations/ answers with them
 * (check-tool.md §7); POST /api/v1/lti/platforms/ (create), /api/v1/lti/platforms/{id}/ (edit),
 * /api/v1/lti/platforms/{id}/delete/ and /api/v1/lti/platforms/{id}/sync-roster/ change them (form + CSRF).
 */

export const LTI_FIELD_MAX = { name: 100, issuer: 500, clientId: 255, url: 500, deploymentIds: 5000 } as const;
export const LTI_MAX_DEPLOYMENTS = 50;

/** The platform form as the client posts it (form-encoded); deployment_ids: one per line (or comma-separated). */
export const LtiPlatformFormSchema = z.object({
  name: z.string().trim().max(LTI_FIELD_MAX.name).default(''),
  issuer: z.string().trim().min(1).max(LTI_FIELD_MAX.issuer),
  client_id: z.string().trim().min(1).max(LTI_FIELD_MAX.clientId),
  auth_url: z.string().trim().min(1).max(LTI_FIELD_MAX.url),
  token_url: z.string().trim().min(1).max(LTI_FIELD_MAX.url),
  jwks_url: z.string().trim().min(1).max(LTI_FIELD_MAX.url),
  deployment_ids: z.string().max(LTI_FIELD_MAX.deploymentIds),
  _csrf_token: z.string().max(200).optional(),
});
export type LtiPlatformForm = z.infer<typeof LtiPlatformFormSchema>;

/** The deployment ids of the form's text: split on new lines, commas and spaces; empty ones dropped. */
export function splitDeploymentIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
}

export const LtiRosterStatusSchema = z.enum(['never', 'queued', 'done', 'failed']);

export const LtiContextSchema = z.object({
  id: z.number().int(),
  context_id: z.string(),
  title: z.string(),
  has_roster_service: z.boolean(),
  roster_status: LtiRosterStatusSchema,
  roster_synced_at: z.string().nullable(),
  roster_members: z.number().int().nullable(),
  roster_error: z.string().nullable(),
});
export type LtiContext = z.infer<typeof LtiContextSchema>;

export const LtiPlatformSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  group_name: z.string(),
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  auth_url: z.string(),
  token_url: z.string(),
  jwks_url: z.string(),
  deployment_ids: z.array(z.string()),
  contexts: z.array(LtiContextSchema),
});
export type LtiPlatform = z.infer<typeof LtiPlatformSchema>;

/** The URLs a platform's administrator copies into Moodle, Canvas or Brightspace. */
export const LtiToolUrlsSchema = z.object({
  login_url: z.string(),
  launch_url: z.string(),
  deep_linking_url: z.string(),
  jwks_url: z.string(),
  config_url: z.string(),
});
export type LtiToolUrls = z.infer<typeof LtiToolUrlsSchema>;

export const IntegrationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    lti: z.object({
      tool: LtiToolUrlsSchema,
      /** The organisations the caller owns: where a platform may be registered. */
      groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
      platforms: z.array(LtiPlatformSchema),
    }),
  }),
});
export type IntegrationsResponse = z.infer<typeof IntegrationsResponseSchema>;

export const LtiPlatformResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number().int() }),
});
export const LtiRosterSyncResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ queued: z.number().int() }),
});

/**
 * The response schemas of the integrations page's calls, loaded on demand with the first of them (integrations.ts),
 * as organisationSchemas.ts is for the organisation settings.
 */
export {
  IntegrationsResponseSchema,
  LtiPlatformResponseSchema,
  LtiRosterSyncResponseSchema,
} from '@veritext/contracts';

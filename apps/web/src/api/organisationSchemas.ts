/**
 * The response schemas of the organisation settings, team and site-administrator calls, loaded on demand with the
 * first of their calls (organisation.ts), as schemas.ts is for the other calls.
 */
export {
  AdminGroupResponseSchema,
  AdminGroupsResponseSchema,
  GroupCreatedResponseSchema,
  GroupDeletedResponseSchema,
  GroupSettingsResponseSchema,
} from '@veritext/contracts';

import {
  IntegrationsResponseSchema,
  LTI_MAX_DEPLOYMENTS,
  LtiPlatformFormSchema,
  LtiPlatformResponseSchema,
  LtiRosterSyncResponseSchema,
  splitDeploymentIds,
  type LtiPlatformForm,
} from '@veritext/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { QueueStatus } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findMembershipsOfUser, type UserRecord } from '../auth/users.repository.ts';
import { ltiRosterJob } from './lti.jobs.ts';
import {
  deletePlatform,
  findPlatform,
  findPlatformsByIssuer,
  insertPlatform,
  listContextsOfPlatforms,
  listPlatformsOfGroups,
  setRosterStatus,
  updatePlatform,
  type PlatformInput,
  type PlatformRecord,
} from './lti.repository.ts';
import { toolUrls } from './lti.routes.ts';

export type LtiPlatformsRoutesOptions = {
  db: Database;
  queue: QueueStatus;
  publicUrl: string;
  /** Plain http:// platform URLs on this machine (development, tests); https:// only otherwise. */
  allowLoopbackHttp: boolean;
};

const OWNER = 1;
const PlatformIdParams = z.object({ platformId: z.coerce.number().int().positive().max(2_147_483_647) });
const CsrfOnly = z.object({ _csrf_token: z.string().max(200).optional() });
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The integrations page's LTI side (session + CSRF like the other cabinet routes): GET /profile/integrations/
 * (check-tool.md §7) and the platform registrations of the organisations the caller owns. Every change needs the
 * owner (role 1) of the platform's organisation; anyone else gets 404 for a platform that exists elsewhere.
 */
export const ltiPlatformsRoutes: FastifyPluginAsyncZod<LtiPlatformsRoutesOptions> = async (api, options) => {
  const { db } = options;

  function personOf(request: FastifyRequest): UserRecord {
    const user = request.auth.user;
    if (user === null) throw new AppError(request.auth.group === null ? 'unauthorized' : 'forbidden');
    if (user.is_guest) throw new AppError('forbidden');
    return user;
  }

  async function ownedGroups(user: UserRecord) {
    return (await findMembershipsOfUser(db, user.id)).filter((group) => group.role === OWNER);
  }

  /** The platform, when the caller owns its organisation; 404 otherwise (it does not exist for them). */
  async function ownedPlatform(user: UserRecord, platformId: number): Promise<PlatformRecord> {
    const platform = await findPlatform(db, platformId);
    if (platform === null) throw new AppError('not_found');
    if (!(await ownedGroups(user)).some((group) => group.id === platform.group_id)) throw new AppError('not_found');
    return platform;
  }

  function url(field: string, value: string): string {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new AppError('validation_failed', { fields: { [field]: 'not a URL' } });
    }
    const isLoopbackHttp = parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname);
    if (parsed.protocol !== 'https:' && !(isLoopbackHttp && options.allowLoopbackHttp)) {
      throw new AppError('validation_failed', { fields: { [field]: 'must be an https:// URL' } });
    }
    return parsed.href;
  }

  async function inputOf(form: LtiPlatformForm, exceptId: number | null): Promise<PlatformInput> {
    const deploymentIds = splitDeploymentIds(form.deployment_ids);
    if (deploymentIds.length === 0 || deploymentIds.length > LTI_MAX_DEPLOYMENTS) {
      throw new AppError('validation_failed', {
        fields: { deployment_ids: `1 to ${String(LTI_MAX_DEPLOYMENTS)} ids` },
      });
    }
    if (deploymentIds.some((id) => id.length > 255)) {
      throw new AppError('validation_failed', { fields: { deployment_ids: 'an id is longer than 255 characters' } });
    }
    const input = {
      name: form.name,
      issuer: form.issuer,
      clientId: form.client_id,
      authUrl: url('auth_url', form.auth_url),
      tokenUrl: url('token_url', form.token_url),
      jwksUrl: url('jwks_url', form.jwks_url),
      deploymentIds,
    };
    const taken = await findPlatformsByIssuer(db, input.issuer, input.clientId);
    if (taken.some((platform) => platform.id !== exceptId)) {
      throw new AppError('validation_failed', {
        fields: { client_id: 'this issuer and client id are registered already' },
      });
    }
    return input;
  }

  api.get(
    '/profile/integrations/',
    {
      schema: {
        tags: ['integrations'],
        summary: "The caller's integrations: the LTI platforms of the organisations they own and the tool's URLs",
        response: { 200: IntegrationsResponseSchema },
      },
    },
    async (request, reply) => {
      // the same address is the cabinet page: a browser asking for a page gets the client
      if ((request.headers.accept ?? '').includes('text/html') && request.headers['x-api-token'] === undefined) {
        return reply.callNotFound();
      }
      const user = personOf(request);
      const groups = await ownedGroups(user);
      const platforms = await listPlatformsOfGroups(
        db,
        groups.map((group) => group.id),
      );
      const contexts = await listContextsOfPlatforms(
        db,
        platforms.map((platform) => platform.id),
      );
      const names = new Map(groups.map((group) => [group.id, group.name]));
      return {
        success: true as const,
        data: {
          lti: {
            tool: toolUrls(options.publicUrl),
            groups: groups.map((group) => ({ id: group.id, name: group.name })),
            platforms: platforms.map((platform) => ({
              id: platform.id,
              group_id: platform.group_id,
              group_name: names.get(platform.group_id) ?? '',
              name: platform.name,
              issuer: platform.issuer,
              client_id: platform.client_id,
              auth_url: platform.auth_url,
              token_url: platform.token_url,
              jwks_url: platform.jwks_url,
              deployment_ids: platform.deployment_ids,
              contexts: contexts
                .filter((context) => context.platform_id === platform.id)
                .map((context) => ({
                  id: context.id,
                  context_id: context.context_id,
                  title: context.title,
                  has_roster_service: context.memberships_url !== null,
                  roster_status: context.roster_status,
                  roster_synced_at: context.roster_synced_at?.toISOString() ?? null,
                  roster_members: context.roster_members,
                  roster_error: context.roster_error,
                })),
            })),
          },
        },
      };
    },
  );

  api.post(
    '/api/v1/lti/platforms/',
    {
      config: { form: true },
      schema: {
        tags: ['integrations'],
        summary: "Registers an LTI 1.3 platform for an organisation (its owner's)",
        consumes: ['application/x-www-form-urlencoded'],
        body: LtiPlatformFormSchema.extend({ group_id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: LtiPlatformResponseSchema },
      },
    },
    async (request) => {
      const user = personOf(request);
      const groupId = request.body.group_id;
      const membership = (await findMembershipsOfUser(db, user.id)).find((group) => group.id === groupId);
      if (membership === undefined) throw new AppError('forbidden', { fields: { group_id: 'not a member' } });
      if (membership.role !== OWNER) throw new AppError('forbidden', { fields: { group_id: 'not the owner' } });
      const input = await inputOf(request.body, null);
      const id = await db.transaction((tx) => insertPlatform(tx, groupId, user.id, input));
      return { success: true as const, data: { id } };
    },
  );

  api.post(
    '/api/v1/lti/platforms/:platformId/',
    {
      config: { form: true },
      schema: {
        tags: ['integrations'],
        summary: 'Changes a registered LTI platform',
        consumes: ['application/x-www-form-urlencoded'],
        params: PlatformIdParams,
        body: LtiPlatformFormSchema,
        response: { 200: LtiPlatformResponseSchema },
      },
    },
    async (request) => {
      const platform = await ownedPlatform(personOf(request), request.params.platformId);
      const input = await inputOf(request.body, platform.id);
      await db.transaction((tx) => updatePlatform(tx, platform.id, input));
      return { success: true as const, data: { id: platform.id } };
    },
  );

  api.post(
    '/api/v1/lti/platforms/:platformId/delete/',
    {
      config: { form: true },
      schema: {
        tags: ['integrations'],
        summary: 'Removes an LTI platform (its launches stop; members and checks stay in the organisation)',
        consumes: ['application/x-www-form-urlencoded'],
        params: PlatformIdParams,
        body: CsrfOnly,
        response: { 200: LtiPlatformResponseSchema },
      },
    },
    async (request) => {
      const platform = await ownedPlatform(personOf(request), request.params.platformId);
      await deletePlatform(db, platform.id);
      return { success: true as const, data: { id: platform.id } };
    },
  );

  api.post(
    '/api/v1/lti/platforms/:platformId/sync-roster/',
    {
      config: { form: true },
      schema: {
        tags: ['integrations'],
        summary: "Syncs the rosters of the platform's courses (NRPS) into the organisation, as jobs",
        consumes: ['application/x-www-form-urlencoded'],
        params: PlatformIdParams,
        body: CsrfOnly,
        response: { 200: LtiRosterSyncResponseSchema },
      },
    },
    async (request) => {
      const platform = await ownedPlatform(personOf(request), request.params.platformId);
      const contexts = (await listContextsOfPlatforms(db, [platform.id])).filter(
        (context) => context.memberships_url !== null,
      );
      for (const context of contexts) {
        await setRosterStatus(db, context.id, { status: 'queued' });
        await options.queue.send(
          ltiRosterJob,
          { contextId: context.id },
          { singletonKey: `lti-roster-${String(context.id)}` },
        );
      }
      return { success: true as const, data: { queued: contexts.length } };
    },
  );
};

import { GroupInvitesResponseSchema, InviteAcceptResponseSchema, InviteInfoResponseSchema } from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/auth-context.ts';
import { acceptInvite, findInvite, getGroupInvites, rotateGroupInvite } from './invites.service.ts';

export type InvitesRoutesOptions = {
  db: Database;
  appSecret: string;
  /** PUBLIC_URL; null: the request's own origin. */
  publicUrl: string | null;
};

const GroupParams = z.object({ id: z.coerce.number().int().positive() });
const TokenParams = z.object({ token: z.string().max(200) });
const CsrfForm = z.object({ _csrf_token: z.string().max(200).optional() });

/** Organisation registration links: one per role (Teacher, Student), managed by the owner. */
export const invitesRoutes: FastifyPluginAsyncZod<InvitesRoutesOptions> = async (api, { db, appSecret, publicUrl }) => {
  const originOf = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

  api.get(
    '/api/v1/groups/:id/invites/',
    {
      schema: {
        tags: ['groups'],
        summary: 'The registration links of a group, one per role (owner only; made on first ask)',
        params: GroupParams,
        response: { 200: GroupInvitesResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const invites = await getGroupInvites(db, {
        appSecret,
        origin: originOf(request),
        groupId: request.params.id,
        user: requireUser(request),
      });
      return { success: true as const, data: { group_id: request.params.id, invites } };
    },
  );

  api.post(
    '/api/v1/groups/:id/invites/:role/rotate/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary: 'Replace the registration link of a role (2 Teacher, 3 Student); the old link stops working',
        params: GroupParams.extend({ role: z.coerce.number().pipe(z.union([z.literal(2), z.literal(3)])) }),
        body: CsrfForm,
        response: { 200: GroupInvitesResponseSchema },
      },
    },
    async (request) => {
      const invites = await rotateGroupInvite(db, {
        appSecret,
        origin: originOf(request),
        groupId: request.params.id,
        role: request.params.role,
        user: requireUser(request),
      });
      return { success: true as const, data: { group_id: request.params.id, invites } };
    },
  );

  api.get(
    '/api/v1/invites/:token/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Which group and role a registration link is for (public); 404 when revoked or unknown',
        security: [],
        params: TokenParams,
        response: { 200: InviteInfoResponseSchema },
      },
    },
    async (request) => {
      const invite = await findInvite(db, request.params.token);
      return {
        success: true as const,
        data: { group: { id: invite.group_id, name: invite.group_name }, role: invite.role },
      };
    },
  );

  api.post(
    '/api/v1/invites/:token/accept/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary: 'Join the group of a registration link as the logged-in user',
        params: TokenParams,
        body: CsrfForm,
        response: { 200: InviteAcceptResponseSchema },
      },
    },
    async (request) => {
      const result = await acceptInvite(db, request.params.token, requireUser(request));
      return {
        success: true as const,
        message: result.joined ? 'You have joined the organisation' : 'You are already a member of this organisation',
        data: { group_id: result.groupId, role: result.role, joined: result.joined },
      };
    },
  );
};

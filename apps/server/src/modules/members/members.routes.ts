import {
  INVITATION_MESSAGES,
  MEMBER_MESSAGES,
  MemberAddFormSchema,
  MemberInvitedResponseSchema,
  MemberRemovedResponseSchema,
  MemberResponseSchema,
  MembersResponseSchema,
  MemberUpdateFormSchema,
  MemberUploadResponseSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth-context.ts';
import { cancelInvitation } from '../invitations/invitations.service.ts';
import {
  addMember,
  changeMember,
  getMembers,
  removeMember,
  requireGroupOwner,
  uploadMembers,
  type MembersDeps,
} from './members.service.ts';

const GroupParams = z.object({ groupId: z.coerce.number().int().positive().max(2_147_483_647) });
const MemberParams = GroupParams.extend({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
const InvitationParams = GroupParams.extend({
  invitationId: z.coerce.number().int().positive().max(2_147_483_647),
});
const CsrfForm = z.object({ _csrf_token: z.string().max(200).optional() });

/**
 * Organisation members (commerce-and-cabinet.md §2, §3, §5): the owner (role 1) of a group lists, adds,
 * changes, removes and uploads its members. Anyone else: 403; an unknown group: 404.
 */
export const membersRoutes: FastifyPluginAsyncZod<MembersDeps> = async (api, deps) => {
  const { db } = deps;

  api.get(
    '/api/v1/groups/:groupId/members/',
    {
      schema: {
        tags: ['groups'],
        summary:
          'The members of a group with their role, page limit and pages used, and its pending invitations (owner only)',
        params: GroupParams,
        response: { 200: MembersResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const data = await getMembers(db, request.params.groupId, requireUser(request));
      return { success: true as const, data };
    },
  );

  api.post(
    '/api/v1/groups/:groupId/members/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary:
          'Invite a member by e-mail: the user joins by accepting (a new address gets an account and a set-password link); the answer is the same whether or not the address has an account',
        params: GroupParams,
        body: MemberAddFormSchema,
        response: { 200: MemberInvitedResponseSchema },
      },
    },
    async (request) => {
      const ctx = await requireGroupOwner(db, request.params.groupId, requireUser(request));
      const invitation = await addMember(deps, ctx, request.body);
      return { success: true as const, message: MEMBER_MESSAGES.invited, data: { invitation } };
    },
  );

  api.post(
    '/api/v1/groups/:groupId/members/upload/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary:
          'Invite the members of a csv, xls or xlsx file (Name, E-mail, Limit, Role; at most 1 MiB), each row on its own',
        consumes: ['multipart/form-data'],
        params: GroupParams,
        body: CsrfForm,
        response: { 200: MemberUploadResponseSchema },
      },
    },
    async (request) => {
      const ctx = await requireGroupOwner(db, request.params.groupId, requireUser(request));
      const upload = request.uploads.find((file) => file.fieldName === 'file');
      const result = await uploadMembers(deps, ctx, upload);
      return {
        success: true as const,
        message: `${String(result.added)} of ${String(result.total)} rows invited.`,
        data: result,
      };
    },
  );

  api.post(
    '/api/v1/groups/:groupId/members/:userId/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary: 'Change a member’s page limit (empty: none) and role (the administrator’s role stays)',
        params: MemberParams,
        body: MemberUpdateFormSchema,
        response: { 200: MemberResponseSchema },
      },
    },
    async (request) => {
      const ctx = await requireGroupOwner(db, request.params.groupId, requireUser(request));
      const member = await changeMember(db, ctx, request.params.userId, request.body);
      return { success: true as const, message: MEMBER_MESSAGES.saved, data: { member } };
    },
  );

  api.post(
    '/api/v1/groups/:groupId/members/:userId/delete/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary: 'Remove a member from the group (they keep their own account; their checks stay with the group)',
        params: MemberParams,
        body: CsrfForm,
        response: { 200: MemberRemovedResponseSchema },
      },
    },
    async (request) => {
      const ctx = await requireGroupOwner(db, request.params.groupId, requireUser(request));
      await removeMember(db, ctx, request.params.userId);
      return { success: true as const, message: MEMBER_MESSAGES.removed };
    },
  );

  api.post(
    '/api/v1/groups/:groupId/invitations/:invitationId/cancel/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary: 'Cancel a pending invitation of the group (owner only)',
        params: InvitationParams,
        body: CsrfForm,
        response: { 200: MemberRemovedResponseSchema },
      },
    },
    async (request) => {
      const ctx = await requireGroupOwner(db, request.params.groupId, requireUser(request));
      await cancelInvitation(db, ctx.groupId, request.params.invitationId);
      return { success: true as const, message: INVITATION_MESSAGES.cancelled };
    },
  );
};

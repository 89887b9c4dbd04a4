import {
  MEMBER_MESSAGES,
  MemberAddFormSchema,
  MemberRemovedResponseSchema,
  MemberResponseSchema,
  MembersResponseSchema,
  MemberUpdateFormSchema,
  MemberUploadResponseSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth-context.ts';
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
        summary: 'The members of a group with their role, page limit and pages used (owner only)',
        params: GroupParams,
        response: { 200: MembersResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const members = await getMembers(db, request.params.groupId, requireUser(request));
      return { success: true as const, data: { members } };
    },
  );

  api.post(
    '/api/v1/groups/:groupId/members/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary:
          'Add a member by e-mail (an existing account joins; a new address gets an account and a set-password invitation)',
        params: GroupParams,
        body: MemberAddFormSchema,
        response: { 200: MemberResponseSchema },
      },
    },
    async (request) => {
      const ctx = await requireGroupOwner(db, request.params.groupId, requireUser(request));
      const { member } = await addMember(deps, ctx, request.body);
      return { success: true as const, message: MEMBER_MESSAGES.added, data: { member } };
    },
  );

  api.post(
    '/api/v1/groups/:groupId/members/upload/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary:
          'Add the members of a csv, xls or xlsx file (Name, E-mail, Limit, Role; at most 1 MiB), each row on its own',
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
        message: `${String(result.added)} of ${String(result.total)} rows added.`,
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
};

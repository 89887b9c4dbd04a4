import { INVITATION_MESSAGES } from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findMembershipsOfUser } from '../auth/users.repository.ts';
import { leaveGroup } from '../invitations/invitations.service.ts';
import { findAccountOfGroup } from '../ledger/ledger.repository.ts';

const GroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  balance_type: z.number().int(),
  group_balance: z.object({ balance: z.number().int(), bonus: z.number().int(), ai_balance: z.number().int() }),
  current_user_role: z.number().int(),
  created_by_user: z.boolean(),
  hide_new_check_for_student: z.boolean(),
  /** Checks through the LMS only: the website's check form is locked for its members (the settings screen). */
  website_checks_disabled: z.boolean(),
  /** Disabled by a site administrator: nobody checks for it. */
  is_disabled: z.boolean(),
  /** The group's API token (it acts for the group): only for its owner/administrator, role 1 (check-tool.md §6). */
  api_token: z.string().optional(),
});

const GROUP_OWNER_ROLE = 1;

export const groupsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.get(
    '/api/v1/groups/list/',
    {
      schema: {
        tags: ['groups'],
        summary: 'The groups the caller belongs to, with their balances and the caller’s role',
        response: { 200: z.object({ success: z.literal(true), data: z.object({ groups: z.array(GroupSchema) }) }) },
      },
    },
    async (request) => {
      const user = request.auth.user;
      if (user === null) throw new AppError(request.auth.group === null ? 'unauthorized' : 'forbidden');
      const memberships = await findMembershipsOfUser(db, user.id);
      const groups = await Promise.all(
        memberships.map(async (group) => {
          const account = await findAccountOfGroup(db, group.id);
          return {
            id: group.id,
            name: group.name,
            balance_type: group.balance_type,
            group_balance: {
              balance: account?.balance ?? 0,
              bonus: account?.bonus ?? 0,
              ai_balance: account?.ai_balance ?? 0,
            },
            current_user_role: group.role,
            created_by_user: group.created_by_user_id === user.id,
            hide_new_check_for_student: group.hide_new_check_for_student,
            website_checks_disabled: group.website_checks_disabled,
            is_disabled: group.is_disabled,
            ...(group.role === GROUP_OWNER_ROLE ? { api_token: group.api_token } : {}),
          };
        }),
      );
      return { success: true as const, data: { groups } };
    },
  );

  api.post(
    '/api/v1/groups/:groupId/leave/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary:
          'Leave an organisation (its checks stay with it; the administrator cannot leave without handing it over)',
        params: z.object({ groupId: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: z.object({ _csrf_token: z.string().max(200).optional() }),
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (request) => {
      const user = request.auth.user;
      if (user === null) throw new AppError(request.auth.group === null ? 'unauthorized' : 'forbidden');
      await leaveGroup(db, user, request.params.groupId);
      return { success: true as const, message: INVITATION_MESSAGES.left };
    },
  );
};

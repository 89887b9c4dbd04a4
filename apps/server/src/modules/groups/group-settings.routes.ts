import {
  GROUP_SETTINGS_MESSAGES,
  GroupCreatedResponseSchema,
  GroupCreateFormSchema,
  GroupDeletedResponseSchema,
  GroupDeleteFormSchema,
  GroupSettingsFormSchema,
  GroupSettingsResponseSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/auth-context.ts';
import { createTeam, deleteTeam, getGroupSettings, updateGroupSettingsOf } from './group-settings.service.ts';

const GroupParams = z.object({ groupId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * An organisation's settings (its owner, role 1), a team made by a signed-in user, and its deletion (issue 17;
 * commerce-and-cabinet.md §2, §4, §6). The rules are in group-settings.service.ts.
 */
export const groupSettingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.get(
    '/api/v1/groups/:groupId/settings/',
    {
      schema: {
        tags: ['groups'],
        summary: 'The organisation’s settings, member count and maximum (owner only)',
        params: GroupParams,
        response: { 200: GroupSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const settings = await getGroupSettings(db, request.params.groupId, requireUser(request));
      return { success: true as const, data: { settings } };
    },
  );

  api.post(
    '/api/v1/groups/:groupId/settings/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary:
          'Change the organisation’s settings (owner only): name, description, balance type 1 or 2 (not while a subscription is active), lock new checks for students, checks through the LMS only, negative balance, keep checked documents private (for documents checked from then on), authorship check, grammar checker, member maximum (not below the members it has); a field left out keeps its value',
        params: GroupParams,
        body: GroupSettingsFormSchema,
        response: { 200: GroupSettingsResponseSchema },
      },
    },
    async (request) => {
      const settings = await updateGroupSettingsOf(db, request.params.groupId, requireUser(request), request.body);
      return { success: true as const, message: GROUP_SETTINGS_MESSAGES.saved, data: { settings } };
    },
  );

  api.post(
    '/api/v1/groups/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary:
          'Create a team: the signed-in user (not a guest) becomes its administrator (role 1); it gets its account (no sign-up bonus) and API token',
        body: GroupCreateFormSchema,
        response: { 200: GroupCreatedResponseSchema },
      },
    },
    async (request) => {
      const group = await createTeam(db, requireUser(request), request.body);
      return { success: true as const, message: GROUP_SETTINGS_MESSAGES.created, data: { group } };
    },
  );

  api.post(
    '/api/v1/groups/:groupId/delete/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary:
          'Delete the organisation (owner only; confirm = its name): members keep individual accounts, their checks become their own private checks, the balance is not transferred; refused while a subscription renews or a check runs',
        params: GroupParams,
        body: GroupDeleteFormSchema,
        response: { 200: GroupDeletedResponseSchema },
      },
    },
    async (request) => {
      const data = await deleteTeam(db, request.params.groupId, requireUser(request), request.body.confirm);
      return { success: true as const, message: GROUP_SETTINGS_MESSAGES.deleted, data };
    },
  );
};

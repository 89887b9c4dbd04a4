import {
  AdminGroupDisableFormSchema,
  AdminGroupParamsSchema,
  AdminGroupResponseSchema,
  AdminGroupsQuerySchema,
  AdminGroupsResponseSchema,
  GROUP_SETTINGS_MESSAGES,
} from '@veritext/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { listGroupsForAdmin, setGroupDisabledByAdmin } from './groups-admin.service.ts';

/** Site administrators only (users.is_admin): no caller is 401, anyone else 403. */
async function requireAdmin(request: FastifyRequest): Promise<void> {
  const { user, group } = request.auth;
  if (user === null && group === null) throw new AppError('unauthorized');
  if (user?.is_admin !== true) throw new AppError('forbidden', { message: 'Administrators only.' });
}

const CsrfForm = z.object({ _csrf_token: z.string().max(200).optional() });

/** The organisations as a site administrator manages them (/admin/organisations). */
export const groupsAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.addHook('onRequest', requireAdmin);

  api.get(
    '/api/v1/admin/groups/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Organisations (site administrators): search by name, owner’s e-mail or id; newest first',
        querystring: AdminGroupsQuerySchema,
        response: { 200: AdminGroupsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { q, page, per_page } = request.query;
      const found = await listGroupsForAdmin(db, { q, page, perPage: per_page });
      return { success: true as const, data: { ...found, page, per_page } };
    },
  );

  api.post(
    '/api/v1/admin/groups/:groupId/disable/',
    {
      config: { form: true },
      schema: {
        tags: ['admin'],
        summary:
          'Disable an organisation (site administrators): its members and its token cannot check for it, its links stop',
        params: AdminGroupParamsSchema,
        body: AdminGroupDisableFormSchema,
        response: { 200: AdminGroupResponseSchema },
      },
    },
    async (request) => {
      const group = await setGroupDisabledByAdmin(db, request.params.groupId, { reason: request.body.reason ?? '' });
      request.log.info({ groupId: group.id, adminId: request.auth.user?.id }, 'organisation disabled');
      return { success: true as const, message: GROUP_SETTINGS_MESSAGES.disabled, data: { group } };
    },
  );

  api.post(
    '/api/v1/admin/groups/:groupId/enable/',
    {
      config: { form: true },
      schema: {
        tags: ['admin'],
        summary: 'Enable a disabled organisation again (site administrators)',
        params: AdminGroupParamsSchema,
        body: CsrfForm,
        response: { 200: AdminGroupResponseSchema },
      },
    },
    async (request) => {
      const group = await setGroupDisabledByAdmin(db, request.params.groupId, null);
      request.log.info({ groupId: group.id, adminId: request.auth.user?.id }, 'organisation enabled');
      return { success: true as const, message: GROUP_SETTINGS_MESSAGES.enabled, data: { group } };
    },
  );
};

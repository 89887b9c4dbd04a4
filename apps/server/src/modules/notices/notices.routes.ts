import { NoticesResponseSchema, NotifyAdminFormSchema, NotifyAdminResponseSchema } from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth-context.ts';
import { noticesOf, notifyAdmin, readNotice, type NoticesDeps } from './notices.service.ts';

const MAX_ID = 2_147_483_647;
const GroupParams = z.object({ groupId: z.coerce.number().int().positive().max(MAX_ID) });
const IdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
const OkSchema = z.object({ success: z.literal(true) });

/** A member's request to the organisation's owner (the notify modal), and the notices of the caller's cabinet. */
export const noticesRoutes: FastifyPluginAsyncZod<NoticesDeps> = async (api, deps) => {
  api.post(
    '/api/v1/groups/:groupId/notify-admin/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary:
          "Asks the organisation's owner for pages, AI pages or an upgrade (an e-mail and a notice); members who are not its owner; once an hour per request",
        params: GroupParams,
        body: NotifyAdminFormSchema,
        response: { 200: NotifyAdminResponseSchema },
      },
    },
    async (request) => {
      const { message } = await notifyAdmin(deps, requireUser(request), request.params.groupId, request.body.reason);
      return { success: true as const, message };
    },
  );

  api.get(
    '/api/v1/notices/',
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's notices (members' requests to an owner), newest first, and how many are unread",
        response: { 200: NoticesResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: await noticesOf(deps.db, requireUser(request)) };
    },
  );

  api.post(
    '/api/v1/notices/:id/read/',
    {
      config: { form: true },
      schema: {
        tags: ['profile'],
        summary: 'Marks one of the caller’s notices read',
        params: IdParams,
        body: z.object({ _csrf_token: z.string().max(200).optional() }),
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await readNotice(deps.db, requireUser(request), request.params.id);
      return { success: true as const };
    },
  );
};

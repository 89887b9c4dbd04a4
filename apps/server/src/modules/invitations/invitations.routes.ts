import { INVITATION_MESSAGES, InvitationAnswerResponseSchema, MyInvitationsResponseSchema } from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import { acceptInvitation, declineInvitation, myInvitations } from './invitations.service.ts';

const InvitationParams = z.object({ invitationId: z.coerce.number().int().positive().max(2_147_483_647) });
const CsrfForm = z.object({ _csrf_token: z.string().max(200).optional() });

/** A signed-in user's own invitations: a group's token has none (403), no caller at all is 401. */
function invitedUser(request: FastifyRequest): UserRecord {
  const user = request.auth.user;
  if (user === null) throw new AppError(request.auth.group === null ? 'unauthorized' : 'forbidden');
  return user;
}

/** The invited user's side of organisation invitations (modules/invitations). */
export const invitationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.get(
    '/api/v1/invitations/',
    {
      schema: {
        tags: ['groups'],
        summary: 'The caller’s pending invitations to organisations',
        response: { 200: MyInvitationsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const invitations = await myInvitations(db, invitedUser(request));
      return { success: true as const, data: { invitations } };
    },
  );

  api.post(
    '/api/v1/invitations/:invitationId/accept/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary: 'Accept an invitation: join the organisation with the role and page limit its owner set',
        params: InvitationParams,
        body: CsrfForm,
        response: { 200: InvitationAnswerResponseSchema },
      },
    },
    async (request) => {
      const data = await acceptInvitation(db, invitedUser(request), request.params.invitationId);
      return { success: true as const, message: INVITATION_MESSAGES.accepted, data };
    },
  );

  api.post(
    '/api/v1/invitations/:invitationId/decline/',
    {
      config: { form: true },
      schema: {
        tags: ['groups'],
        summary: 'Decline an invitation to an organisation',
        params: InvitationParams,
        body: CsrfForm,
        response: { 200: InvitationAnswerResponseSchema },
      },
    },
    async (request) => {
      const data = await declineInvitation(db, invitedUser(request), request.params.invitationId);
      return { success: true as const, message: INVITATION_MESSAGES.declined, data };
    },
  );
};

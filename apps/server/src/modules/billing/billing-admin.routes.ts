import {
  AdminTransactionsQuerySchema,
  LedgerAdminActionFormSchema,
  LedgerAdminActionResponseSchema,
  LedgerEntryParamsSchema,
  TransactionsResponseSchema,
  type LedgerAdminAction,
} from '@veritext/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findUserByEmail, type UserRecord } from '../auth/users.repository.ts';
import { CORRECTION_MESSAGES, correctLedger } from './ledger-admin.service.ts';
import { ledgerPage } from './transactions.service.ts';

/** Site administrators only (users.is_admin): no caller is 401, anyone else 403. */
async function requireAdmin(request: FastifyRequest): Promise<void> {
  const { user, group } = request.auth;
  if (user === null && group === null) throw new AppError('unauthorized');
  if (user?.is_admin !== true) throw new AppError('forbidden', { message: 'Administrators only.' });
}

function adminOf(request: FastifyRequest): UserRecord {
  const user = request.auth.user;
  if (user?.is_admin !== true) throw new AppError('forbidden', { message: 'Administrators only.' });
  return user;
}

const ACTIONS: readonly { path: string; action: LedgerAdminAction; summary: string }[] = [
  {
    path: 'release',
    action: 'release_hold',
    summary:
      'Release a hold not yet settled: its pages go back; the check it held for runs on and is not charged (once)',
  },
  {
    path: 'cancel-hold',
    action: 'cancel_hold',
    summary:
      'Cancel a hold: the check it held for is aborted (it ends as failed) and every hold it still has gives its pages back (once)',
  },
  {
    path: 'cancel-reversal',
    action: 'cancel_reversal',
    summary: "Cancel a reversal: a compensating 'reverse' entry gives its pages back (once)",
  },
];

/** A site administrator's view of any ledger, and the corrections of commerce-and-cabinet.md §4. */
export const billingAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.addHook('onRequest', requireAdmin);

  api.get(
    '/api/v1/admin/billing/transactions/',
    {
      schema: {
        tags: ['admin'],
        summary: "One account's ledger (site administrators): the holder's e-mail, or an organisation's id",
        querystring: AdminTransactionsQuerySchema,
        response: { 200: TransactionsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { email, group_id, page, per_page } = request.query;
      let owner: Parameters<typeof ledgerPage>[1];
      if (group_id !== undefined) owner = { kind: 'group', groupId: group_id };
      else {
        const user = await findUserByEmail(db, email ?? '');
        if (user === null || user.is_guest) throw new AppError('not_found', { message: 'No account has this e-mail.' });
        owner = { kind: 'user', user };
      }
      const found = await ledgerPage(db, owner, { page, perPage: per_page, forAdministrator: true });
      return { success: true as const, data: { ...found, page, per_page } };
    },
  );

  for (const { path, action, summary } of ACTIONS) {
    api.post(
      `/api/v1/admin/billing/transactions/:id/${path}/`,
      {
        config: { form: true },
        schema: {
          tags: ['admin'],
          summary,
          consumes: ['application/x-www-form-urlencoded'],
          params: LedgerEntryParamsSchema,
          body: LedgerAdminActionFormSchema,
          response: { 200: LedgerAdminActionResponseSchema },
        },
      },
      async (request) => {
        const done = await correctLedger(db, adminOf(request), request.params.id, action, request.body?.note);
        request.log.info(
          { entryId: request.params.id, action, adminId: request.auth.user?.id, isRepeat: done.isRepeat },
          'ledger corrected by a site administrator',
        );
        return {
          success: true as const,
          message: CORRECTION_MESSAGES[action],
          data: { entries: done.entries, is_repeat: done.isRepeat },
        };
      },
    );
  }
};

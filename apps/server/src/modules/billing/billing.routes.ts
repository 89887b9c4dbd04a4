import {
  BILLING_INVOICES_PATH,
  BILLING_TRANSACTIONS_PATH,
  BillingListQuerySchema,
  InvoiceIdParamsSchema,
  InvoicePdfQuerySchema,
  InvoicesResponseSchema,
  TransactionsResponseSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import { sharedInvoiceRenderer, type InvoiceRenderer } from './invoice-renderer.ts';
import { invoicePdf, invoicesOf } from './invoices.service.ts';
import { transactionsOf } from './transactions.service.ts';

export type BillingRoutesOptions = {
  db: Database;
  /** The invoice PDF renderer; the process's worker thread unless a test passes its own. */
  renderer?: Pick<InvoiceRenderer, 'render'>;
};

/** A registered account (a session or its personal token): not a visitor, a guest or an organisation's token. */
function requireAccountHolder(user: UserRecord | null): UserRecord {
  if (user === null) throw new AppError('unauthorized');
  if (user.is_guest) throw new AppError('forbidden', { message: 'Please sign up to see your billing.' });
  return user;
}

/** The cabinet's Billing (commerce-and-cabinet.md §3 "Transaction", "Invoice"): the ledger and the invoices. */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (api, { db, renderer }) => {
  api.get(
    BILLING_TRANSACTIONS_PATH,
    {
      schema: {
        tags: ['billing'],
        summary:
          "The caller's ledger, newest first (get_credentials' balance.transactions_url); group_id: an organisation's, for its owner (role 1)",
        description:
          'Each transaction: type (charge, deposit, reverse, hold, release, bonus, load_by_service), date, by whom, ' +
          'the bucket (pages, bonus pages, AI pages), the sum (spendable pages) and the held change, a note, and for ' +
          'holds and reversals how they ended.',
        querystring: BillingListQuerySchema,
        response: { 200: TransactionsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { group_id, page, per_page } = request.query;
      const found = await transactionsOf(db, requireAccountHolder(request.auth.user), {
        groupId: group_id ?? null,
        page,
        perPage: per_page,
      });
      return { success: true as const, data: { ...found, page, per_page } };
    },
  );

  api.get(
    BILLING_INVOICES_PATH,
    {
      schema: {
        tags: ['billing'],
        summary:
          "The caller's invoices (every payment they made), newest first; group_id: an organisation's, for its owner (role 1)",
        querystring: BillingListQuerySchema,
        response: { 200: InvoicesResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { group_id, page, per_page } = request.query;
      const found = await invoicesOf(db, requireAccountHolder(request.auth.user), {
        groupId: group_id ?? null,
        page,
        perPage: per_page,
      });
      return { success: true as const, data: { ...found, page, per_page } };
    },
  );

  api.get(
    `${BILLING_INVOICES_PATH}:id/pdf/`,
    {
      schema: {
        tags: ['billing'],
        summary: 'An invoice as a PDF (its buyer, or the owner of the organisation it was for); language: en or es',
        description: 'Answers `application/pdf`, an attachment named veritext-invoice-{number}.pdf.',
        params: InvoiceIdParamsSchema,
        querystring: InvoicePdfQuerySchema,
        produces: ['application/pdf', 'application/json'],
        response: { 200: z.string().meta({ format: 'binary' }).describe('The invoice, application/pdf') },
      },
    },
    async (request, reply) => {
      const { language } = request.query;
      const invoice = await invoicePdf(
        db,
        renderer ?? sharedInvoiceRenderer(),
        requireAccountHolder(request.auth.user),
        {
          id: request.params.id,
          ...(language === undefined ? {} : { language }),
        },
      );
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${invoice.fileName}"`)
          .header('cache-control', 'no-store')
          // Fastify sends a Buffer as it is; the string schema only documents the body.
          .send(invoice.pdf as unknown as string)
      );
    },
  );
};

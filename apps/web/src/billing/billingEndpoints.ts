import {
  BILLING_INVOICES_PATH,
  BILLING_TRANSACTIONS_PATH,
  type InvoicesResponse,
  type LedgerAdminAction,
  type LedgerAdminActionResponse,
  type TransactionsResponse,
} from '@veritext/contracts';
import { ApiError, errorFromBody, NETWORK_ERROR_MESSAGE, type ApiClient } from '../api/client.ts';
import type { CsrfCache } from '../api/csrf.ts';
import type * as Schemas from './billingSchemas.ts';

type SchemaName = keyof typeof Schemas;

/** A loader of one schema of billingSchemas.ts (fetched with the first call that needs it). */
function schema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./billingSchemas.ts'))[name];
}

export type BillingQuery = { groupId: number | null; page: number; perPage?: number };

function listQuery(query: BillingQuery): string {
  const params = new URLSearchParams();
  if (query.groupId !== null) params.set('group_id', String(query.groupId));
  if (query.page > 1) params.set('page', String(query.page));
  if (query.perPage !== undefined) params.set('per_page', String(query.perPage));
  return params.size > 0 ? `?${params.toString()}` : '';
}

/** The path of each correction a site administrator makes (commerce-and-cabinet.md §4). */
export const CORRECTION_PATHS: Record<LedgerAdminAction, string> = {
  release_hold: 'release',
  cancel_hold: 'cancel-hold',
  cancel_reversal: 'cancel-reversal',
};

/**
 * The cabinet's Billing calls (commerce-and-cabinet.md §3 "Transaction", "Invoice"): the ledger, the invoices and
 * their PDFs, and a site administrator's ledger corrections. `doFetch` fetches the PDFs (a GET whose answer is a
 * file; the session cookie authenticates it).
 */
export function createBillingEndpoints(
  client: ApiClient,
  csrf: CsrfCache,
  doFetch: typeof fetch = (input, init) => fetch(input, init),
) {
  return {
    /** The caller's ledger, or (groupId) an organisation's for its owner; newest first. */
    async billingTransactions(query: BillingQuery): Promise<TransactionsResponse['data']> {
      const path = `${BILLING_TRANSACTIONS_PATH}${listQuery(query)}`;
      return (await client.getJson(path, schema('TransactionsResponseSchema'))).data;
    },

    /** The caller's invoices (every payment they made), or (groupId) an organisation's for its owner. */
    async billingInvoices(query: BillingQuery): Promise<InvoicesResponse['data']> {
      const path = `${BILLING_INVOICES_PATH}${listQuery(query)}`;
      return (await client.getJson(path, schema('InvoicesResponseSchema'))).data;
    },

    /** An invoice's PDF in `language`; a refusal throws the server's ApiError. */
    async downloadInvoice(pdfUrl: string, language: 'en' | 'es'): Promise<Blob> {
      let response: Response;
      try {
        response = await doFetch(`${pdfUrl}?language=${language}`, {
          credentials: 'same-origin',
          headers: { Accept: 'application/pdf, application/json', 'X-Requested-With': 'XMLHttpRequest' },
        });
      } catch {
        throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: 'network' });
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || type.includes('json')) {
        const body: unknown = await response.json().catch(() => null);
        throw errorFromBody(response.ok ? 500 : response.status, body);
      }
      return response.blob();
    },

    /** A site administrator's view of one ledger: the holder's e-mail or an organisation's id. */
    async adminTransactions(
      query: ({ email: string } | { groupId: number }) & { page: number },
    ): Promise<TransactionsResponse['data']> {
      const params = new URLSearchParams();
      if ('email' in query) params.set('email', query.email.trim());
      else params.set('group_id', String(query.groupId));
      if (query.page > 1) params.set('page', String(query.page));
      const path = `/api/v1/admin/billing/transactions/?${params.toString()}`;
      return (await client.getJson(path, schema('TransactionsResponseSchema'))).data;
    },

    /** Releases or cancels a hold, or cancels a reversal (once; again answers is_repeat). */
    async correctLedgerEntry(
      entryId: number,
      action: LedgerAdminAction,
      note?: string,
    ): Promise<LedgerAdminActionResponse['data']> {
      const { token } = await csrf.get();
      const path = `/api/v1/admin/billing/transactions/${String(entryId)}/${CORRECTION_PATHS[action]}/`;
      const fields = { note: note === undefined || note.trim() === '' ? undefined : note.trim(), _csrf_token: token };
      return (await client.postForm(path, fields, schema('LedgerAdminActionResponseSchema'))).data;
    },
  };
}

export type BillingEndpoints = ReturnType<typeof createBillingEndpoints>;

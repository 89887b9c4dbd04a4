import type { AdminLeadsResponse, LeadType } from '@veritext/contracts';
import type { ApiClient } from '../api/client.ts';

export const ADMIN_LEADS_PATH = '/admin/leads';
export const ADMIN_LEADS_QUERY_KEY = 'admin-leads';
export const ADMIN_LEADS_PER_PAGE = 25;

/** The filters of /admin/leads, as the page's address and the API's query carry them. */
export type LeadsFilter = { type: LeadType | ''; from: string; to: string; page: number };

const TYPES: readonly string[] = ['enquiry', 'contact', 'quick_guide', 'custom_quote'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of the page's address; anything malformed is left out. */
export function filterOf(params: URLSearchParams): LeadsFilter {
  const type = params.get('type') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    type: TYPES.includes(type) ? (type as LeadType) : '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a filter (empty values and page 1 left out), for the address, the list and the CSV. */
export function filterQuery(filter: LeadsFilter, options: { page: boolean }): string {
  const params = new URLSearchParams();
  if (filter.type !== '') params.set('type', filter.type);
  if (filter.from !== '') params.set('from', filter.from);
  if (filter.to !== '') params.set('to', filter.to);
  if (options.page && filter.page > 1) params.set('page', String(filter.page));
  return params.toString();
}

/** The CSV download of the same filters (every matching lead). */
export function leadsCsvPath(filter: LeadsFilter): string {
  const query = filterQuery(filter, { page: false });
  return `/api/v1/admin/leads.csv${query === '' ? '' : `?${query}`}`;
}

/** GET /api/v1/admin/leads/ (site administrators). */
export async function fetchAdminLeads(client: ApiClient, filter: LeadsFilter): Promise<AdminLeadsResponse['data']> {
  const query = filterQuery(filter, { page: true });
  const path = `/api/v1/admin/leads/?${query === '' ? '' : `${query}&`}per_page=${String(ADMIN_LEADS_PER_PAGE)}`;
  return (await client.getJson(path, async () => (await import('./adminLeadsSchemas.ts')).AdminLeadsResponseSchema))
    .data;
}

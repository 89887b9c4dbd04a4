import type { AdminFunnelResponse } from '@veritext/contracts';
import type { ApiClient } from '../api/client.ts';

export const ADMIN_FUNNEL_PATH = '/admin/funnel';
export const ADMIN_FUNNEL_QUERY_KEY = 'admin-funnel';

/** The range of /admin/funnel, as the page's address and the API's query carry it ('' = the server's default). */
export type FunnelRange = { from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function rangeOf(params: URLSearchParams): FunnelRange {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return { from: DAY.test(from) ? from : '', to: DAY.test(to) ? to : '' };
}

export function rangeQuery(range: FunnelRange): string {
  const params = new URLSearchParams();
  if (range.from !== '') params.set('from', range.from);
  if (range.to !== '') params.set('to', range.to);
  return params.toString();
}

/** GET /api/v1/admin/funnel/ (site administrators). */
export async function fetchAdminFunnel(client: ApiClient, range: FunnelRange): Promise<AdminFunnelResponse['data']> {
  const query = rangeQuery(range);
  return (
    await client.getJson(
      `/api/v1/admin/funnel/${query === '' ? '' : `?${query}`}`,
      async () => (await import('./adminFunnelSchemas.ts')).AdminFunnelResponseSchema,
    )
  ).data;
}

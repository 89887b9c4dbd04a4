import type { RecentWork, Statistics } from '@veritext/contracts';
import { ApiError, errorFromBody, NETWORK_ERROR_MESSAGE, type ApiClient } from '../api/client.ts';
import { statisticsApiPath, statisticsFilePath, statisticsFileName, type StatisticsRange } from './statistics.ts';
import type * as Schemas from './statisticsSchemas.ts';

type SchemaName = keyof typeof Schemas;

/** A loader of one schema of statisticsSchemas.ts (fetched with the first call that needs it). */
function schema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./statisticsSchemas.ts'))[name];
}

/** The file name of a Content-Disposition header (attachment; filename="…"), or null. */
export function attachmentName(header: string | null): string | null {
  const match = header === null ? null : /filename="([^"]+)"/.exec(header);
  return match?.[1] ?? null;
}

/**
 * The organisation statistics calls (commerce-and-cabinet.md §2): the figures of a date range, the progress
 * dashboard, and the CSV and XLSX files. `doFetch` fetches the files (a GET whose answer is a file; the session
 * cookie authenticates it).
 */
export function createStatisticsEndpoints(
  client: ApiClient,
  doFetch: typeof fetch = (input, init) => fetch(input, init),
) {
  return {
    /** The figures of a range: the organisation's (a student's own), or with `member` one member's. */
    async statistics(groupId: number, range: StatisticsRange, member: number | null = null): Promise<Statistics> {
      const path = statisticsApiPath(groupId, range, member);
      return (await client.getJson(path, schema('StatisticsResponseSchema'))).data;
    },

    async recentWorks(groupId: number): Promise<RecentWork[]> {
      const path = `/api/v1/groups/${String(groupId)}/statistics/recent/`;
      return (await client.getJson(path, schema('RecentWorksResponseSchema'))).data.works;
    },

    /** The figures as a file, with the name the server gave it; a refusal throws the server's ApiError. */
    async downloadStatistics(
      groupId: number,
      range: StatisticsRange,
      format: 'csv' | 'xlsx',
      member: number | null = null,
    ): Promise<{ blob: Blob; fileName: string }> {
      let response: Response;
      try {
        response = await doFetch(statisticsFilePath(groupId, range, format, member), {
          credentials: 'same-origin',
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        });
      } catch {
        throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: 'network' });
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || type.includes('json')) {
        const body: unknown = await response.json().catch(() => null);
        throw errorFromBody(response.ok ? 500 : response.status, body);
      }
      const fileName =
        attachmentName(response.headers.get('content-disposition')) ?? statisticsFileName(groupId, range, format);
      return { blob: await response.blob(), fileName };
    },
  };
}

export type StatisticsEndpoints = ReturnType<typeof createStatisticsEndpoints>;

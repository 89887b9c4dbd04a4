import type { SimilarityReport, SourcePassageResponse } from '@veritext/contracts';
import type { ApiClient } from './client.ts';
import type { CsrfCache } from './csrf.ts';
import type * as Schemas from './reportSettingsSchemas.ts';

type SchemaName = keyof typeof Schemas;

/** A loader of one schema of reportSettingsSchemas.ts (fetched with the first call that needs it). */
function schema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./reportSettingsSchemas.ts'))[name];
}

/** The settings a reader changes on a report (the ignored sources apart). */
export type ReportSettingsInput = {
  excludeBelowPercent: string;
  excludeSelfPlagiarism: boolean;
  customAuthor: string;
  includeQuotes: boolean;
  includeReferences: boolean;
};

/** The settings as form fields: of the check (POST /api/v1/text) and of a finished report. */
export function reportSettingsFields(input: ReportSettingsInput): Record<string, string | undefined> {
  return {
    exclude_below_percent: input.excludeBelowPercent.trim() === '' ? undefined : input.excludeBelowPercent.trim(),
    exclude_self_plagiarism: input.excludeSelfPlagiarism ? '1' : undefined,
    custom_author: input.customAuthor.trim() === '' ? undefined : input.customAuthor.trim(),
    include_quotes: input.includeQuotes ? '1' : undefined,
    include_references: input.includeReferences ? '1' : undefined,
  };
}

/** The report's settings and source tools (issue 17): settings, ignore a source, only this source, passages. */
export function createReportSettingsEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    /** The report of one source only (a view; nothing is stored). */
    async getTextReportOfSource(id: number, source: string): Promise<SimilarityReport> {
      const path = `/api/v1/text/report/${String(id)}?only_source=${encodeURIComponent(source)}`;
      return (await client.getJson(path, schema('SimilarityReportResponseSchema'))).data;
    },

    /** New settings for a finished report: it is rebuilt (no new check, no charge) and answered. */
    async changeReportSettings(id: number, input: ReportSettingsInput): Promise<SimilarityReport> {
      const { token } = await csrf.get();
      return (
        await client.postForm(
          `/api/v1/text/${String(id)}/settings/`,
          { ...reportSettingsFields(input), _csrf_token: token },
          schema('SimilarityReportResponseSchema'),
        )
      ).data;
    },

    /** Ignores a source of the report (or includes it again): the report is rebuilt and answered. */
    async ignoreReportSource(id: number, source: string, ignored: boolean): Promise<SimilarityReport> {
      const { token } = await csrf.get();
      return (
        await client.postForm(
          `/api/v1/text/${String(id)}/sources/ignore/`,
          { source, ignored: ignored ? '1' : '0', _csrf_token: token },
          schema('SimilarityReportResponseSchema'),
        )
      ).data;
    },

    /** The passages a source matched (over `start` when given), beside the source's where the reader may see it. */
    async sourcePassages(id: number, source: string, start?: number): Promise<SourcePassageResponse['data']> {
      const query = new URLSearchParams({ source });
      if (start !== undefined) query.set('start', String(start));
      const path = `/api/v1/text/report/${String(id)}/sources/passage?${query.toString()}`;
      return (await client.getJson(path, schema('SourcePassageResponseSchema'))).data;
    },
  };
}

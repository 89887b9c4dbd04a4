import {
  CitationEntryResponseSchema,
  CitationFormattedResponseSchema,
  CitationHistoryResponseSchema,
  CitationLookupResponseSchema,
  CitationRemovedResponseSchema,
  CitationSettingsResponseSchema,
  type CitationEntry,
  type CitationLookupResponse,
  type CitationSourceInput,
  type CitationSourceType,
  type CitationStyle,
  type FormattedCitation,
} from '@veritext/contracts';
import type { ApiClient } from '../api/client.ts';
import type { CsrfCache } from '../api/csrf.ts';

/** The citation generator's calls (contracts/citations.ts); the page loads on demand, and its schemas with it. */
export function createCitationsApi(client: ApiClient, csrf: CsrfCache) {
  async function fields(style: CitationStyle, type: CitationSourceType, source: CitationSourceInput) {
    const { token } = await csrf.get();
    return { style, type, source: JSON.stringify(source), _csrf_token: token };
  }
  return {
    async settings(): Promise<{ lookup: boolean }> {
      return (await client.getJson('/api/v1/citations/settings/', CitationSettingsResponseSchema)).data;
    },
    async format(
      style: CitationStyle,
      type: CitationSourceType,
      source: CitationSourceInput,
    ): Promise<FormattedCitation> {
      const body = await fields(style, type, source);
      return (await client.postForm('/api/v1/citations/format/', body, CitationFormattedResponseSchema)).data;
    },
    async add(style: CitationStyle, type: CitationSourceType, source: CitationSourceInput): Promise<CitationEntry> {
      const body = await fields(style, type, source);
      return (await client.postForm('/api/v1/citations/', body, CitationEntryResponseSchema)).data.citation;
    },
    async history(): Promise<CitationEntry[]> {
      return (await client.getJson('/api/v1/citations/', CitationHistoryResponseSchema)).data.citations;
    },
    async remove(id: number): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm(
        `/api/v1/citations/${String(id)}/delete/`,
        { _csrf_token: token },
        CitationRemovedResponseSchema,
      );
    },
    async clear(): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm('/api/v1/citations/clear/', { _csrf_token: token }, CitationRemovedResponseSchema);
    },
    async lookup(kind: 'isbn' | 'doi', value: string): Promise<CitationLookupResponse['data']> {
      const query = new URLSearchParams({ [kind]: value }).toString();
      return (await client.getJson(`/api/v1/citations/lookup/?${query}`, CitationLookupResponseSchema)).data;
    },
  };
}
export type CitationsApi = ReturnType<typeof createCitationsApi>;

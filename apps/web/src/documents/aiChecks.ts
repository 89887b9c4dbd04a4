import {
  AI_CHECK_STATUS,
  AiCheckListResponseSchema,
  TIMINGS,
  aiVerdictBand,
  type AiCheckListResponse,
  type AiCheckSummary,
  type AiVerdictBand,
} from '@veritext/contracts';
import type { ApiClient } from '../api/client.ts';
import type { SiteLanguage } from '@veritext/contracts';
import { localisedPath } from '../language/language.ts';

export type AiChecksPage = AiCheckListResponse['data'];

/** GET /api/v1/chat-gpt/: a page of the caller's AI checks (with groupId: the organisation's), newest first. */
export async function fetchAiChecks(
  client: Pick<ApiClient, 'getJson'>,
  options: { groupId?: number | null; page?: number; perPage?: number } = {},
): Promise<AiChecksPage> {
  const query = new URLSearchParams();
  if (options.groupId !== undefined && options.groupId !== null) query.set('group_id', String(options.groupId));
  if (options.page !== undefined) query.set('page', String(options.page));
  if (options.perPage !== undefined) query.set('per_page', String(options.perPage));
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  return (await client.getJson(`/api/v1/chat-gpt/${suffix}`, AiCheckListResponseSchema)).data;
}

export function aiChecksQueryKey(groupId: number | null, page: number): readonly unknown[] {
  return ['ai-checks', groupId, page];
}

/** How the list shows an AI check: still running, done (with its verdict band), or ended without a result. */
export type AiCheckState =
  { kind: 'inProgress' } | { kind: 'done'; band: AiVerdictBand | null } | { kind: 'notChecked' };

export function aiCheckState(check: Pick<AiCheckSummary, 'status' | 'verdict' | 'band'>): AiCheckState {
  if (check.status === AI_CHECK_STATUS.queued || check.status === AI_CHECK_STATUS.processing) {
    return { kind: 'inProgress' };
  }
  if (check.status === AI_CHECK_STATUS.done) {
    // the server's band weighs the text's style and length too; a server that sends none, the verdict alone
    return { kind: 'done', band: check.band ?? aiVerdictBand(check.verdict) };
  }
  return { kind: 'notChecked' };
}

/** Refetched every 5 s while any listed check is still running. */
export function aiChecksRefetchInterval(page: Pick<AiChecksPage, 'checks'> | undefined): number | false {
  if (page === undefined) return false;
  return page.checks.some((check) => aiCheckState(check).kind === 'inProgress') ? TIMINGS.pollIntervalMs : false;
}

/** The name an AI check is listed by: its file's name, else the first words of its text. */
export function aiCheckTitle(check: Pick<AiCheckSummary, 'title' | 'file_name'>, untitled: string): string {
  if (check.file_name !== null && check.file_name.trim() !== '') return check.file_name;
  return check.title.trim() === '' ? untitled : check.title;
}

/** The AI detector page that opens a check again: /ai-detector/?check=ID (the Spanish twin in Spanish). */
export function aiCheckPath(id: number, lang: SiteLanguage): string {
  return `${localisedPath('/ai-detector/', lang)}?check=${String(id)}`;
}

/** The check to open from the AI detector's address (?check=ID), or null. */
export function checkIdFromSearch(search: URLSearchParams): number | null {
  const raw = search.get('check');
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

import { TEXT_STATE, TIMINGS, type TextDocument, type TextListResponse } from '@veritext/contracts';
import { formatPercent } from '../i18n/format.ts';

export type DocumentsPage = TextListResponse['data'];

/** How My Documents shows a document's state: 3 in progress, 5 ready; 4 (and any state that ends polling) failed. */
export type DocumentStatus = 'inProgress' | 'ready' | 'failed';

export function documentStatus(state: number): DocumentStatus {
  if (state === TEXT_STATE.inProgress) return 'inProgress';
  if (state === TEXT_STATE.ready) return 'ready';
  return 'failed';
}

/** The i18n key of each status label. */
export const STATUS_KEYS = {
  inProgress: 'documents.status.inProgress',
  ready: 'documents.status.ready',
  failed: 'documents.status.failed',
} as const satisfies Record<DocumentStatus, string>;

export function statusKey(state: number): string {
  return STATUS_KEYS[documentStatus(state)];
}

export function isInProgress(document: Pick<TextDocument, 'state'>): boolean {
  return documentStatus(document.state) === 'inProgress';
}

/** The list is refetched every 5 s while any of its documents is still being checked, and not otherwise. */
export function documentsRefetchInterval(page: Pick<DocumentsPage, 'texts'> | undefined): number | false {
  if (page === undefined) return false;
  return page.texts.some(isInProgress) ? TIMINGS.pollIntervalMs : false;
}

/** A share shown with two decimals (check-tool.md §9) in the locale's format ("12.35 %" / "12,35 %"), or null. */
export function formatShare(value: number | null, language: string): string | null {
  return value === null ? null : formatPercent(value, language);
}

/** A date in the reader's language; an unreadable one is shown as the server sent it. */
export function formatDocumentDate(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

export type Pagination = {
  page: number;
  pageCount: number;
  /** Only a list longer than one page shows the previous / next controls. */
  isPaginated: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
};

export function paginationOf(page: Pick<DocumentsPage, 'total' | 'page' | 'per_page'>): Pagination {
  const perPage = Math.max(1, page.per_page);
  const pageCount = Math.max(1, Math.ceil(page.total / perPage));
  return {
    page: page.page,
    pageCount,
    isPaginated: page.total > perPage,
    hasPrevious: page.page > 1,
    hasNext: page.page < pageCount,
  };
}

/** The route's group id, or null when it is not a positive whole number. */
export function parseGroupId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export function documentsQueryKey(groupId: number | null, page: number): readonly unknown[] {
  return ['documents', groupId, page];
}

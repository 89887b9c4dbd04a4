import { describe, expect, it } from 'vitest';
import { TIMINGS, type TextDocument } from '@veritext/contracts';
import {
  documentStatus,
  documentsQueryKey,
  documentsRefetchInterval,
  formatDocumentDate,
  formatShare,
  isInProgress,
  paginationOf,
  parseGroupId,
  statusKey,
} from './documents.ts';

function doc(id: number, state: number): Pick<TextDocument, 'id' | 'state'> {
  return { id, state };
}

describe('document status', () => {
  it('reads 3 as in progress, 5 as ready and 4 as failed', () => {
    expect(documentStatus(3)).toBe('inProgress');
    expect(documentStatus(5)).toBe('ready');
    expect(documentStatus(4)).toBe('failed');
  });

  it('treats any other state as failed, since it ends polling without a report', () => {
    expect(documentStatus(0)).toBe('failed');
    expect(documentStatus(9)).toBe('failed');
  });

  it('labels each status with its own i18n key', () => {
    expect(statusKey(3)).toBe('documents.status.inProgress');
    expect(statusKey(5)).toBe('documents.status.ready');
    expect(statusKey(4)).toBe('documents.status.failed');
  });
});

describe('refetching the list', () => {
  it('refetches every 5 s while any document is in progress', () => {
    expect(documentsRefetchInterval({ texts: [doc(1, 5), doc(2, 3), doc(3, 4)] as TextDocument[] })).toBe(
      TIMINGS.pollIntervalMs,
    );
    expect(TIMINGS.pollIntervalMs).toBe(5000);
  });

  it('stops when every document is ready or failed, when the list is empty and before any data', () => {
    expect(documentsRefetchInterval({ texts: [doc(1, 5), doc(2, 4)] as TextDocument[] })).toBe(false);
    expect(documentsRefetchInterval({ texts: [] })).toBe(false);
    expect(documentsRefetchInterval(undefined)).toBe(false);
  });

  it('isInProgress matches only state 3', () => {
    expect(isInProgress({ state: 3 })).toBe(true);
    expect(isInProgress({ state: 5 })).toBe(false);
  });
});

describe('formatting', () => {
  it('shows shares with two decimals in the reader language, and nothing for null', () => {
    expect(formatShare(12.345, 'en')).toBe('12.35\u00a0%');
    expect(formatShare(7, 'en')).toBe('7.00\u00a0%');
    expect(formatShare(0, 'en')).toBe('0.00\u00a0%');
    expect(formatShare(31.578, 'es')).toBe('31,58\u00a0%');
    expect(formatShare(null, 'en')).toBeNull();
  });

  it('localises the date and keeps an unreadable one as sent', () => {
    const iso = '2026-03-04T15:06:00.000Z';
    expect(formatDocumentDate(iso, 'en', 'UTC')).toMatch(/^Mar 4, 2026, 3:06\sPM$/);
    expect(formatDocumentDate(iso, 'es', 'UTC')).toMatch(/^4 mar 2026, 15:06$/);
    expect(formatDocumentDate('not a date', 'en')).toBe('not a date');
  });
});

describe('pagination', () => {
  it('is hidden when everything fits on one page', () => {
    expect(paginationOf({ total: 20, page: 1, per_page: 20 })).toEqual({
      page: 1,
      pageCount: 1,
      isPaginated: false,
      hasPrevious: false,
      hasNext: false,
    });
    expect(paginationOf({ total: 0, page: 1, per_page: 20 }).isPaginated).toBe(false);
  });

  it('offers next on the first page, both in the middle and previous on the last', () => {
    expect(paginationOf({ total: 45, page: 1, per_page: 20 })).toMatchObject({
      pageCount: 3,
      isPaginated: true,
      hasPrevious: false,
      hasNext: true,
    });
    expect(paginationOf({ total: 45, page: 2, per_page: 20 })).toMatchObject({ hasPrevious: true, hasNext: true });
    expect(paginationOf({ total: 45, page: 3, per_page: 20 })).toMatchObject({ hasPrevious: true, hasNext: false });
    expect(paginationOf({ total: 21, page: 1, per_page: 20 }).isPaginated).toBe(true);
  });
});

describe('route parameters and query keys', () => {
  it('accepts only a positive whole group id', () => {
    expect(parseGroupId('12')).toBe(12);
    expect(parseGroupId('0')).toBeNull();
    expect(parseGroupId('abc')).toBeNull();
    expect(parseGroupId('1.5')).toBeNull();
    expect(parseGroupId('')).toBeNull();
    expect(parseGroupId(undefined)).toBeNull();
  });

  it('keys each group and page apart', () => {
    expect(documentsQueryKey(null, 1)).toEqual(['documents', null, 1]);
    expect(documentsQueryKey(4, 2)).not.toEqual(documentsQueryKey(null, 2));
  });
});

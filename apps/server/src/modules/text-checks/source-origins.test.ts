import { describe, expect, it } from 'vitest';
import type { PlagiarismReport, ReportSource } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { originLabel, originOf, withOrigins, type Reader } from './source-origins.ts';

const PAGE_ORIGIN = {
  kind: 'web',
  title: 'Honey from the rooftops',
  url: 'https://bees.example.org/urban',
  fetched_at: '2026-11-26T10:00:00.000Z',
} as const;

function page(partial: Partial<ReportSource> = {}): ReportSource {
  return {
    id: 1,
    enabled: true,
    source: PAGE_ORIGIN.url,
    link: { name: PAGE_ORIGIN.title },
    sourceType: 'web',
    index: [{ type: 'general', db_id: 'web:4f2a' }],
    percent: 40,
    identical: 30,
    changedIndex: 10,
    origin: { ...PAGE_ORIGIN },
    ...partial,
  };
}

const READER: Reader = { userId: 7, groupIds: new Set([3]) };

describe('the origin of an internet page (issue 14)', () => {
  it('is the one stored with the report when the check ran, the same for every reader', () => {
    expect(originOf(page(), READER, new Map(), new Map())).toEqual(PAGE_ORIGIN);
    expect(originOf(page(), { userId: null, groupIds: new Set() }, new Map(), new Map())).toEqual(PAGE_ORIGIN);
    // a page of a report stored without it has none to show
    expect(originOf(page({ origin: undefined }), READER, new Map(), new Map())).toBeUndefined();
  });

  it('names the page by its title, else by its address, in both languages', () => {
    expect(originLabel(PAGE_ORIGIN, 'ignored', 'en')).toBe('Honey from the rooftops');
    expect(originLabel(PAGE_ORIGIN, 'ignored', 'es')).toBe('Honey from the rooftops');
    expect(originLabel({ ...PAGE_ORIGIN, title: '  ' }, 'ignored', 'en')).toBe('https://bees.example.org/urban');
  });

  it('is kept as it is when the report is read, name, address and date included', async () => {
    const report: PlagiarismReport = {
      nodes: [],
      sources: [page()],
      quSources: [page({ id: 1, link: { name: 'Quoted page' }, origin: { ...PAGE_ORIGIN, title: 'Quoted page' } })],
      reSources: [],
      length: 0,
      percents: { total: 0, source: 0, identical: 0, 'changed-index': 0, quote: 0, reference: 0 },
    };
    // a group token reading a report of internet pages only: nothing to look up
    const db: Queryable = {
      query: () => Promise.reject(new Error('an internet page needs no look-up')),
    } as unknown as Queryable;
    const read = await withOrigins(db, { user: null, group: null }, report);
    expect(read).toEqual(report);
  });
});

import { describe, expect, it } from 'vitest';
import { CheckScopeResponseSchema, ComparedWithSchema, ReportSourceSchema } from './document-check.ts';

const SCOPE = {
  documents: [{ scope: 'instance', count: 12 }],
  collections: [{ name: 'ref:maritime', title: 'Maritime history', documents: 7 }],
};

describe("the report's internet (issue 14)", () => {
  it('reads a report stored before the internet was searched: not searched, no provider', () => {
    const stored = { ...SCOPE, internet: { searched: false, reason: 'no_provider' } };
    expect(ComparedWithSchema.parse(stored)).toEqual(stored);
  });

  it('reads each state of a report stored now: searched (partly or not), or not searched and why', () => {
    for (const internet of [
      { searched: true, reason: null, partial: false, queries: 4, pages: 12 },
      { searched: true, reason: null, partial: true, queries: 30, pages: 0 },
      { searched: false, reason: 'no_provider', partial: false, queries: 0, pages: 0 },
      { searched: false, reason: 'provider_auth', partial: false, queries: 1, pages: 0 },
      { searched: false, reason: 'provider_quota', partial: false, queries: 1, pages: 0 },
      { searched: false, reason: 'provider_unavailable', partial: false, queries: 0, pages: 0 },
    ]) {
      expect(ComparedWithSchema.parse({ ...SCOPE, internet }).internet).toEqual(internet);
    }
  });

  it('refuses an unknown reason and counts that are not whole or are negative', () => {
    for (const internet of [
      { searched: false, reason: 'provider_down' },
      { searched: true, reason: null, queries: 1.5, pages: 2 },
      { searched: true, reason: null, queries: 1, pages: -1 },
      { searched: true, reason: null, partial: 'yes' },
    ]) {
      expect(ComparedWithSchema.safeParse({ ...SCOPE, internet }).success, JSON.stringify(internet)).toBe(false);
    }
  });

  it("keeps an internet page's origin: its title, URL and the time it was fetched", () => {
    const page = {
      id: 1,
      enabled: true,
      source: 'https://bees.example.org/urban',
      link: { name: 'Honey from the rooftops' },
      sourceType: 'web',
      index: [{ type: 'general', db_id: 'web:4f2a' }],
      percent: 40,
      identical: 30,
      changedIndex: 10,
      origin: {
        kind: 'web',
        title: 'Honey from the rooftops',
        url: 'https://bees.example.org/urban',
        fetched_at: '2026-11-26T10:00:00.000Z',
      },
    };
    expect(ReportSourceSchema.parse(page)).toEqual(page);
    const { fetched_at: _dropped, ...withoutDate } = page.origin;
    expect(ReportSourceSchema.safeParse({ ...page, origin: withoutDate }).success).toBe(false);
  });

  it('says before a check whether the internet is searched', () => {
    const answer = { success: true, message: '', data: { internet: true } };
    expect(CheckScopeResponseSchema.parse(answer)).toEqual(answer);
    expect(CheckScopeResponseSchema.safeParse({ ...answer, data: {} }).success).toBe(false);
  });
});

import type { ComparedWith, ReportSource } from '@veritext/contracts';
import { formatCount, formatSourceDate } from './format.ts';

/*
 * How a source and the report's scope read (issue 13, A2, A3): pure, so that the words can be tested
 * without React. Each result is an i18n key with its values, or a text shown as it is (a title).
 */

export type Phrase = { key: string; values?: Record<string, string | number> } | { text: string };

/**
 * The name of a source for its reader: whose document it is (the server decided it for this reader, in
 * `origin`), a reference collection's document by its own title, an internet page by its title (its address
 * when it has none), another internet source by its name.
 */
export function sourceNamePhrase(source: ReportSource, language: string): Phrase {
  const origin = source.origin;
  const fallback = source.link.name.trim() === '' ? source.source : source.link.name;
  switch (origin?.kind) {
    case 'own':
      return {
        key: 'report.sources.own',
        values: { title: origin.title, date: formatSourceDate(origin.checked_at, language) },
      };
    case 'organisation':
      return { key: 'report.sources.organisation' };
    case 'instance':
      return origin.checked_at === null
        ? { key: 'report.sources.instanceUndated' }
        : { key: 'report.sources.instance', values: { date: formatSourceDate(origin.checked_at, language) } };
    case 'web':
      return { text: origin.title.trim() === '' ? readableUrl(origin.url) : origin.title.trim() };
    case 'collection':
    case undefined:
      return { text: fallback };
  }
}

/**
 * An internet page's address as a link may carry it: http and https only (a stored address is a stranger's
 * page's, and a `javascript:` one must never become a link); null otherwise.
 */
export function webHref(url: string): string | null {
  try {
    const { protocol } = new URL(url.trim());
    return protocol === 'http:' || protocol === 'https:' ? url.trim() : null;
  } catch {
    return null;
  }
}

/**
 * An address as a person reads it: the host without "www." and the path with its escapes undone
 * ("es.wikipedia.org/wiki/Río_Ebro"); anything but an http(s) address as it is.
 */
export function readableUrl(url: string): string {
  if (webHref(url) === null) return url;
  const parsed = new URL(url.trim());
  const host = parsed.hostname.replace(/^www\./, '');
  const rest = `${parsed.pathname}${parsed.search}`;
  let path: string;
  try {
    path = decodeURI(rest);
  } catch {
    path = rest;
  }
  return `${host}${parsed.port === '' ? '' : `:${parsed.port}`}${path === '/' ? '' : path}`;
}

/** The line under an internet page's title: when it was fetched, in the reader's language. */
export function fetchedPhrase(source: ReportSource, language: string): Phrase | null {
  if (source.origin?.kind !== 'web') return null;
  const date = formatSourceDate(source.origin.fetched_at, language);
  return date === '' ? null : { key: 'report.sources.fetched', values: { date } };
}

/** The small line above a source's name: what kind of source it is (a collection's with its title). */
export function sourceTypePhrase(source: ReportSource, kind: 'database' | 'reference' | 'internet'): Phrase {
  if (source.origin?.kind === 'collection') {
    return { key: 'report.sources.collection', values: { title: source.origin.title } };
  }
  return { key: `report.sources.${kind}` };
}

/** The lines of "Compared with": each set of documents with its size, then the internet. */
export function scopePhrases(scope: ComparedWith, language: string): Phrase[] {
  return [
    ...scope.documents.map((set) => ({
      key: set.scope === 'instance' ? 'report.scope.instance' : 'report.scope.organisation',
      values: { count: set.count, number: formatCount(set.count, language) },
    })),
    ...scope.collections.map((collection) => ({
      key: 'report.scope.collection',
      values: {
        count: collection.documents,
        number: formatCount(collection.documents, language),
        title: collection.title,
      },
    })),
    internetPhrase(scope.internet, language),
  ];
}

type Internet = ComparedWith['internet'];

/** Why the internet was not searched, in words. */
const NOT_SEARCHED: Record<NonNullable<Internet['reason']>, string> = {
  no_provider: 'report.scope.internetNoProvider',
  provider_auth: 'report.scope.internetProviderAuth',
  provider_quota: 'report.scope.internetProviderQuota',
  provider_unavailable: 'report.scope.internetProviderUnavailable',
};

/**
 * The internet's line of "Compared with": searched, with the pages compared and the searches made; partly
 * searched when the time allowed ran out first; or not searched, and why.
 */
export function internetPhrase(internet: Internet, language: string): Phrase {
  if (!internet.searched) {
    return { key: internet.reason === null ? 'report.scope.internetNotSearched' : NOT_SEARCHED[internet.reason] };
  }
  const partial = internet.partial === true;
  if (internet.pages === undefined || internet.queries === undefined) {
    return { key: partial ? 'report.scope.internetPartlySearched' : 'report.scope.internetSearched' };
  }
  const searches = { searches: internet.queries, searchesNumber: formatCount(internet.queries, language) };
  if (internet.pages === 0) {
    return {
      key: partial ? 'report.scope.internetNoPagesPartial' : 'report.scope.internetNoPages',
      values: searches,
    };
  }
  return {
    key: partial ? 'report.scope.internetPagesPartial' : 'report.scope.internetPages',
    values: { count: internet.pages, number: formatCount(internet.pages, language), ...searches },
  };
}

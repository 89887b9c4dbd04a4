import type { ComparedWith, ReportSource } from '@veritext/contracts';
import { formatCount, formatSourceDate } from './format.ts';

/*
 * How a source and the report's scope read (issue 13, A2, A3): pure, so that the words can be tested
 * without React. Each result is an i18n key with its values, or a text shown as it is (a title).
 */

export type Phrase = { key: string; values?: Record<string, string | number> } | { text: string };

/**
 * The name of a source for its reader: whose document it is (the server decided it for this reader, in
 * `origin`), a reference collection's document by its own title, an internet source by its name.
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
    case 'collection':
    case undefined:
      return { text: fallback };
  }
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
    { key: scope.internet.searched ? 'report.scope.internetSearched' : 'report.scope.internetNotSearched' },
  ];
}

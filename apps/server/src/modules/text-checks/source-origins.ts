import type { PlagiarismReport, ReportSource, ReportSourceOrigin } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { findMembershipsOfUser } from '../auth/users.repository.ts';
import type { Caller } from '../groups/group-access.ts';
import { findSourceChecks, referenceCollectionSizes, type SourceCheck } from './text-checks.repository.ts';

/*
 * Whose document a source is, decided for each reader when the report is read (check-tool.md §3 leaves it
 * open): the same stored report tells its author "Your check 'Title' of 25 Nov 2026", a member of the
 * source's organisation "A document checked in your organisation", and anyone else "A document submitted to
 * Veritext on 25 Nov 2026". Nothing of another user (name, title, file, text beyond the matched passage)
 * reaches the reader; the source's owner is looked up from its index key (`check:<id>`), never stored in the
 * report or returned.
 */

export type LabelLanguage = 'en' | 'es';

/** Who reads: a user (and the groups they are a member of now), or a group's API token. */
export type Reader = { userId: number | null; groupIds: ReadonlySet<number> };

export async function readerOf(db: Queryable, caller: Caller): Promise<Reader> {
  if (caller.user !== null) {
    const groups = await findMembershipsOfUser(db, caller.user.id);
    return { userId: caller.user.id, groupIds: new Set(groups.map((group) => group.id)) };
  }
  return { userId: null, groupIds: new Set(caller.group === null ? [] : [caller.group.id]) };
}

const CHECK_KEY = /^check:(\d{1,10})$/;
/** The date in the index title of documents checked before origins existed ("#6 Veritext database, checked 2026-11-25"). */
const LEGACY_DATE = /checked (\d{4}-\d{2}-\d{2})$/;

/** The id of the earlier check a source is (its index key `check:<id>`), else null. */
export function sourceCheckId(source: Pick<ReportSource, 'index'>): number | null {
  for (const entry of source.index) {
    const match = entry.type === 'checked' ? CHECK_KEY.exec(entry.db_id) : null;
    if (match?.[1] !== undefined) return Number(match[1]);
  }
  return null;
}

/**
 * The origin of one source for this reader; undefined for a source that is neither ours, nor a collection's,
 * nor an internet page. An internet page's origin (title, URL, when it was fetched) was stored with the
 * report when the check ran: it is the same for every reader and is kept as it is.
 */
export function originOf(
  source: ReportSource,
  reader: Reader,
  checks: ReadonlyMap<number, SourceCheck>,
  collectionTitles: ReadonlyMap<string, string>,
): ReportSourceOrigin | undefined {
  if (source.origin?.kind === 'web') return source.origin;
  const checkId = sourceCheckId(source);
  if (checkId !== null) {
    const check = checks.get(checkId);
    if (check === undefined) {
      // deleted since (its owner deleted the account): only the date its old title carried
      const date = LEGACY_DATE.exec(source.link.name.trim())?.[1];
      return { kind: 'instance', checked_at: date === undefined ? null : `${date}T00:00:00.000Z` };
    }
    if (reader.userId !== null && check.user_id === reader.userId) {
      return { kind: 'own', title: check.title, checked_at: check.created_at.toISOString() };
    }
    if (check.group_id !== null && reader.groupIds.has(check.group_id)) return { kind: 'organisation' };
    return { kind: 'instance', checked_at: check.created_at.toISOString() };
  }
  if (source.sourceType.startsWith('ref:')) {
    const name = source.sourceType;
    return { kind: 'collection', name, title: collectionTitles.get(name) ?? name.slice('ref:'.length) };
  }
  return undefined;
}

/** "25 Nov 2026", "25 nov 2026": the day of an ISO time, in UTC (the server has no reader's time zone). */
export function formatSourceDate(iso: string, language: LabelLanguage): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(iso))
    .replace(/\.$/, '');
}

/**
 * How a source is named to its reader; a collection's document keeps its own title (`name`), an internet page
 * its title (its URL when it has none).
 */
export function originLabel(origin: ReportSourceOrigin | undefined, name: string, language: LabelLanguage): string {
  if (origin === undefined || origin.kind === 'collection') return name;
  const es = language === 'es';
  switch (origin.kind) {
    case 'web':
      return origin.title.trim() === '' ? origin.url : origin.title.trim();
    case 'own': {
      const date = formatSourceDate(origin.checked_at, language);
      return es ? `Tu revisión «${origin.title}» del ${date}` : `Your check '${origin.title}' of ${date}`;
    }
    case 'organisation':
      return es ? 'Un documento revisado en tu organización' : 'A document checked in your organisation';
    case 'instance': {
      if (origin.checked_at === null)
        return es ? 'Un documento enviado a Veritext' : 'A document submitted to Veritext';
      const date = formatSourceDate(origin.checked_at, language);
      return es ? `Un documento enviado a Veritext el ${date}` : `A document submitted to Veritext on ${date}`;
    }
  }
}

/**
 * The report's three lists with each source's origin for this reader; a document of this instance is named
 * by it (in English: the API's language; the web and the PDF name it in their own language from `origin`).
 */
export async function withOrigins(db: Queryable, caller: Caller, report: PlagiarismReport): Promise<PlagiarismReport> {
  const lists = [report.sources, report.quSources, report.reSources];
  const ids = [
    ...new Set(
      lists
        .flat()
        .map(sourceCheckId)
        .filter((id) => id !== null),
    ),
  ];
  const hasCollections = lists.flat().some((source) => source.sourceType.startsWith('ref:'));
  const [reader, checks, collections] = await Promise.all([
    readerOf(db, caller),
    findSourceChecks(db, ids),
    hasCollections ? referenceCollectionSizes(db) : Promise.resolve([]),
  ]);
  const titles = new Map(
    collections.filter((ref) => ref.title.trim() !== '').map((ref) => [ref.source_collection, ref.title.trim()]),
  );
  const named = (source: ReportSource): ReportSource => {
    const origin = originOf(source, reader, checks, titles);
    if (origin === undefined) return source;
    // a collection's document and an internet page keep their own names
    if (origin.kind === 'collection' || origin.kind === 'web') return { ...source, origin };
    const label = originLabel(origin, source.link.name, 'en');
    return { ...source, source: label, link: { name: label }, origin };
  };
  return {
    ...report,
    sources: report.sources.map(named),
    quSources: report.quSources.map(named),
    reSources: report.reSources.map(named),
  };
}

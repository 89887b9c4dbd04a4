import {
  CUSTOM_AUTHOR_MAX_LENGTH,
  REPORT_SETTINGS_MESSAGES,
  TEXT_STATE,
  type ExcludedSource,
  type PassageText,
  type PlagiarismReport,
  type ReportSettings,
  type ReportSource,
  type SimilarityReport,
  type SourcePassageResponse,
} from '@veritext/contracts';
import { describeBasisSource, rebuildReport, type ReportBasis } from '@veritext/reuse';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findMembershipsOfUser } from '../auth/users.repository.ts';
import { mayDeleteCheck, mayReadCheck, type Caller } from '../groups/group-access.ts';
import {
  DEFAULT_REPORT_SETTINGS,
  findCheckAuthors,
  findReportSettings,
  findSourceBody,
  lockReportSettings,
  saveReportSettings,
  storeRebuiltReport,
} from './report-settings.repository.ts';
import { sourceCheckId, withOrigins } from './source-origins.ts';
import { getSimilarityReport } from './text-checks.read.ts';
import {
  findSourceChecks,
  findTextCheck,
  type StoredReport,
  type TextCheckRecord,
  type WebOrigin,
} from './text-checks.repository.ts';

/*
 * The report's settings and the reader's source tools (issue 17; commerce-and-cabinet.md §2 "New check",
 * "Similarity report"). A report stores what it is rebuilt from (its basis: the engine's raw matches, the quotation
 * and reference spans, the sources' descriptions); changing the settings rebuilds it (packages/reuse rebuildReport)
 * and stores it with the percent My Documents lists: no new check, no charge. "Only this source" is a view, never
 * stored. Reports stored before the basis existed cannot be rebuilt: they say so (settings_applicable false).
 */

/** Whose settings and sources may be changed: the author (while a member, in an organisation), its owner and teachers. */
const mayChangeSettings = mayDeleteCheck;

const ON = new Set(['1', 'true']);

export type SettingsFields = {
  exclude_below_percent?: string | undefined;
  exclude_self_plagiarism?: string | undefined;
  custom_author?: string | undefined;
  include_quotes?: string | undefined;
  include_references?: string | undefined;
};

/** The settings a form asks for (the ignored sources are not the form's); a refused field is a field error. */
export function settingsFromForm(form: SettingsFields): Omit<ReportSettings, 'ignored_sources'> {
  const fields: Record<string, string> = {};
  const rawPercent = (form.exclude_below_percent ?? '').trim().replace(',', '.');
  const percent = rawPercent === '' ? 0 : Number(rawPercent);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(rawPercent === '' ? '0' : rawPercent) || !(percent >= 0 && percent <= 100)) {
    fields['exclude_below_percent'] = REPORT_SETTINGS_MESSAGES.percentInvalid;
  }
  const excludeSelf = ON.has(form.exclude_self_plagiarism ?? '');
  const author = (form.custom_author ?? '').trim();
  if (author.length > CUSTOM_AUTHOR_MAX_LENGTH) fields['custom_author'] = REPORT_SETTINGS_MESSAGES.customAuthorTooLong;
  else if (excludeSelf && author === '') fields['custom_author'] = REPORT_SETTINGS_MESSAGES.customAuthorEmpty;
  const first = Object.values(fields)[0];
  if (first !== undefined) throw new AppError('validation_failed', { message: first, fields });
  return {
    exclude_below_percent: percent,
    exclude_self_plagiarism: excludeSelf,
    custom_author: author === '' ? null : author,
    include_quotes: ON.has(form.include_quotes ?? ''),
    include_references: ON.has(form.include_references ?? ''),
  };
}

function isDefault(settings: ReportSettings): boolean {
  return (
    settings.exclude_below_percent === 0 &&
    !settings.exclude_self_plagiarism &&
    !settings.include_quotes &&
    !settings.include_references &&
    settings.ignored_sources.length === 0
  );
}

/** The internet pages among a report's sources (stored in the report when the check ran), by db_id. */
export function webOriginsOf(report: PlagiarismReport): Record<string, WebOrigin> {
  const origins: Record<string, WebOrigin> = {};
  for (const source of [...report.sources, ...report.quSources, ...report.reSources]) {
    const key = source.index[0]?.db_id;
    if (key !== undefined && source.origin?.kind === 'web') origins[key] = source.origin;
  }
  return origins;
}

/** A rebuilt source named as the check named it: an internet page by its title and address. */
function withWebOrigin(source: ReportSource, origins: Record<string, WebOrigin> | undefined): ReportSource {
  const key = source.index[0]?.db_id;
  const page = key === undefined ? undefined : origins?.[key];
  if (page === undefined) return source;
  return {
    ...source,
    source: page.url,
    link: { name: page.title.trim() === '' ? page.url : page.title },
    origin: page,
  };
}

/** The sources of the basis that are documents of `author` (the author of a check: its custom author, else its submitter). */
async function selfSources(db: Queryable, basis: ReportBasis, author: string | null): Promise<Set<string>> {
  const wanted = (author ?? '').trim().toLowerCase();
  if (wanted === '') return new Set();
  const byCheck = new Map<number, string>();
  for (const key of Object.keys(basis.sources)) {
    const id = sourceCheckId({ index: [{ type: 'checked', db_id: key }] });
    if (id !== null) byCheck.set(id, key);
  }
  const authors = await findCheckAuthors(db, [...byCheck.keys()]);
  const keys = new Set<string>();
  for (const [id, name] of authors) {
    const key = byCheck.get(id);
    if (key !== undefined && name.trim().toLowerCase() === wanted) keys.add(key);
  }
  return keys;
}

/** The stored report rebuilt from its basis under the settings (onlySource: one source's view). */
async function rebuild(
  db: Queryable,
  content: string,
  report: StoredReport & { basis: ReportBasis },
  settings: ReportSettings,
  onlySource: string | null = null,
): Promise<StoredReport> {
  const basis = report.basis;
  const rebuilt = rebuildReport(basis, content, {
    excludeBelowPercent: settings.exclude_below_percent,
    includeQuotes: settings.include_quotes,
    includeReferences: settings.include_references,
    ignored: new Set(settings.ignored_sources),
    selfSources: settings.exclude_self_plagiarism
      ? await selfSources(db, basis, settings.custom_author)
      : new Set<string>(),
    onlySource,
  });
  const named = (source: ReportSource): ReportSource => withWebOrigin(source, report.web_origins);
  const plagiarism = rebuilt.plagiarism;
  return {
    ...report,
    plagiarism: {
      ...plagiarism,
      sources: plagiarism.sources.map(named),
      quSources: plagiarism.quSources.map(named),
      reSources: plagiarism.reSources.map(named),
    },
    excluded: rebuilt.excluded,
  };
}

function hasBasis(report: StoredReport): report is StoredReport & { basis: ReportBasis } {
  // a stored report is JSON: its basis is the version this code reads, or absent (an older report)
  return (report.basis as { version?: number } | undefined)?.version === 1;
}

/**
 * When a check is done: its report with the basis kept, rebuilt under the settings chosen with the check (a check
 * with none keeps the engine's report as it is).
 */
export async function reportWithSettings(
  db: Queryable,
  checkId: number,
  content: string,
  report: StoredReport & { basis: ReportBasis },
): Promise<StoredReport> {
  const stored = { ...report, web_origins: webOriginsOf(report.plagiarism) };
  const settings = (await findReportSettings(db, checkId)) ?? DEFAULT_REPORT_SETTINGS;
  return isDefault(settings) ? stored : rebuild(db, content, stored, settings);
}

/** The share of the text a source's passages cover (what an excluded source matched). */
function coverage(basis: ReportBasis, sourceId: string, length: number): number {
  const spans = basis.matches
    .filter((m) => m.sourceId === sourceId)
    .map((m) => [Math.max(0, m.suspStart), Math.min(length, m.suspEnd)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reach = 0;
  for (const [start, end] of spans) {
    if (end <= reach) continue;
    covered += end - Math.max(start, reach);
    reach = end;
  }
  return length === 0 ? 0 : Math.round((covered * 10000) / length) / 100;
}

/** The excluded sources described and named for the reader (source-origins.ts). */
async function excludedSources(
  db: Queryable,
  caller: Caller,
  check: Pick<TextCheckRecord, 'content'>,
  report: StoredReport & { basis: ReportBasis },
): Promise<ExcludedSource[]> {
  const excluded = report.excluded ?? [];
  if (excluded.length === 0) return [];
  const sources: ReportSource[] = excluded.map(({ sourceId }, index) =>
    withWebOrigin(
      {
        id: index + 1,
        ...describeBasisSource(report.basis, sourceId),
        enabled: false,
        percent: coverage(report.basis, sourceId, check.content.length),
        identical: 0,
        changedIndex: 0,
      },
      report.web_origins,
    ),
  );
  const named = await withOrigins(db, caller, {
    nodes: [],
    sources,
    quSources: [],
    reSources: [],
    length: check.content.length,
    percents: { total: 0, source: 0, identical: 0, 'changed-index': 0, quote: 0, reference: 0 },
  });
  return named.sources.map((source, index) => ({ ...source, reason: excluded[index]?.reason ?? 'ignored' }));
}

async function readableCheck(db: Queryable, caller: Caller, id: number): Promise<TextCheckRecord> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  const check = await findTextCheck(db, id);
  if (check === null || !(await mayReadCheck(db, caller, check))) throw new AppError('not_found');
  return check;
}

/**
 * GET /api/v1/text/report/{id} (?only_source=<db_id>): the report as its settings make it, with the settings, the
 * sources they left out and whether the reader may change them; with only_source, that source's passages alone (a
 * view: nothing is stored).
 */
export async function readReport(
  db: Queryable,
  caller: Caller,
  id: number,
  onlySource: string | null = null,
): Promise<SimilarityReport> {
  const base = await getSimilarityReport(db, caller, id);
  const check = await findTextCheck(db, id);
  if (check?.report == null) throw new AppError('report_not_ready');
  const settings = (await findReportSettings(db, id)) ?? DEFAULT_REPORT_SETTINGS;
  const canChange = await mayChangeSettings(db, caller, check);
  const stored = check.report;
  if (!hasBasis(stored)) {
    return { ...base, settings, settings_applicable: false, excluded_sources: [], can_change_settings: canChange };
  }
  let plagiarism = base.plagiarism;
  let only: string | null = null;
  if (onlySource !== null) {
    if (!Object.hasOwn(stored.basis.sources, onlySource)) throw new AppError('not_found');
    only = onlySource;
    plagiarism = await withOrigins(
      db,
      caller,
      (await rebuild(db, check.content, stored, settings, onlySource)).plagiarism,
    );
  }
  return {
    ...base,
    plagiarism,
    settings,
    settings_applicable: true,
    excluded_sources: await excludedSources(db, caller, check, stored),
    only_source: only,
    can_change_settings: canChange,
  };
}

/** Rebuilds and stores a ready report under new settings, in one transaction; the ledger is not touched. */
async function changeSettings(
  db: Database,
  caller: Caller,
  id: number,
  change: (current: ReportSettings, basis: ReportBasis) => ReportSettings,
): Promise<SimilarityReport> {
  const check = await readableCheck(db, caller, id);
  if (!(await mayChangeSettings(db, caller, check))) throw new AppError('forbidden');
  await db.transaction(async (tx) => {
    const locked = await lockReportSettings(tx, id);
    if (locked === null) throw new AppError('not_found');
    if (locked.state !== TEXT_STATE.ready || locked.report === null) throw new AppError('report_not_ready');
    if (!hasBasis(locked.report)) throw new AppError('report_settings_unavailable');
    const { state: _state, report, content, ...current } = locked;
    const next = change(current, locked.report.basis);
    const rebuilt = await rebuild(tx, content, report, next);
    await saveReportSettings(tx, id, next);
    await storeRebuiltReport(tx, id, rebuilt, rebuilt.plagiarism.percents.total);
  });
  return readReport(db, caller, id);
}

/** POST /api/v1/text/{id}/settings/: new settings for a finished report (rebuilt; no new check, no charge). */
export function changeReportSettings(
  db: Database,
  caller: Caller,
  id: number,
  form: SettingsFields,
): Promise<SimilarityReport> {
  const settings = settingsFromForm(form);
  return changeSettings(db, caller, id, (current) => ({ ...settings, ignored_sources: current.ignored_sources }));
}

/** POST /api/v1/text/{id}/sources/ignore/: ignores a source of the report (or includes it again). */
export function setSourceIgnored(
  db: Database,
  caller: Caller,
  id: number,
  input: { source: string; ignored: boolean },
): Promise<SimilarityReport> {
  return changeSettings(db, caller, id, (current, basis) => {
    // ignoring needs a source of the report; including one again that is not ignored changes nothing
    if (input.ignored && !Object.hasOwn(basis.sources, input.source)) throw new AppError('not_found');
    const others = current.ignored_sources.filter((key) => key !== input.source);
    return { ...current, ignored_sources: input.ignored ? [...others, input.source] : others };
  });
}

/* ---- a passage beside its source ---- */

/** Characters of context on each side of a passage. */
const CONTEXT_CHARS = 160;
/** At most this many passages of one source. */
const MAX_PASSAGES = 50;

/** [start, end) of `text` with up to CONTEXT_CHARS around it, cut at a space where one is near. */
export function passageOf(text: string, start: number, end: number): PassageText {
  const from = Math.max(0, Math.min(text.length, start));
  const to = Math.max(from, Math.min(text.length, end));
  let before = text.slice(Math.max(0, from - CONTEXT_CHARS), from);
  let after = text.slice(to, to + CONTEXT_CHARS);
  if (from - CONTEXT_CHARS > 0) {
    const space = before.indexOf(' ');
    if (space >= 0 && space < 40) before = `…${before.slice(space + 1)}`;
    else before = `…${before}`;
  }
  if (to + CONTEXT_CHARS < text.length) {
    const space = after.lastIndexOf(' ');
    if (space > after.length - 40) after = `${after.slice(0, space)}…`;
    else after = `${after}…`;
  }
  return { before, text: text.slice(from, to), after };
}

/**
 * Whether the reader may see a source's text: internet pages and reference collections are public; a checked
 * document only to its author, to the owner and teachers of its organisation, and to that organisation's token.
 */
async function maySeeSource(
  db: Queryable,
  caller: Caller,
  sourceType: string,
  key: string,
): Promise<'visible' | 'private' | 'gone'> {
  const checkId = sourceCheckId({ index: [{ type: 'checked', db_id: key }] });
  if (checkId === null) return sourceType === 'web' || sourceType.startsWith('ref:') ? 'visible' : 'private';
  const source = (await findSourceChecks(db, [checkId])).get(checkId);
  if (source === undefined) return 'gone';
  if (caller.user !== null) {
    if (source.user_id === caller.user.id) return 'visible';
    if (source.group_id === null) return 'private';
    const groupId = source.group_id;
    const membership = (await findMembershipsOfUser(db, caller.user.id)).find((group) => group.id === groupId);
    return membership !== undefined && (membership.role === 1 || membership.role === 2) ? 'visible' : 'private';
  }
  return caller.group !== null && source.group_id === caller.group.id ? 'visible' : 'private';
}

/**
 * GET /api/v1/text/report/{id}/sources/passage: the passages of the checked text a source matched (those over the
 * offset `start` when given), each beside the source's passage where the reader may see the source's text.
 */
export async function sourcePassages(
  db: Queryable,
  caller: Caller,
  id: number,
  input: { source: string; start?: number | undefined },
): Promise<SourcePassageResponse['data']> {
  const check = await readableCheck(db, caller, id);
  if (check.state !== TEXT_STATE.ready || check.report === null) throw new AppError('report_not_ready');
  const stored = check.report;
  if (!hasBasis(stored)) throw new AppError('report_settings_unavailable');
  if (!Object.hasOwn(stored.basis.sources, input.source)) {
    // not a source of this report: no passage of it
    return {
      source: { db_id: input.source, name: input.source, sourceType: '' },
      visible: false,
      reason: 'gone',
      passages: [],
    };
  }
  const matches = stored.basis.matches
    .filter((m) => m.sourceId === input.source)
    .filter((m) => input.start === undefined || (m.suspStart <= input.start && input.start < m.suspEnd))
    .slice(0, MAX_PASSAGES);
  const description = withWebOrigin(
    {
      id: 1,
      ...describeBasisSource(stored.basis, input.source),
      percent: 0,
      identical: 0,
      changedIndex: 0,
    },
    stored.web_origins,
  );
  const [named] = (
    await withOrigins(db, caller, {
      nodes: [],
      sources: [description],
      quSources: [],
      reSources: [],
      length: 0,
      percents: { total: 0, source: 0, identical: 0, 'changed-index': 0, quote: 0, reference: 0 },
    })
  ).sources;
  const source = named ?? description;
  let access = await maySeeSource(db, caller, source.sourceType, input.source);
  const body = access === 'visible' ? await findSourceBody(db, input.source) : null;
  if (access === 'visible' && body === null) access = 'gone';
  return {
    source: {
      db_id: input.source,
      name: source.link.name.trim() === '' ? source.source : source.link.name,
      sourceType: source.sourceType,
      ...(source.origin === undefined ? {} : { origin: source.origin }),
    },
    visible: access === 'visible',
    reason: access === 'visible' ? null : access,
    passages: matches.map((m) => ({
      kind: m.kind,
      start: m.suspStart,
      end: m.suspEnd,
      checked: passageOf(check.content, m.suspStart, m.suspEnd),
      source: body === null ? null : passageOf(body, m.srcStart, m.srcEnd),
    })),
  };
}

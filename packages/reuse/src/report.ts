/**
 * The `plagiarism` part of the Similarity report (check-tool.md §3, shown by the report modal of §2): the
 * text cut into nodes, the sources of reused text, of quotations and of references, and the percentages
 * (two decimals; a node's percent is 100 / text length × its length, §9). Pure: no I/O.
 */
import { mergeSpans } from './citations.ts';
import type { IndexedSource } from './store.ts';
import type { Match, MatchKind, Span } from './types.ts';

export interface ReportOptions {
  /** Matches with fewer words than this are left out (0 keeps all). */
  readonly minWords: number;
}

export interface ReportInput {
  /** The checked text (the original, which the match offsets index). */
  readonly text: string;
  readonly matches: readonly Match[];
  /** The matched sources, by Match.sourceId. */
  readonly sources: ReadonlyMap<string, IndexedSource>;
  /** findQuotes(text). */
  readonly quotes: readonly Span[];
  /** findReferences(text). */
  readonly references: readonly Span[];
  readonly options: ReportOptions;
}

/**
 * One segment of the text. Nodes partition the whole text, cut at every boundary of a reported match, so
 * the text can be rendered from the nodes alone. `sources`, `quotes` and `references` are 1-based ids into
 * the report's `sources`, `quSources` and `reSources`.
 */
export interface ReportNode {
  start: number;
  end: number;
  text: string;
  sources: number[];
  quotes: number[];
  references: number[];
  isIdentical: boolean;
  isChangedIndex: boolean;
  isQuote: boolean;
  isReference: boolean;
  /** AI flags, filled by the AI engine; always false here. */
  isLikely: boolean;
  isHlikely: boolean;
  percent: number;
}

export interface ReportIndexEntry {
  type: 'checked' | 'general';
  db_id: string;
}

export interface ReportSource {
  /** 1-based position in its list. */
  id: number;
  enabled: boolean;
  /** The URL, else the title, else the first 200 characters of the source's text. */
  source: string;
  link: { name: string };
  /** The source's collection. */
  sourceType: string;
  index: ReportIndexEntry[];
  /** Share of the text covered by this list's matches of the source, and by those of each kind. */
  percent: number;
  identical: number;
  changedIndex: number;
}

export interface ReportPercents {
  /** Identical ∪ changed text: what counts against the writer. */
  total: number;
  /** Every matched character, quotations and references included. */
  source: number;
  identical: number;
  'changed-index': number;
  quote: number;
  reference: number;
}

export interface PlagiarismReport {
  nodes: ReportNode[];
  sources: ReportSource[];
  quSources: ReportSource[];
  reSources: ReportSource[];
  length: number;
  percents: ReportPercents;
}

/** How a match is reported: quotations and references apart, the rest by its kind. */
type MatchClass = MatchKind | 'quote' | 'reference';

interface Reported {
  readonly start: number;
  readonly end: number;
  readonly sourceId: string;
  readonly kind: MatchKind;
  readonly cls: MatchClass;
}

const WORD = /[\p{L}\p{N}]+/gu;
const SOURCE_TEXT_CHARS = 200;

function countWords(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(WORD)) count += 1;
  return count;
}

/** 100 × part / whole with two decimals, computed so that float noise does not move the rounding. */
function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 10000) / whole) / 100;
}

function unionLength(spans: readonly Span[]): number {
  return mergeSpans(spans).reduce((sum, s) => sum + s.end - s.start, 0);
}

/** Characters of [start, end) inside the (sorted, merged) spans. */
function overlap(start: number, end: number, spans: readonly Span[]): number {
  let total = 0;
  for (const s of spans) {
    if (s.start >= end) break;
    const from = Math.max(start, s.start);
    const to = Math.min(end, s.end);
    if (to > from) total += to - from;
  }
  return total;
}

/**
 * A match lying mostly (at least half its characters) inside quotations is a quotation, likewise for
 * references; when both reach half (a quoted title in a bibliography entry), the larger share wins and a
 * tie goes to references.
 */
function classify(
  start: number,
  end: number,
  kind: MatchKind,
  quotes: readonly Span[],
  refs: readonly Span[],
): MatchClass {
  const length = end - start;
  const inQuotes = overlap(start, end, quotes);
  const inRefs = overlap(start, end, refs);
  if (inRefs * 2 >= length && inRefs >= inQuotes) return 'reference';
  if (inQuotes * 2 >= length) return 'quote';
  return kind;
}

function describe(
  id: string,
  indexed: IndexedSource | undefined,
): Omit<ReportSource, 'id' | 'percent' | 'identical' | 'changedIndex'> {
  const url = indexed?.url?.trim() ?? '';
  const title = indexed?.title.trim() ?? '';
  const collection = indexed?.collection ?? '';
  const checked = collection === 'checked' || collection.startsWith('checked:');
  return {
    enabled: true,
    source: url || title || indexed?.text.slice(0, SOURCE_TEXT_CHARS) || id,
    link: { name: title || url || `#${id}` },
    sourceType: collection,
    index: [{ type: checked ? 'checked' : 'general', db_id: id }],
  };
}

/** The list of one class group's sources, sorted by percent (descending, ties by source id), ids assigned. */
function sourceList(
  reported: readonly Reported[],
  length: number,
  sources: ReadonlyMap<string, IndexedSource | undefined>,
): { list: ReportSource[]; ids: Map<string, number> } {
  const bySource = new Map<string, Reported[]>();
  for (const r of reported) {
    const group = bySource.get(r.sourceId);
    if (group) group.push(r);
    else bySource.set(r.sourceId, [r]);
  }
  const rows = [...bySource].map(([sourceId, group]) => ({
    sourceId,
    covered: unionLength(group),
    identical: unionLength(group.filter((r) => r.kind === 'identical')),
    changed: unionLength(group.filter((r) => r.kind === 'changed')),
  }));
  rows.sort((a, b) => b.covered - a.covered || (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0));
  const ids = new Map<string, number>();
  const list = rows.map((row, i) => {
    ids.set(row.sourceId, i + 1);
    return {
      id: i + 1,
      ...describe(row.sourceId, sources.get(row.sourceId)),
      percent: percentOf(row.covered, length),
      identical: percentOf(row.identical, length),
      changedIndex: percentOf(row.changed, length),
    };
  });
  return { list, ids };
}

function emptyReport(): PlagiarismReport {
  return {
    nodes: [],
    sources: [],
    quSources: [],
    reSources: [],
    length: 0,
    percents: { total: 0, source: 0, identical: 0, 'changed-index': 0, quote: 0, reference: 0 },
  };
}

/** Clamps the matches to the text, drops the empty and the short ones, and classes each one. */
function reportedMatches(
  text: string,
  matches: readonly Omit<Match, 'similarity'>[],
  quotes: readonly Span[],
  refs: readonly Span[],
  minWords: number,
): Reported[] {
  const length = text.length;
  const reported: Reported[] = [];
  for (const m of matches) {
    const start = Math.max(0, Math.min(length, Math.trunc(m.suspStart)));
    const end = Math.max(0, Math.min(length, Math.trunc(m.suspEnd)));
    if (!(end > start)) continue;
    if (minWords > 0 && countWords(text.slice(start, end)) < minWords) continue;
    const cls = classify(start, end, m.kind, quotes, refs);
    reported.push({ start, end, sourceId: m.sourceId, kind: m.kind, cls });
  }
  return reported;
}

/** The report of the reported (classed) matches. */
function reportOf(
  text: string,
  reported: readonly Reported[],
  sources: ReadonlyMap<string, IndexedSource | undefined>,
): PlagiarismReport {
  const length = text.length;
  const reused = reported.filter((r) => r.cls === 'identical' || r.cls === 'changed');
  const quoted = reported.filter((r) => r.cls === 'quote');
  const referenced = reported.filter((r) => r.cls === 'reference');
  const similarity = sourceList(reused, length, sources);
  const quoteSources = sourceList(quoted, length, sources);
  const referenceSources = sourceList(referenced, length, sources);

  const percents: ReportPercents = {
    total: percentOf(unionLength(reused), length),
    source: percentOf(unionLength(reported), length),
    identical: percentOf(unionLength(reported.filter((r) => r.cls === 'identical')), length),
    'changed-index': percentOf(unionLength(reported.filter((r) => r.cls === 'changed')), length),
    quote: percentOf(unionLength(quoted), length),
    reference: percentOf(unionLength(referenced), length),
  };

  return {
    nodes: buildNodes(text, reported, {
      sources: similarity.ids,
      quotes: quoteSources.ids,
      references: referenceSources.ids,
    }),
    sources: similarity.list,
    quSources: quoteSources.list,
    reSources: referenceSources.list,
    length,
    percents,
  };
}

/**
 * Builds the report. Matches are clamped to the text, empty ones and those with fewer than
 * `options.minWords` words are dropped first; a match whose source is missing from `sources` is still
 * reported, described by its id.
 */
export function buildReport(input: ReportInput): PlagiarismReport {
  const { text, options } = input;
  if (text.length === 0) return emptyReport();
  const reported = reportedMatches(
    text,
    input.matches,
    mergeSpans(input.quotes),
    mergeSpans(input.references),
    options.minWords,
  );
  return reportOf(text, reported, input.sources);
}

/* ---- rebuilding a stored report under the reader's settings (issue 17) ---- */

/** One match as a rebuild needs it (offsets into the checked text and into the source's text). */
export interface BasisMatch {
  sourceId: string;
  kind: MatchKind;
  suspStart: number;
  suspEnd: number;
  srcStart: number;
  srcEnd: number;
}

/** What the report says of a matched source: its title, URL, collection and the start of its text. */
export interface BasisSource {
  title: string;
  url: string | null;
  collection: string;
  /** The first 200 characters of its text (the report's name of a source without URL or title). */
  text: string;
}

/**
 * What a report can be rebuilt from without the engine: the raw matches, the quotation and reference spans of
 * the text, and each matched source's description. Stored with the report (JSON-safe).
 */
export interface ReportBasis {
  version: 1;
  minWords: number;
  matches: BasisMatch[];
  quotes: Span[];
  references: Span[];
  sources: Record<string, BasisSource>;
}

/** The report's settings (commerce-and-cabinet.md §2, New check) and the reader's source tools. */
export interface RebuildSettings {
  /** Sources whose share of the text (in the similarity list) is below this percentage are left out (0: none). */
  readonly excludeBelowPercent?: number;
  /** Quoted passages count as similarity (identical or changed) instead of quotations. */
  readonly includeQuotes?: boolean;
  /** Passages in references count as similarity instead of references. */
  readonly includeReferences?: boolean;
  /** Sources the reader ignored (by their key, the index entry's db_id). */
  readonly ignored?: ReadonlySet<string>;
  /** Sources left out as self-plagiarism (the author's own documents; resolved by the caller). */
  readonly selfSources?: ReadonlySet<string>;
  /** Only this source's passages (every other source left out; its own exclusions do not apply). */
  readonly onlySource?: string | null;
}

export type ExclusionReason = 'ignored' | 'self' | 'below';

export interface RebuiltReport {
  plagiarism: PlagiarismReport;
  /** Sources the settings left out, with why (a source only-source hides is not listed). */
  excluded: { sourceId: string; reason: ExclusionReason }[];
}

/** The basis of a report: what buildReport was given, with each source's description cut to what the report shows. */
export function reportBasis(input: ReportInput): ReportBasis {
  const sources: Record<string, BasisSource> = {};
  for (const m of input.matches) {
    if (Object.hasOwn(sources, m.sourceId)) continue;
    const indexed = input.sources.get(m.sourceId);
    sources[m.sourceId] = {
      title: indexed?.title ?? '',
      url: indexed?.url ?? null,
      collection: indexed?.collection ?? '',
      text: indexed?.text.slice(0, SOURCE_TEXT_CHARS) ?? '',
    };
  }
  return {
    version: 1,
    minWords: input.options.minWords,
    matches: input.matches.map((m) => ({
      sourceId: m.sourceId,
      kind: m.kind,
      suspStart: m.suspStart,
      suspEnd: m.suspEnd,
      srcStart: m.srcStart,
      srcEnd: m.srcEnd,
    })),
    quotes: mergeSpans(input.quotes),
    references: mergeSpans(input.references),
    sources,
  };
}

function basisSources(basis: ReportBasis): Map<string, IndexedSource> {
  const sources = new Map<string, IndexedSource>();
  for (const [id, source] of Object.entries(basis.sources)) {
    sources.set(id, { id, text: source.text, collection: source.collection, title: source.title, url: source.url });
  }
  return sources;
}

/**
 * Rebuilds a report from its basis under the settings: ignored and self-plagiarism sources are left out, quoted
 * passages (and passages in references) count as similarity when included, then sources whose share in the
 * similarity list stays below the threshold leave it. With `onlySource`, only that source's passages are
 * reported. Pure; the same basis with no settings gives what buildReport gave.
 */
export function rebuildReport(basis: ReportBasis, text: string, settings: RebuildSettings = {}): RebuiltReport {
  if (text.length === 0) return { plagiarism: emptyReport(), excluded: [] };
  const only = settings.onlySource ?? null;
  const excluded = new Map<string, ExclusionReason>();
  const matches = basis.matches.filter((m) => {
    if (only !== null) return m.sourceId === only;
    const reason: ExclusionReason | null = settings.ignored?.has(m.sourceId)
      ? 'ignored'
      : settings.selfSources?.has(m.sourceId)
        ? 'self'
        : null;
    if (reason === null) return true;
    excluded.set(m.sourceId, reason);
    return false;
  });
  let reported = reportedMatches(text, matches, basis.quotes, basis.references, basis.minWords).map((r) =>
    (r.cls === 'quote' && settings.includeQuotes === true) ||
    (r.cls === 'reference' && settings.includeReferences === true)
      ? { ...r, cls: r.kind }
      : r,
  );
  const threshold = settings.excludeBelowPercent ?? 0;
  if (threshold > 0 && only === null) {
    const reused = reported.filter((r) => r.cls === 'identical' || r.cls === 'changed');
    const below = new Set<string>();
    const bySource = new Map<string, Reported[]>();
    for (const r of reused) bySource.set(r.sourceId, [...(bySource.get(r.sourceId) ?? []), r]);
    for (const [sourceId, group] of bySource) {
      if (percentOf(unionLength(group), text.length) < threshold) below.add(sourceId);
    }
    // a source below the threshold leaves the similarity list; its quotations and references stay
    reported = reported.filter((r) => !(below.has(r.sourceId) && (r.cls === 'identical' || r.cls === 'changed')));
    for (const sourceId of below) if (!excluded.has(sourceId)) excluded.set(sourceId, 'below');
  }
  const plagiarism = reportOf(text, reported, basisSources(basis));
  const list = [...excluded].map(([sourceId, reason]) => ({ sourceId, reason }));
  list.sort((a, b) => (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0));
  return { plagiarism, excluded: list };
}

/** How a report names a source of its basis (as buildReport does). */
export function describeBasisSource(
  basis: ReportBasis,
  sourceId: string,
): Omit<ReportSource, 'id' | 'percent' | 'identical' | 'changedIndex'> {
  return describe(sourceId, basisSources(basis).get(sourceId));
}

interface ListIds {
  readonly sources: ReadonlyMap<string, number>;
  readonly quotes: ReadonlyMap<string, number>;
  readonly references: ReadonlyMap<string, number>;
}

/** Sweeps the match boundaries: one node per segment between consecutive boundaries (0 and the end included). */
function buildNodes(text: string, reported: readonly Reported[], ids: ListIds): ReportNode[] {
  const opening = new Map<number, number[]>();
  const closing = new Map<number, number[]>();
  const cuts = new Set<number>([0, text.length]);
  reported.forEach((r, i) => {
    cuts.add(r.start);
    cuts.add(r.end);
    pushTo(opening, r.start, i);
    pushTo(closing, r.end, i);
  });
  const boundaries = [...cuts].sort((a, b) => a - b);
  const active = new Set<number>();
  const nodes: ReportNode[] = [];
  for (let b = 0; b + 1 < boundaries.length; b += 1) {
    const start = boundaries[b] ?? 0;
    const end = boundaries[b + 1] ?? text.length;
    for (const i of closing.get(start) ?? []) active.delete(i);
    for (const i of opening.get(start) ?? []) active.add(i);
    const node: ReportNode = {
      start,
      end,
      text: text.slice(start, end),
      sources: [],
      quotes: [],
      references: [],
      isIdentical: false,
      isChangedIndex: false,
      isQuote: false,
      isReference: false,
      isLikely: false,
      isHlikely: false,
      percent: percentOf(end - start, text.length),
    };
    const sources = new Set<number>();
    const quotes = new Set<number>();
    const references = new Set<number>();
    for (const i of active) {
      const r = reported[i];
      if (r === undefined) continue;
      switch (r.cls) {
        case 'identical':
        case 'changed':
          if (r.cls === 'identical') node.isIdentical = true;
          else node.isChangedIndex = true;
          addId(sources, ids.sources, r.sourceId);
          break;
        case 'quote':
          node.isQuote = true;
          addId(quotes, ids.quotes, r.sourceId);
          break;
        case 'reference':
          node.isReference = true;
          addId(references, ids.references, r.sourceId);
          break;
      }
    }
    node.sources = [...sources].sort((x, y) => x - y);
    node.quotes = [...quotes].sort((x, y) => x - y);
    node.references = [...references].sort((x, y) => x - y);
    nodes.push(node);
  }
  return nodes;
}

function pushTo(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function addId(into: Set<number>, ids: ReadonlyMap<string, number>, sourceId: string): void {
  const id = ids.get(sourceId);
  if (id !== undefined) into.add(id);
}

import type { ReportNode, ReportSource, SimilarityReport } from '@veritext/contracts';

/** The three lists of the right pane; node fields and report lists by kind. */
export type ItemKind = 'source' | 'quote' | 'reference';

export const ITEM_KINDS: readonly ItemKind[] = ['source', 'quote', 'reference'];

/** What the pointer or focus is on: a node of the text or an item of a list. */
export type HighlightTarget = { type: 'node'; index: number } | { type: ItemKind; id: number };

/** What is highlighted: node indices and item ids per kind. */
export type Highlight = {
  nodes: ReadonlySet<number>;
  source: ReadonlySet<number>;
  quote: ReadonlySet<number>;
  reference: ReadonlySet<number>;
};

export const NO_HIGHLIGHT: Highlight = { nodes: new Set(), source: new Set(), quote: new Set(), reference: new Set() };

/** Disabled items, keyed `kind:id` (see itemKey). */
export type DisabledItems = ReadonlySet<string>;

export function itemKey(kind: ItemKind, id: number): string {
  return `${kind}:${String(id)}`;
}

export function isEnabled(disabled: DisabledItems, kind: ItemKind, id: number): boolean {
  return !disabled.has(itemKey(kind, id));
}

export function nodeIds(node: ReportNode, kind: ItemKind): readonly number[] {
  switch (kind) {
    case 'source':
      return node.sources;
    case 'quote':
      return node.quotes;
    case 'reference':
      return node.references;
  }
}

export function reportItems(report: SimilarityReport['plagiarism'], kind: ItemKind): readonly ReportSource[] {
  switch (kind) {
    case 'source':
      return report.sources;
    case 'quote':
      return report.quSources;
    case 'reference':
      return report.reSources;
  }
}

/** The enabled items a node links to. */
export function enabledItemsOfNode(node: ReportNode, disabled: DisabledItems): Record<ItemKind, number[]> {
  return {
    source: node.sources.filter((id) => isEnabled(disabled, 'source', id)),
    quote: node.quotes.filter((id) => isEnabled(disabled, 'quote', id)),
    reference: node.references.filter((id) => isEnabled(disabled, 'reference', id)),
  };
}

export function hasEnabledItems(node: ReportNode, disabled: DisabledItems): boolean {
  const items = enabledItemsOfNode(node, disabled);
  return items.source.length + items.quote.length + items.reference.length > 0;
}

/** The indices of the nodes that link to one item (node → sources is the reverse). */
export function nodesOfItem(nodes: readonly ReportNode[], kind: ItemKind, id: number): number[] {
  const out: number[] = [];
  nodes.forEach((node, index) => {
    if (nodeIds(node, kind).includes(id)) out.push(index);
  });
  return out;
}

/**
 * What a target highlights (check-tool.md §4): a node lights itself and its enabled sources, quotes and
 * references; an enabled item lights itself and its nodes. Disabled items highlight nothing, and a node
 * whose items are all disabled has nothing to show.
 */
export function resolveHighlight(
  nodes: readonly ReportNode[],
  target: HighlightTarget | null,
  disabled: DisabledItems,
): Highlight {
  if (target === null) return NO_HIGHLIGHT;
  if (target.type === 'node') {
    const node = nodes[target.index];
    if (node === undefined || !hasEnabledItems(node, disabled)) return NO_HIGHLIGHT;
    const items = enabledItemsOfNode(node, disabled);
    return {
      nodes: new Set([target.index]),
      source: new Set(items.source),
      quote: new Set(items.quote),
      reference: new Set(items.reference),
    };
  }
  if (!isEnabled(disabled, target.type, target.id)) return NO_HIGHLIGHT;
  return {
    ...NO_HIGHLIGHT,
    nodes: new Set(nodesOfItem(nodes, target.type, target.id)),
    [target.type]: new Set([target.id]),
  };
}

export function isEmptyHighlight(highlight: Highlight): boolean {
  return highlight.nodes.size + highlight.source.size + highlight.quote.size + highlight.reference.size === 0;
}

/**
 * Where the other pane scrolls: for an item, its first node; for a node, its first highlighted item of
 * the kinds the list pane shows (sources before quotes before references).
 */
export function firstMatch(
  target: HighlightTarget,
  highlight: Highlight,
  shownKinds: readonly ItemKind[] = ITEM_KINDS,
): HighlightTarget | null {
  if (target.type !== 'node') {
    const first = Math.min(...highlight.nodes);
    return Number.isFinite(first) ? { type: 'node', index: first } : null;
  }
  for (const kind of shownKinds) {
    const first = Math.min(...highlight[kind]);
    if (Number.isFinite(first)) return { type: kind, id: first };
  }
  return null;
}

/* ---- hover, focus and lock ---- */

export type HighlightState = {
  /** What the pointer or focus rests on (after the highlight delay). */
  hovered: HighlightTarget | null;
  /** What a click locked (desktop only); it wins over hovering. */
  locked: HighlightTarget | null;
};

export const INITIAL_HIGHLIGHT_STATE: HighlightState = { hovered: null, locked: null };

export type HighlightEvent =
  | { type: 'hover'; target: HighlightTarget }
  | { type: 'leave' }
  | { type: 'click'; target: HighlightTarget; isMobile: boolean }
  | { type: 'disable'; kind: ItemKind; id: number; highlight: Highlight }
  | { type: 'clear' };

export function sameTarget(a: HighlightTarget | null, b: HighlightTarget | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.type === 'node' || b.type === 'node')
    return a.type === b.type && 'index' in a && 'index' in b && a.index === b.index;
  return a.type === b.type && a.id === b.id;
}

export function activeTarget(state: HighlightState): HighlightTarget | null {
  return state.locked ?? state.hovered;
}

/**
 * Hover sets the target (the caller waits the 100 ms delay first); a click locks it, a second click on
 * the same target unlocks, and on mobile or touch devices a click only highlights (no lock). Disabling
 * an item that is highlighted clears everything.
 */
export function highlightReducer(state: HighlightState, event: HighlightEvent): HighlightState {
  switch (event.type) {
    case 'hover':
      return sameTarget(state.hovered, event.target) ? state : { ...state, hovered: event.target };
    case 'leave':
      return state.hovered === null ? state : { ...state, hovered: null };
    case 'click':
      if (event.isMobile) return { locked: null, hovered: event.target };
      if (sameTarget(state.locked, event.target)) return { locked: null, hovered: null };
      return { locked: event.target, hovered: event.target };
    case 'disable':
      return event.highlight[event.kind].has(event.id) ? INITIAL_HIGHLIGHT_STATE : state;
    case 'clear':
      return INITIAL_HIGHLIGHT_STATE;
  }
}

/* ---- how things look ---- */

/** A node's classes in the similarity view: identical and changed text, quotes and references differ. */
export function nodeClasses(node: ReportNode, disabled: DisabledItems, isHighlighted: boolean): string[] {
  const items = enabledItemsOfNode(node, disabled);
  const classes: string[] = [];
  if (items.source.length > 0) {
    if (node.isIdentical) classes.push('report-node--identical');
    else if (node.isChangedIndex) classes.push('report-node--changed');
    else classes.push('report-node--identical');
  }
  if (node.isQuote && items.quote.length > 0) classes.push('report-node--quote');
  if (node.isReference && items.reference.length > 0) classes.push('report-node--reference');
  if (isHighlighted && classes.length > 0) classes.push('is-highlighted');
  return classes;
}

/** A node's class in the AI view: strongly likely wins over likely; null for plain text. */
export function aiNodeClass(node: ReportNode): string | null {
  // found in published sources (published.ts): neutral, whatever the detector said of it
  if (node.isPublished === true) return 'ai-mark ai-mark--published';
  if (node.isHlikely) return 'ai-mark ai-mark--strong';
  if (node.isLikely) return 'ai-mark ai-mark--likely';
  return null;
}

export function looksLikeUrl(text: string): boolean {
  return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(text.trim());
}

/**
 * A source links out when its text is a URL and it is not a checked document, except a checked entry of
 * database 9 (check-tool.md §5).
 */
export function sourceHref(source: Pick<ReportSource, 'source' | 'index'>): string | null {
  if (!looksLikeUrl(source.source)) return null;
  const checked = source.index.filter((entry) => entry.type === 'checked');
  if (checked.length > 0 && !checked.some((entry) => entry.db_id === '9')) return null;
  return source.source.trim();
}

/** A name starting with '#' is a document of an external database (an earlier report), not the internet. */
export function isDatabaseDocument(name: string): boolean {
  return name.startsWith('#');
}

export type SourceKind = 'database' | 'reference' | 'internet';

/**
 * What a source is, for its label: a document checked on this instance (its origin or index entry says so;
 * a '#' name in reports of other databases), a document of a reference collection imported by an
 * administrator (collection `ref:NAME`), or an internet source.
 */
export function sourceKind(
  source: Pick<ReportSource, 'sourceType'> & Partial<Pick<ReportSource, 'origin' | 'index'>>,
  name: string,
): SourceKind {
  const origin = source.origin?.kind;
  if (origin === 'own' || origin === 'organisation' || origin === 'instance') return 'database';
  if (origin === 'collection' || source.sourceType.startsWith('ref:')) return 'reference';
  if (
    isDatabaseDocument(name) ||
    source.index?.some((entry) => entry.type === 'checked' && entry.db_id.startsWith('check:')) === true
  )
    return 'database';
  return 'internet';
}

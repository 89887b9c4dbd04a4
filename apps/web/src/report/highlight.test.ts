import { describe, expect, it } from 'vitest';
import type { ReportNode } from '@veritext/contracts';
import {
  sourceKind,
  aiNodeClass,
  enabledItemsOfNode,
  firstMatch,
  highlightReducer,
  INITIAL_HIGHLIGHT_STATE,
  isDatabaseDocument,
  isEmptyHighlight,
  itemKey,
  nodeClasses,
  nodesOfItem,
  NO_HIGHLIGHT,
  resolveHighlight,
  sourceHref,
  type HighlightState,
} from './highlight.ts';

function node(partial: Partial<ReportNode>): ReportNode {
  return {
    start: 0,
    end: 1,
    text: 'x',
    sources: [],
    quotes: [],
    references: [],
    isIdentical: false,
    isChangedIndex: false,
    isQuote: false,
    isReference: false,
    isLikely: false,
    isHlikely: false,
    percent: 0,
    ...partial,
  };
}

const NODES: ReportNode[] = [
  node({ text: 'plain ' }),
  node({ text: 'copied ', sources: [1, 2], isIdentical: true }),
  node({ text: 'said ', quotes: [1], isQuote: true }),
  node({ text: 'reworded ', sources: [2], isChangedIndex: true }),
  node({ text: 'cited', references: [1], isReference: true }),
];

const none = new Set<string>();

describe('link resolution', () => {
  it('finds the nodes of an item and the items of a node', () => {
    expect(nodesOfItem(NODES, 'source', 2)).toEqual([1, 3]);
    expect(nodesOfItem(NODES, 'source', 1)).toEqual([1]);
    expect(nodesOfItem(NODES, 'quote', 1)).toEqual([2]);
    expect(nodesOfItem(NODES, 'reference', 7)).toEqual([]);
    const node1 = NODES[1];
    if (node1 === undefined) throw new Error('fixture');
    expect(enabledItemsOfNode(node1, none)).toEqual({ source: [1, 2], quote: [], reference: [] });
    expect(enabledItemsOfNode(node1, new Set([itemKey('source', 1)]))).toEqual({
      source: [2],
      quote: [],
      reference: [],
    });
  });

  it('a source lights itself and all its nodes', () => {
    const highlight = resolveHighlight(NODES, { type: 'source', id: 2 }, none);
    expect([...highlight.nodes]).toEqual([1, 3]);
    expect([...highlight.source]).toEqual([2]);
    expect(highlight.quote.size + highlight.reference.size).toBe(0);
  });

  it('a node lights itself and its enabled sources only', () => {
    const highlight = resolveHighlight(NODES, { type: 'node', index: 1 }, new Set([itemKey('source', 2)]));
    expect([...highlight.nodes]).toEqual([1]);
    expect([...highlight.source]).toEqual([1]);
  });

  it('disabled items, plain nodes and nothing highlight nothing', () => {
    expect(resolveHighlight(NODES, { type: 'source', id: 2 }, new Set([itemKey('source', 2)]))).toBe(NO_HIGHLIGHT);
    expect(resolveHighlight(NODES, { type: 'node', index: 3 }, new Set([itemKey('source', 2)]))).toBe(NO_HIGHLIGHT);
    expect(resolveHighlight(NODES, { type: 'node', index: 0 }, none)).toBe(NO_HIGHLIGHT);
    expect(resolveHighlight(NODES, null, none)).toBe(NO_HIGHLIGHT);
    expect(isEmptyHighlight(NO_HIGHLIGHT)).toBe(true);
    expect(isEmptyHighlight(resolveHighlight(NODES, { type: 'quote', id: 1 }, none))).toBe(false);
  });

  it('scrolls to the first match in the other pane', () => {
    const fromSource = resolveHighlight(NODES, { type: 'source', id: 2 }, none);
    expect(firstMatch({ type: 'source', id: 2 }, fromSource)).toEqual({ type: 'node', index: 1 });
    const fromNode = resolveHighlight(NODES, { type: 'node', index: 1 }, none);
    expect(firstMatch({ type: 'node', index: 1 }, fromNode)).toEqual({ type: 'source', id: 1 });
    expect(firstMatch({ type: 'node', index: 1 }, fromNode, ['quote'])).toBeNull();
    const fromQuote = resolveHighlight(NODES, { type: 'node', index: 2 }, none);
    expect(firstMatch({ type: 'node', index: 2 }, fromQuote)).toEqual({ type: 'quote', id: 1 });
  });
});

describe('highlightReducer', () => {
  const source1 = { type: 'source', id: 1 } as const;
  const node3 = { type: 'node', index: 3 } as const;

  it('hover sets, leave clears, a lock wins over hovering', () => {
    let state: HighlightState = highlightReducer(INITIAL_HIGHLIGHT_STATE, { type: 'hover', target: source1 });
    expect(state).toEqual({ hovered: source1, locked: null });
    state = highlightReducer(state, { type: 'leave' });
    expect(state).toEqual(INITIAL_HIGHLIGHT_STATE);
    state = highlightReducer(state, { type: 'click', target: node3, isMobile: false });
    expect(state.locked).toEqual(node3);
    state = highlightReducer(state, { type: 'hover', target: source1 });
    state = highlightReducer(state, { type: 'leave' });
    expect(state.locked).toEqual(node3);
  });

  it('clicking the locked target again unlocks; another target moves the lock', () => {
    let state = highlightReducer(INITIAL_HIGHLIGHT_STATE, { type: 'click', target: source1, isMobile: false });
    state = highlightReducer(state, { type: 'click', target: node3, isMobile: false });
    expect(state.locked).toEqual(node3);
    state = highlightReducer(state, { type: 'click', target: { type: 'node', index: 3 }, isMobile: false });
    expect(state).toEqual(INITIAL_HIGHLIGHT_STATE);
  });

  it('never locks on mobile or touch devices', () => {
    const state = highlightReducer(INITIAL_HIGHLIGHT_STATE, { type: 'click', target: source1, isMobile: true });
    expect(state).toEqual({ hovered: source1, locked: null });
  });

  it('disabling a highlighted item clears the highlights; another item leaves them', () => {
    const locked = highlightReducer(INITIAL_HIGHLIGHT_STATE, { type: 'click', target: node3, isMobile: false });
    const highlight = resolveHighlight(NODES, node3, none);
    expect(highlightReducer(locked, { type: 'disable', kind: 'source', id: 2, highlight })).toEqual(
      INITIAL_HIGHLIGHT_STATE,
    );
    expect(highlightReducer(locked, { type: 'disable', kind: 'source', id: 1, highlight })).toBe(locked);
  });
});

describe('how nodes and sources look', () => {
  it('identical, changed, quote and reference text differ; disabled sources leave plain text', () => {
    expect(nodeClasses(NODES[0] ?? node({}), none, false)).toEqual([]);
    expect(nodeClasses(NODES[1] ?? node({}), none, true)).toEqual(['report-node--identical', 'is-highlighted']);
    expect(nodeClasses(NODES[2] ?? node({}), none, false)).toEqual(['report-node--quote']);
    expect(nodeClasses(NODES[3] ?? node({}), none, false)).toEqual(['report-node--changed']);
    expect(nodeClasses(NODES[4] ?? node({}), none, false)).toEqual(['report-node--reference']);
    expect(nodeClasses(NODES[3] ?? node({}), new Set([itemKey('source', 2)]), true)).toEqual([]);
  });

  it('marks AI nodes, strongly likely first', () => {
    expect(aiNodeClass(node({ isLikely: true }))).toBe('ai-mark ai-mark--likely');
    expect(aiNodeClass(node({ isLikely: true, isHlikely: true }))).toBe('ai-mark ai-mark--strong');
    expect(aiNodeClass(node({}))).toBeNull();
  });

  it('links only URLs that are not checked documents (database 9 excepted)', () => {
    const general = [{ type: 'general' as const, db_id: '1' }];
    expect(sourceHref({ source: 'https://example.org/a', index: general })).toBe('https://example.org/a');
    expect(sourceHref({ source: 'https://example.org/a', index: [] })).toBe('https://example.org/a');
    expect(sourceHref({ source: 'An essay on rivers', index: general })).toBeNull();
    expect(sourceHref({ source: 'javascript:alert(1)', index: general })).toBeNull();
    expect(sourceHref({ source: 'https://example.org/a', index: [{ type: 'checked', db_id: '3' }] })).toBeNull();
    expect(sourceHref({ source: 'https://example.org/a', index: [{ type: 'checked', db_id: '9' }] })).toBe(
      'https://example.org/a',
    );
  });

  it("knows database documents by the '#' of their name", () => {
    expect(isDatabaseDocument('#1234 report')).toBe(true);
    expect(isDatabaseDocument('example.org')).toBe(false);
  });
});

describe('sourceKind', () => {
  it('labels database documents, reference collections and internet sources', () => {
    expect(sourceKind({ sourceType: 'checked' }, '#12 Veritext database, checked 2026-11-23')).toBe('database');
    expect(sourceKind({ sourceType: 'ref:maritime' }, 'lighthouses.txt')).toBe('reference');
    expect(sourceKind({ sourceType: 'web' }, 'https://example.org/a')).toBe('internet');
  });
});

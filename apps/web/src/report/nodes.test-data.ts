import type { ReportNode } from '@veritext/contracts';

/** A report node for the report's tests: nothing marked, no sources, but what `partial` says. */
export function node(partial: Partial<ReportNode>): ReportNode {
  return {
    start: 0,
    end: 0,
    text: '',
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

import type { GrammarFinding } from '@veritext/contracts';

/** The react-query key of a document's grammar check. */
export function grammarQueryKey(checkId: number): readonly unknown[] {
  return ['grammar', checkId];
}

/** How many characters of the text either side of a finding its excerpt shows. */
export const EXCERPT_CONTEXT = 32;

export type Excerpt = { before: string; match: string; after: string };

/** The finding's words with a little of the text around them, on one line, cut at word boundaries. */
export function excerptOf(text: string, finding: Pick<GrammarFinding, 'start' | 'end'>): Excerpt {
  const flat = (value: string) => value.replace(/\s+/g, ' ');
  let from = Math.max(0, finding.start - EXCERPT_CONTEXT);
  let to = Math.min(text.length, finding.end + EXCERPT_CONTEXT);
  if (from > 0) {
    const space = text.indexOf(' ', from);
    if (space !== -1 && space < finding.start) from = space + 1;
  }
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > finding.end) to = space;
  }
  return {
    before: (from > 0 ? '…' : '') + flat(text.slice(from, finding.start)).trimStart(),
    match: flat(text.slice(finding.start, finding.end)),
    after: flat(text.slice(finding.end, to)).trimEnd() + (to < text.length ? '…' : ''),
  };
}

export type TextPiece = { text: string; finding: number | null };

/**
 * The text cut into plain pieces and marked ones, each mark the index of its finding; a finding that overlaps one
 * marked before it is listed but not marked again (the findings come ordered by place).
 */
export function piecesOf(text: string, findings: readonly Pick<GrammarFinding, 'start' | 'end'>[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  findings.forEach((finding, index) => {
    const start = Math.max(finding.start, 0);
    const end = Math.min(finding.end, text.length);
    if (start < at || end <= start) return;
    if (start > at) pieces.push({ text: text.slice(at, start), finding: null });
    pieces.push({ text: text.slice(start, end), finding: index });
    at = end;
  });
  if (at < text.length) pieces.push({ text: text.slice(at), finding: null });
  return pieces;
}

/** The DOM id of a finding's mark in the text. */
export function markId(prefix: string, index: number): string {
  return `${prefix}-mark-${String(index)}`;
}

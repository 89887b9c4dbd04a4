import type { CommentSelection } from '../../api/reportTools.ts';

/*
 * The passage a reader selected in the report's text, as offsets into the checked text: what a comment on a
 * selection is sent with (the server checks that the passage is the text at those offsets). The text pane shows the
 * report's nodes one after the other (ReportText.tsx), with screen-reader labels (.visually-hidden) inside the
 * marks: those are not the text and are skipped.
 */

/** The parts of a DOM node this needs (plain objects in tests). */
export type TextTreeNode = {
  nodeType: number;
  textContent: string | null;
  childNodes: ArrayLike<TextTreeNode>;
  classList?: { contains: (name: string) => boolean };
};

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const HIDDEN_CLASS = 'visually-hidden';

/** A boundary of a range: a node and an offset in it (characters in a text node, children in an element). */
export type Boundary = { node: TextTreeNode; offset: number };

function isHidden(node: TextTreeNode): boolean {
  return node.nodeType === ELEMENT_NODE && node.classList?.contains(HIDDEN_CLASS) === true;
}

/**
 * The offset in the container's visible text of a boundary, or null when the boundary is not in the container (or
 * in a hidden label).
 */
export function visibleOffset(container: TextTreeNode, boundary: Boundary): number | null {
  let count = 0;
  let found: number | null = null;
  const walk = (node: TextTreeNode): boolean => {
    if (isHidden(node)) return node === boundary.node;
    if (node === boundary.node) {
      if (node.nodeType === TEXT_NODE) {
        found = count + Math.min(boundary.offset, (node.textContent ?? '').length);
        return true;
      }
      // a boundary between the element's children: the text of the children before it
      for (let index = 0; index < node.childNodes.length; index += 1) {
        if (index === boundary.offset) {
          found = count;
          return true;
        }
        const child = node.childNodes[index];
        if (child !== undefined) walk(child);
      }
      found = count;
      return true;
    }
    if (node.nodeType === TEXT_NODE) {
      count += (node.textContent ?? '').length;
      return false;
    }
    for (let index = 0; index < node.childNodes.length; index += 1) {
      const child = node.childNodes[index];
      if (child !== undefined && walk(child)) return true;
    }
    return false;
  };
  const stopped = walk(container);
  return stopped ? found : null;
}

/** The container's visible text (the report's text without the screen-reader labels). */
export function visibleText(node: TextTreeNode): string {
  if (isHidden(node)) return '';
  if (node.nodeType === TEXT_NODE) return node.textContent ?? '';
  let text = '';
  for (let index = 0; index < node.childNodes.length; index += 1) {
    const child = node.childNodes[index];
    if (child !== undefined) text += visibleText(child);
  }
  return text;
}

/**
 * The selection between two boundaries inside the container, as offsets into the checked text: `base` is the
 * offset where the container's text starts (the first node's start, 0 for a whole text). Spaces at either end are
 * left out. Null when a boundary is outside the container, or nothing but spaces is selected.
 */
export function selectionInText(
  container: TextTreeNode,
  from: Boundary,
  to: Boundary,
  base = 0,
): CommentSelection | null {
  const a = visibleOffset(container, from);
  const b = visibleOffset(container, to);
  if (a === null || b === null) return null;
  const text = visibleText(container);
  let start = Math.min(a, b);
  let end = Math.max(a, b);
  while (start < end && /\s/.test(text.charAt(start))) start += 1;
  while (end > start && /\s/.test(text.charAt(end - 1))) end -= 1;
  if (start >= end) return null;
  return { start: base + start, end: base + end, quote: text.slice(start, end) };
}

/**
 * The browser's current selection inside `container` (the report's text pane), for a comment on it; null when
 * there is none there. `base`: the offset of the container's first character in the checked text.
 */
export function currentTextSelection(container: HTMLElement, base = 0): CommentSelection | null {
  const selection = window.getSelection();
  if (selection === null || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  return selectionInText(
    container,
    { node: range.startContainer, offset: range.startOffset },
    { node: range.endContainer, offset: range.endOffset },
    base,
  );
}

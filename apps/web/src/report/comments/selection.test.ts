import { describe, expect, it } from 'vitest';
import { selectionInText, visibleText, type TextTreeNode } from './selection.ts';

function text(value: string): TextTreeNode {
  return { nodeType: 3, textContent: value, childNodes: [] };
}
function element(children: TextTreeNode[], className = ''): TextTreeNode {
  return {
    nodeType: 1,
    textContent: null,
    childNodes: children,
    classList: { contains: (name) => className.split(' ').includes(name) },
  };
}

// "Rivers shape valleys. " plain, then a mark with its hidden labels around "Water carves rock.", then " The end."
const first = text('Rivers shape valleys. ');
const marked = text('Water carves rock.');
const last = text(' The end.');
const mark = element([
  element([text('identical text')], 'visually-hidden'),
  marked,
  element([text('end')], 'visually-hidden'),
]);
const pane = element([element([first]), mark, element([last])]);
const CONTENT = 'Rivers shape valleys. Water carves rock. The end.';

describe('the selected passage as offsets into the checked text', () => {
  it('reads the text without the screen-reader labels', () => {
    expect(visibleText(pane)).toBe(CONTENT);
  });

  it('maps a selection across a mark to the offsets of the checked text', () => {
    const selection = selectionInText(pane, { node: first, offset: 7 }, { node: marked, offset: 12 });
    expect(selection).toEqual({ start: 7, end: 34, quote: 'shape valleys. Water carves' });
    expect(CONTENT.slice(selection?.start, selection?.end)).toBe(selection?.quote);
  });

  it('adds the offset where the pane starts, leaves spaces out at both ends, and takes a backwards selection', () => {
    const selection = selectionInText(pane, { node: last, offset: 5 }, { node: first, offset: 21 }, 100);
    expect(selection).toEqual({ start: 122, end: 144, quote: 'Water carves rock. The' });
  });

  it('takes a boundary between an element’s children', () => {
    expect(selectionInText(pane, { node: pane, offset: 1 }, { node: pane, offset: 2 })?.quote).toBe(
      'Water carves rock.',
    );
  });

  it('is nothing for a selection of spaces or outside the pane', () => {
    expect(selectionInText(pane, { node: first, offset: 21 }, { node: first, offset: 22 })).toBeNull();
    expect(selectionInText(pane, { node: text('elsewhere'), offset: 0 }, { node: first, offset: 3 })).toBeNull();
  });
});

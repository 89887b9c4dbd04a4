import { describe, expect, it } from 'vitest';
import { INITIAL_SHEET, SHEET_HEIGHTS_PX, sheetReducer, swipeDirection, type SheetState } from './sheet.ts';

const ALL: SheetState[] = ['collapsed', 'peeking', 'expanded'];

describe('the bottom sheet', () => {
  it('is 0, 60 or 400 px high and starts peeking', () => {
    expect(SHEET_HEIGHTS_PX).toEqual({ collapsed: 0, peeking: 60, expanded: 400 });
    expect(INITIAL_SHEET).toBe('peeking');
  });

  it('expands on a swipe up and collapses on a swipe down, from anywhere', () => {
    for (const state of ALL) {
      expect(sheetReducer(state, { type: 'swipe', direction: 'up' })).toBe('expanded');
      expect(sheetReducer(state, { type: 'swipe', direction: 'down' })).toBe('collapsed');
    }
  });

  it('a tap on the handle toggles peeking and expanded (and opens a collapsed sheet)', () => {
    expect(sheetReducer('peeking', { type: 'tapHandle' })).toBe('expanded');
    expect(sheetReducer('expanded', { type: 'tapHandle' })).toBe('peeking');
    expect(sheetReducer('collapsed', { type: 'tapHandle' })).toBe('expanded');
  });

  it('a tap outside only lowers an expanded sheet to peeking', () => {
    expect(sheetReducer('expanded', { type: 'tapOutside' })).toBe('peeking');
    expect(sheetReducer('collapsed', { type: 'tapOutside' })).toBe('collapsed');
    expect(sheetReducer('peeking', { type: 'tapOutside' })).toBe('peeking');
  });

  it('hovering a source peeks; hovering a text node with enabled sources expands', () => {
    expect(sheetReducer('expanded', { type: 'hoverSource' })).toBe('peeking');
    expect(sheetReducer('collapsed', { type: 'hoverSource' })).toBe('peeking');
    expect(sheetReducer('peeking', { type: 'hoverNode', hasEnabledSources: true })).toBe('expanded');
    expect(sheetReducer('collapsed', { type: 'hoverNode', hasEnabledSources: false })).toBe('collapsed');
  });

  it('reads a touch as a swipe only past 50 px', () => {
    expect(swipeDirection(300, 249)).toBe('up');
    expect(swipeDirection(300, 250)).toBeNull();
    expect(swipeDirection(300, 351)).toBe('down');
    expect(swipeDirection(300, 350)).toBeNull();
  });
});

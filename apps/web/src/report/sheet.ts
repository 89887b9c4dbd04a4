import { TIMINGS } from '@veritext/contracts';

/** The right pane as a bottom sheet under 768 px (check-tool.md §4, §9). */
export type SheetState = 'collapsed' | 'peeking' | 'expanded';

export const SHEET_HEIGHTS_PX: Readonly<Record<SheetState, number>> = { collapsed: 0, peeking: 60, expanded: 400 };

export const INITIAL_SHEET: SheetState = 'peeking';

export type SheetEvent =
  | { type: 'swipe'; direction: 'up' | 'down' }
  | { type: 'tapHandle' }
  | { type: 'tapOutside' }
  | { type: 'hoverSource' }
  | { type: 'hoverNode'; hasEnabledSources: boolean };

export function sheetReducer(state: SheetState, event: SheetEvent): SheetState {
  switch (event.type) {
    case 'swipe':
      return event.direction === 'up' ? 'expanded' : 'collapsed';
    case 'tapHandle':
      return state === 'expanded' ? 'peeking' : 'expanded';
    case 'tapOutside':
      return state === 'expanded' ? 'peeking' : state;
    case 'hoverSource':
      return 'peeking';
    case 'hoverNode':
      return event.hasEnabledSources ? 'expanded' : state;
  }
}

/** A finished touch on the handle: a swipe when it moved more than 50 px vertically, else nothing. */
export function swipeDirection(startY: number, endY: number): 'up' | 'down' | null {
  const delta = endY - startY;
  if (Math.abs(delta) <= TIMINGS.swipeThresholdPx) return null;
  return delta < 0 ? 'up' : 'down';
}

import { TIMINGS } from '@veritext/contracts';

const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/**
 * Mobile in the sense of the highlighting rules (check-tool.md §4): a width under 768 px or a mobile
 * user agent, with touch support. There a click highlights without locking.
 */
export function isMobileDevice(options: { width: number; userAgent: string; hasTouch: boolean }): boolean {
  return (options.width < TIMINGS.mobileBreakpointPx || MOBILE_AGENT.test(options.userAgent)) && options.hasTouch;
}

/** The media query under which the right pane is a bottom sheet. */
export const NARROW_QUERY = `(max-width: ${String(TIMINGS.mobileBreakpointPx - 0.02)}px)`;

export function currentDeviceIsMobile(): boolean {
  if (typeof window === 'undefined') return false;
  return isMobileDevice({
    width: window.innerWidth,
    userAgent: window.navigator.userAgent,
    hasTouch: 'ontouchstart' in window || window.navigator.maxTouchPoints > 0,
  });
}

/**
 * Whether the primary pointer cannot hover (a touch screen). There, the browser's "mouse" pointerover events
 * are left over from the last tap (replayed as the layout moves under its point): no one hovers, so they must
 * not highlight, scroll the report or move the bottom sheet (a scroll they start would swallow the next tap).
 */
export function hoverIsAbsent(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(hover: none)').matches
    : false;
}

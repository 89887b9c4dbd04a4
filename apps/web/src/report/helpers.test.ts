import { describe, expect, it } from 'vitest';
import { isMobileDevice, NARROW_QUERY } from './device.ts';
import { formatPillPercent, formatReportPercent, pillPercent } from './format.ts';
import { animateScroll, easeInOutCubic, scrollTargetTop, type FrameScheduler } from './scroll.ts';
import { nextTabIndex } from './tabs.ts';

describe('percent formatting', () => {
  it('shows two decimals in the language of the page', () => {
    // a no-break space before the sign, so that "%" never wraps onto a line of its own
    expect(formatReportPercent(12.345, 'en')).toBe('12.35\u00a0%');
    expect(formatReportPercent(0, 'en')).toBe('0.00\u00a0%');
    expect(formatReportPercent(7.5, 'es')).toBe('7,50\u00a0%');
    expect(formatReportPercent(1234.5, 'en')).toBe('1,234.50\u00a0%');
  });

  it('a positive pill shows at least 1 %', () => {
    expect(pillPercent(0)).toBe(0);
    expect(pillPercent(0.01)).toBe(1);
    expect(pillPercent(0.6)).toBe(1);
    expect(pillPercent(12.5)).toBe(13);
    expect(pillPercent(Number.NaN)).toBe(0);
    expect(formatPillPercent(0.2, 'en')).toBe('1\u00a0%');
    expect(formatPillPercent(0, 'en')).toBe('0\u00a0%');
  });
});

describe('smooth scrolling', () => {
  it('eases in and out', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
    expect(easeInOutCubic(0.75)).toBeGreaterThan(0.75);
    expect(easeInOutCubic(3)).toBe(1);
  });

  it('puts the element 20 px below the top, within the scroll range', () => {
    expect(scrollTargetTop({ containerTop: 100, elementTop: 400, scrollTop: 50, maxScrollTop: 1000 })).toBe(330);
    expect(scrollTargetTop({ containerTop: 100, elementTop: 110, scrollTop: 0, maxScrollTop: 1000 })).toBe(0);
    expect(scrollTargetTop({ containerTop: 0, elementTop: 5000, scrollTop: 0, maxScrollTop: 800 })).toBe(800);
  });

  it('animates over 300 ms with animation frames and can be cancelled', () => {
    let now = 0;
    const queue: ((time: number) => void)[] = [];
    const frames: FrameScheduler = {
      now: () => now,
      requestFrame: (callback) => queue.push(callback),
      cancelFrame: () => {
        queue.length = 0;
      },
    };
    const values: number[] = [];
    animateScroll({ from: 0, to: 100, frames, apply: (value) => values.push(value) });
    const run = (time: number): void => {
      now = time;
      const next = queue.shift();
      next?.(time);
    };
    run(150);
    expect(values.at(-1)).toBe(50);
    run(300);
    expect(values.at(-1)).toBe(100);
    expect(queue).toHaveLength(0);

    values.length = 0;
    now = 0;
    const cancel = animateScroll({ from: 0, to: 100, frames, apply: (value) => values.push(value) });
    run(100);
    cancel();
    expect(queue).toHaveLength(0);
    expect(values).toHaveLength(1);
  });
});

describe('tab keys', () => {
  const disabled = [false, false, false, true, false];
  it('arrows wrap and skip the locked tab; Home and End jump', () => {
    expect(nextTabIndex('ArrowRight', 2, disabled)).toBe(4);
    expect(nextTabIndex('ArrowRight', 4, disabled)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, disabled)).toBe(4);
    expect(nextTabIndex('ArrowLeft', 4, disabled)).toBe(2);
    expect(nextTabIndex('Home', 3, disabled)).toBe(0);
    expect(nextTabIndex('End', 0, disabled)).toBe(4);
    expect(nextTabIndex('Enter', 0, disabled)).toBeNull();
    expect(nextTabIndex('ArrowDown', 0, [false, false], 'vertical')).toBe(1);
  });
});

describe('mobile devices', () => {
  it('are narrow or mobile by their agent, and have touch', () => {
    expect(isMobileDevice({ width: 375, userAgent: 'Mozilla/5.0 (X11; Linux)', hasTouch: true })).toBe(true);
    expect(isMobileDevice({ width: 375, userAgent: 'Mozilla/5.0 (X11; Linux)', hasTouch: false })).toBe(false);
    expect(isMobileDevice({ width: 1280, userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_0)', hasTouch: true })).toBe(true);
    expect(isMobileDevice({ width: 1280, userAgent: 'Mozilla/5.0 (Windows NT 10.0)', hasTouch: true })).toBe(false);
    expect(NARROW_QUERY).toBe('(max-width: 767.98px)');
  });
});

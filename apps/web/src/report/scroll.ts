import { TIMINGS } from '@veritext/contracts';

/** Ease in and out (cubic): slow start, fast middle, slow end; t and the result are in [0, 1]. */
export function easeInOutCubic(t: number): number {
  const x = Math.min(Math.max(t, 0), 1);
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** The scrollTop that puts an element 20 px below the top of its scrolling container. */
export function scrollTargetTop(options: {
  containerTop: number;
  elementTop: number;
  scrollTop: number;
  maxScrollTop: number;
  offsetPx?: number;
}): number {
  const offset = options.offsetPx ?? TIMINGS.scrollOffsetPx;
  const target = options.scrollTop + options.elementTop - options.containerTop - offset;
  return Math.round(Math.min(Math.max(target, 0), Math.max(options.maxScrollTop, 0)));
}

export type FrameScheduler = {
  now: () => number;
  requestFrame: (callback: (time: number) => void) => number;
  cancelFrame: (handle: number) => void;
};

/**
 * Animates a value from `from` to `to` in 300 ms with requestAnimationFrame and easing; `apply` sets it
 * (a container's scrollTop). Returns a function that cancels the animation.
 */
export function animateScroll(options: {
  from: number;
  to: number;
  apply: (value: number) => void;
  frames: FrameScheduler;
  durationMs?: number;
}): () => void {
  const duration = options.durationMs ?? TIMINGS.scrollDurationMs;
  const start = options.frames.now();
  let handle: number | null = null;
  const step = (time: number): void => {
    const progress = duration <= 0 ? 1 : (time - start) / duration;
    options.apply(options.from + (options.to - options.from) * easeInOutCubic(progress));
    handle = progress < 1 ? options.frames.requestFrame(step) : null;
  };
  if (options.from === options.to) {
    options.apply(options.to);
    return () => undefined;
  }
  handle = options.frames.requestFrame(step);
  return () => {
    if (handle !== null) options.frames.cancelFrame(handle);
    handle = null;
  };
}

/** Scrolls `container` smoothly so that `element` sits 20 px below its top (reduced motion: at once). */
export function scrollIntoContainer(container: HTMLElement, element: HTMLElement): () => void {
  const to = scrollTargetTop({
    containerTop: container.getBoundingClientRect().top,
    elementTop: element.getBoundingClientRect().top,
    scrollTop: container.scrollTop,
    maxScrollTop: container.scrollHeight - container.clientHeight,
  });
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return animateScroll({
    from: container.scrollTop,
    to,
    durationMs: reduced ? 0 : TIMINGS.scrollDurationMs,
    apply: (value) => {
      container.scrollTop = value;
    },
    frames: {
      now: () => performance.now(),
      requestFrame: (callback) => window.requestAnimationFrame(callback),
      cancelFrame: (handle) => {
        window.cancelAnimationFrame(handle);
      },
    },
  });
}

/**
 * The element that scrolls `element` into view: itself or its nearest ancestor that scrolls vertically (the
 * text pane on wide screens; on a phone the report, which holds the text and then the totals).
 */
export function scrollContainerOf(element: HTMLElement): HTMLElement {
  for (let at: HTMLElement | null = element; at !== null; at = at.parentElement) {
    const overflow = window.getComputedStyle(at).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return at;
  }
  return element;
}

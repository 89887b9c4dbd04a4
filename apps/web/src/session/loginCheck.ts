import { TIMINGS } from '@veritext/contracts';

export type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/**
 * When to ask the server whether the visitor is logged in (check-tool.md §4): with a token known, or on
 * a blog page (which reads the state with one call rather than polling), once at once; otherwise first
 * at 0.5 s, then up to 5 more times every 2 s while the answer is "not logged in".
 */
export function loginCheckDelays(options: { hasToken: boolean; isBlog: boolean }): number[] {
  if (options.hasToken || options.isBlog) return [0];
  return [
    TIMINGS.loginRecheckFirstMs,
    ...Array.from({ length: TIMINGS.loginRecheckRetries }, () => TIMINGS.loginRecheckIntervalMs),
  ];
}

/**
 * Runs `check` after each delay in turn until it reports a logged-in user. A failing check counts as
 * "not logged in" (the next attempt may succeed). Returns a function that stops the schedule.
 */
export function scheduleLoginChecks(
  delays: readonly number[],
  check: () => Promise<boolean>,
  timers: Timers,
): () => void {
  let stopped = false;
  let handle: unknown = null;

  const runFrom = (index: number): void => {
    const delay = delays[index];
    if (stopped || delay === undefined) return;
    handle = timers.setTimeout(() => {
      handle = null;
      check()
        .catch(() => false)
        .then((loggedIn) => {
          if (!loggedIn) runFrom(index + 1);
        })
        .catch(() => undefined);
    }, delay);
  };

  runFrom(0);
  return () => {
    stopped = true;
    if (handle !== null) timers.clearTimeout(handle);
  };
}

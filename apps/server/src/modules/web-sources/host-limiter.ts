/*
 * Politeness towards the sites the web stage downloads from (issue 14 §3): at most `concurrency` requests to
 * one host at a time, and at least `delayMs` between the starts of two requests to it. Each host has its own
 * queue, so a slow or tarpitting host only ever holds up the requests queued for that host; requests to every
 * other host start at once. A host's state is dropped as soon as it is idle and its delay has passed, so the
 * map stays as small as the set of hosts being downloaded from right now.
 */

type HostState = {
  active: number;
  /** When the last request to the host started (ms since the epoch); 0 before the first. */
  lastStart: number;
  queue: Array<() => void>;
  timer: NodeJS.Timeout | null;
};

export type HostLimiter = {
  /**
   * Runs `task` when the host has a free slot and its delay has passed. An abort while the task is still
   * queued takes it out of the queue and rejects with the signal's reason; once started, the task owns its
   * own cancellation.
   */
  run<T>(host: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Requests running or queued for a host (for tests and metrics). */
  load(host: string): { active: number; queued: number };
};

export function createHostLimiter(options: { concurrency: number; delayMs: number }): HostLimiter {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const delayMs = Math.max(0, options.delayMs);
  const hosts = new Map<string, HostState>();

  function pump(host: string, state: HostState): void {
    if (state.timer !== null) return;
    while (state.active < concurrency && state.queue.length > 0) {
      const wait = state.lastStart + delayMs - Date.now();
      if (wait > 0) {
        schedule(host, state, wait);
        return;
      }
      const start = state.queue.shift();
      state.active += 1;
      state.lastStart = Date.now();
      start?.();
    }
    if (state.active === 0 && state.queue.length === 0) {
      const wait = state.lastStart + delayMs - Date.now();
      // Kept until the delay has passed, so that the next request still waits for it.
      if (wait > 0) schedule(host, state, wait).unref();
      else hosts.delete(host);
    }
  }

  function schedule(host: string, state: HostState, wait: number): NodeJS.Timeout {
    state.timer = setTimeout(() => {
      state.timer = null;
      pump(host, state);
    }, wait);
    return state.timer;
  }

  return {
    async run<T>(host: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      signal?.throwIfAborted();
      let state = hosts.get(host);
      if (state === undefined) {
        state = { active: 0, lastStart: 0, queue: [], timer: null };
        hosts.set(host, state);
      }
      const held = state;
      await new Promise<void>((resolve, reject) => {
        const onAbort = (): void => {
          const index = held.queue.indexOf(start);
          if (index === -1) return;
          held.queue.splice(index, 1);
          reject(signal?.reason as Error);
          pump(host, held);
        };
        const start = (): void => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        held.queue.push(start);
        // A queued request keeps the process alive: the timer that will start it may be the idle clean-up one.
        held.timer?.ref();
        pump(host, held);
      });
      try {
        return await task();
      } finally {
        held.active -= 1;
        pump(host, held);
      }
    },

    load(host: string): { active: number; queued: number } {
      const state = hosts.get(host);
      return { active: state?.active ?? 0, queued: state?.queue.length ?? 0 };
    },
  };
}

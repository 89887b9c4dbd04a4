import { TIMINGS } from '@veritext/contracts';
import type { Timers } from '../session/loginCheck.ts';

/**
 * Runs queued jobs one at a time with at least `spacingMs` between starts: several files are verified
 * one per second (check-tool.md §2, §9). The first job of an idle queue starts at once.
 */
export function createSpacedQueue<T>(options: {
  run: (job: T) => Promise<void> | void;
  timers: Timers;
  spacingMs?: number;
  onError?: (error: unknown) => void;
}) {
  const spacingMs = options.spacingMs ?? TIMINGS.fileQueueSpacingMs;
  let pending: T[] = [];
  let handle: unknown = null;
  let stopped = false;

  function tick(): void {
    handle = null;
    if (stopped) return;
    const job = pending.shift();
    if (job === undefined) return;
    try {
      const result = options.run(job);
      if (result instanceof Promise) result.catch((error: unknown) => options.onError?.(error));
    } catch (error) {
      options.onError?.(error);
    }
    // Wait the spacing even after the last job, so a job added right away keeps the spacing too.
    handle = options.timers.setTimeout(() => {
      handle = null;
      if (pending.length > 0) tick();
    }, spacingMs);
  }

  return {
    enqueue(...jobs: T[]): void {
      if (stopped) return;
      pending.push(...jobs);
      if (handle === null) tick();
    },
    /** Drops the waiting jobs that match (a removed file is not verified). */
    remove(matches: (job: T) => boolean): void {
      pending = pending.filter((job) => !matches(job));
    },
    size: (): number => pending.length,
    stop(): void {
      stopped = true;
      pending = [];
      if (handle !== null) options.timers.clearTimeout(handle);
      handle = null;
    },
  };
}
export type SpacedQueue<T> = ReturnType<typeof createSpacedQueue<T>>;

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSpacedQueue } from './spacedQueue.ts';

const timers = {
  setTimeout: (callback: () => void, ms: number): unknown => setTimeout(callback, ms),
  clearTimeout: (handle: unknown): void => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

describe('the one-per-second file queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first job at once, then one per second', () => {
    const run = vi.fn<(job: string) => void>();
    const queue = createSpacedQueue<string>({ run, timers, spacingMs: 1000 });
    queue.enqueue('a', 'b', 'c');
    expect(run.mock.calls.map((call) => call[0])).toEqual(['a']);
    vi.advanceTimersByTime(999);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run.mock.calls.map((call) => call[0])).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1000);
    expect(run.mock.calls.map((call) => call[0])).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('keeps the spacing for a job added right after the last one ran', () => {
    const run = vi.fn<(job: string) => void>();
    const queue = createSpacedQueue<string>({ run, timers, spacingMs: 1000 });
    queue.enqueue('a');
    vi.advanceTimersByTime(300);
    queue.enqueue('b');
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(700);
    expect(run).toHaveBeenLastCalledWith('b');
    // Idle for longer than the spacing: the next job starts at once.
    vi.advanceTimersByTime(3000);
    queue.enqueue('c');
    expect(run).toHaveBeenLastCalledWith('c');
  });

  it('drops removed jobs and stops', async () => {
    const run = vi.fn<(job: string) => void>();
    const onError = vi.fn();
    const failing = createSpacedQueue<string>({
      run: () => Promise.reject(new Error('boom')),
      timers,
      onError,
    });
    failing.enqueue('x');
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledTimes(1);

    const queue = createSpacedQueue<string>({ run, timers, spacingMs: 1000 });
    queue.enqueue('a', 'b', 'c');
    queue.remove((job) => job === 'b');
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenLastCalledWith('c');
    queue.enqueue('d');
    queue.stop();
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(queue.size()).toBe(0);
  });
});

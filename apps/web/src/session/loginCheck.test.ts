import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginCheckDelays, scheduleLoginChecks, type Timers } from './loginCheck.ts';

const timers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

describe('loginCheckDelays', () => {
  it('checks once at once with a token or on a blog page', () => {
    expect(loginCheckDelays({ hasToken: true, isBlog: false })).toEqual([0]);
    expect(loginCheckDelays({ hasToken: false, isBlog: true })).toEqual([0]);
  });

  it('without a token: first at 0.5 s, then 5 retries every 2 s', () => {
    expect(loginCheckDelays({ hasToken: false, isBlog: false })).toEqual([500, 2000, 2000, 2000, 2000, 2000]);
  });
});

describe('scheduleLoginChecks', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries while not logged in and gives up after the last retry', async () => {
    const check = vi.fn(() => Promise.resolve(false));
    scheduleLoginChecks(loginCheckDelays({ hasToken: false, isBlog: false }), check, timers);
    await vi.advanceTimersByTimeAsync(499);
    expect(check).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20000);
    expect(check).toHaveBeenCalledTimes(6);
  });

  it('stops as soon as the user is logged in, and treats failures as "not yet"', async () => {
    const check = vi
      .fn<() => Promise<boolean>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(true);
    scheduleLoginChecks([500, 2000, 2000], check, timers);
    await vi.advanceTimersByTimeAsync(10000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('can be cancelled', async () => {
    const check = vi.fn(() => Promise.resolve(false));
    const cancel = scheduleLoginChecks([500, 2000], check, timers);
    cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(check).not.toHaveBeenCalled();
  });
});

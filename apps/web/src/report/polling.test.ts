import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Timers } from '../session/loginCheck.ts';
import { aiFailureKeys, aiPartOutcome, documentOutcome, pollUntil, canOfferAi } from './polling.ts';

const timers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

describe('documentOutcome', () => {
  it('polls on 3, fetches the report on 5, fails on 4 and anything else', () => {
    expect(documentOutcome({ state: 3, error: null })).toEqual({ kind: 'pending' });
    expect(documentOutcome({ state: 5, error: null })).toEqual({ kind: 'ready' });
    expect(documentOutcome({ state: 4, error: 'The check failed.' })).toEqual({
      kind: 'failed',
      message: 'The check failed.',
    });
    expect(documentOutcome({ state: 4, error: null })).toEqual({ kind: 'failed', message: null });
    expect(documentOutcome({ state: 1, error: '  ' })).toEqual({ kind: 'failed', message: null });
  });
});

describe('aiPartOutcome', () => {
  it('null, 1 and 2 are in progress; 3 and 5-9 fail with their reason; the rest are done', () => {
    for (const status of [null, 1, 2]) expect(aiPartOutcome(status)).toEqual({ kind: 'pending' });
    expect(aiPartOutcome(3)).toEqual({ kind: 'failed', reason: 'failed' });
    for (const status of [5, 6, 7]) expect(aiPartOutcome(status)).toEqual({ kind: 'failed', reason: 'tooShort' });
    expect(aiPartOutcome(8)).toEqual({ kind: 'failed', reason: 'tooLong' });
    expect(aiPartOutcome(9)).toEqual({ kind: 'failed', reason: 'language' });
    expect(aiPartOutcome(4)).toEqual({ kind: 'done' });
    expect(aiPartOutcome(10)).toEqual({ kind: 'done' });
  });

  it('never times out by itself (the poller counts)', () => {
    expect(aiPartOutcome(null)).toEqual({ kind: 'pending' });
  });

  it('sends the AI check only when enabled and never sent', () => {
    expect(canOfferAi({ enabled: true, status: null })).toBe(true);
    expect(canOfferAi({ enabled: true, status: 1 })).toBe(false);
    expect(canOfferAi({ enabled: false, status: null })).toBe(false);
  });

  it('words failures as the AI detector does', () => {
    expect(aiFailureKeys('timeout')).toEqual({ title: 'ai.failure.timeout', body: null });
    expect(aiFailureKeys('language').body).toBe('ai.failure.language');
  });
});

describe('pollUntil', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks at once, then every 5 s, and stops on the first answer that is not pending', async () => {
    const answers = [3, 3, 5];
    const fetch = vi.fn(() => Promise.resolve(answers.shift() ?? 5));
    const onDone = vi.fn();
    pollUntil({ fetch, isPending: (v) => v === 3, timers, onDone, onTimeout: vi.fn(), onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onDone).toHaveBeenCalledWith(5);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('gives up after 120 attempts with a timeout', async () => {
    const fetch = vi.fn(() => Promise.resolve(3));
    const onTimeout = vi.fn();
    const onDone = vi.fn();
    pollUntil({ fetch, isPending: () => true, timers, onDone, onTimeout, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(5000 * 118);
    expect(fetch).toHaveBeenCalledTimes(119);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(120);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(120);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('ends on a failed call, and nothing runs after stop', async () => {
    const onError = vi.fn();
    pollUntil({
      fetch: () => Promise.reject(new Error('offline')),
      isPending: () => true,
      timers,
      onDone: vi.fn(),
      onTimeout: vi.fn(),
      onError,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(new Error('offline'));

    const fetch = vi.fn(() => Promise.resolve(3));
    const stop = pollUntil({ fetch, isPending: () => true, timers, onDone: vi.fn(), onTimeout: vi.fn(), onError });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

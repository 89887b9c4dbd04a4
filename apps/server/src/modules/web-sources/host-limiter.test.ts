import { describe, expect, it } from 'vitest';
import { createHostLimiter } from './host-limiter.ts';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the per-host limiter', () => {
  it('runs at most `concurrency` tasks per host, starts spaced by the delay, other hosts at once', async () => {
    const limiter = createHostLimiter({ concurrency: 2, delayMs: 50 });
    const origin = Date.now();
    const starts: Record<string, number[]> = { a: [], b: [] };
    let running = 0;
    let most = 0;
    const task = (host: 'a' | 'b', ms: number) => async (): Promise<void> => {
      starts[host]?.push(Date.now() - origin);
      running += host === 'a' ? 1 : 0;
      most = Math.max(most, running);
      await sleep(ms);
      running -= host === 'a' ? 1 : 0;
    };
    await Promise.all([
      ...[1, 2, 3, 4].map(() => limiter.run('a', task('a', 150))),
      (async () => {
        await sleep(10);
        await limiter.run('b', task('b', 1));
      })(),
    ]);
    const a = starts['a'] ?? [];
    expect(most).toBe(2);
    expect(a).toHaveLength(4);
    for (let index = 1; index < a.length; index += 1) {
      expect((a[index] ?? 0) - (a[index - 1] ?? 0)).toBeGreaterThanOrEqual(45);
    }
    // The third waits for a slot (150 ms), not only for the delay.
    expect(a[2]).toBeGreaterThanOrEqual(140);
    expect(starts['b']?.[0]).toBeLessThan(100);
    expect(limiter.load('a')).toEqual({ active: 0, queued: 0 });
  });

  it('takes an aborted task out of the queue and rejects it with the reason', async () => {
    const limiter = createHostLimiter({ concurrency: 1, delayMs: 0 });
    let release = (): void => undefined;
    const first = limiter.run('a', () => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    let ran = false;
    const second = limiter.run(
      'a',
      async () => {
        ran = true;
      },
      controller.signal,
    );
    await sleep(5);
    expect(limiter.load('a')).toEqual({ active: 1, queued: 1 });
    controller.abort(new Error('gave up'));
    await expect(second).rejects.toThrow('gave up');
    expect(limiter.load('a')).toEqual({ active: 1, queued: 0 });
    release();
    await first;
    expect(ran).toBe(false);
  });

  it('frees the slot of a task that fails', async () => {
    const limiter = createHostLimiter({ concurrency: 1, delayMs: 0 });
    await expect(limiter.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run('a', () => Promise.resolve('next'))).resolves.toBe('next');
  });
});

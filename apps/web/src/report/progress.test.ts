import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import type { Timers } from '../session/loginCheck.ts';
import {
  createProgressSchedule,
  INITIAL_PROGRESS,
  INTERNET_PROGRESS_MESSAGE_KEYS,
  LAST_STEP,
  PROGRESS_MESSAGE_KEYS,
  progressMessageKeys,
  progressPercent,
  stepDurationMs,
  type ProgressState,
} from './progress.ts';

const timers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

function start(random: () => number = () => 0) {
  const states: ProgressState[] = [];
  const schedule = createProgressSchedule({ timers, random, onChange: (state) => states.push(state) });
  schedule.start();
  return { schedule, states };
}

describe('the progress messages', () => {
  it('are ten distinct keys', () => {
    expect(PROGRESS_MESSAGE_KEYS).toHaveLength(10);
    expect(new Set(PROGRESS_MESSAGE_KEYS).size).toBe(10);
    expect(LAST_STEP).toBe(9);
  });

  it('each last a random 2.5 to 5 s', () => {
    expect(stepDurationMs(() => 0)).toBe(2500);
    expect(stepDurationMs(() => 0.5)).toBe(3750);
    expect(stepDurationMs(() => 0.999999)).toBeCloseTo(5000, 0);
    expect(stepDurationMs(() => 7)).toBe(5000);
  });

  it('fill the bar a tenth at a time, and the whole bar when finished', () => {
    expect(progressPercent(INITIAL_PROGRESS)).toBe(10);
    expect(progressPercent({ step: 4, isReady: false, isFinished: false })).toBe(50);
    expect(progressPercent({ step: 9, isReady: true, isFinished: false })).toBe(100);
    expect(progressPercent({ step: 3, isReady: true, isFinished: true })).toBe(100);
  });
});

describe('createProgressSchedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves one message every random step and waits at the last one for the data', () => {
    const { schedule } = start(() => 0.5); // 3750 ms a step
    vi.advanceTimersByTime(3749);
    expect(schedule.getState().step).toBe(0);
    vi.advanceTimersByTime(1);
    expect(schedule.getState().step).toBe(1);
    vi.advanceTimersByTime(3750 * 8);
    expect(schedule.getState()).toEqual({ step: 9, isReady: false, isFinished: false });
    vi.advanceTimersByTime(60_000);
    expect(schedule.getState()).toEqual({ step: 9, isReady: false, isFinished: false });
  });

  it('after the last message with the data ready, finishes 2.5 s later', () => {
    const { schedule } = start(() => 0);
    vi.advanceTimersByTime(2500 * 9);
    expect(schedule.getState().step).toBe(9);
    schedule.markReady();
    vi.advanceTimersByTime(2499);
    expect(schedule.getState().isFinished).toBe(false);
    vi.advanceTimersByTime(1);
    expect(schedule.getState()).toEqual({ step: 9, isReady: true, isFinished: true });
  });

  it('data ready early jumps to the last message and finishes after 2.5 s, skipping the rest', () => {
    const { schedule, states } = start(() => 1);
    vi.advanceTimersByTime(5000 * 2);
    expect(schedule.getState().step).toBe(2);
    schedule.markReady();
    expect(schedule.getState()).toEqual({ step: 9, isReady: true, isFinished: false });
    vi.advanceTimersByTime(2500);
    expect(schedule.getState().isFinished).toBe(true);
    expect(states.map((state) => state.step)).toEqual([1, 2, 9, 9]);
    // No step timer survives the jump.
    vi.advanceTimersByTime(60_000);
    expect(states).toHaveLength(4);
  });

  it('ready before it starts still finishes 2.5 s later; a second markReady changes nothing', () => {
    const states: ProgressState[] = [];
    const schedule = createProgressSchedule({ timers, random: () => 0, onChange: (state) => states.push(state) });
    schedule.markReady();
    schedule.start();
    schedule.markReady();
    vi.advanceTimersByTime(2500);
    expect(states).toEqual([
      { step: 9, isReady: true, isFinished: false },
      { step: 9, isReady: true, isFinished: true },
    ]);
  });

  it('stop cancels everything', () => {
    const { schedule, states } = start(() => 0);
    schedule.stop();
    vi.advanceTimersByTime(60_000);
    schedule.markReady();
    expect(states).toEqual([]);
  });
});

describe('the progress messages', () => {
  const textOf = (messages: typeof en, key: string): string | undefined =>
    (messages.report.progress.steps as Record<string, string>)[key.split('.').at(-1) ?? ''];

  it('name only stages that run: ten of them, none says the internet is searched where it is not (issue 13, A2)', () => {
    expect(progressMessageKeys(false)).toBe(PROGRESS_MESSAGE_KEYS);
    for (const messages of [en, es]) {
      for (const key of PROGRESS_MESSAGE_KEYS) {
        const text = textOf(messages, key);
        expect(text, key).toBeDefined();
        expect(text?.toLowerCase()).not.toContain('internet');
      }
    }
  });

  it('where the internet is searched, name its two stages in place of two minor ones: still ten (issue 14)', () => {
    const keys: readonly string[] = progressMessageKeys(true);
    expect(keys).toBe(INTERNET_PROGRESS_MESSAGE_KEYS);
    expect(keys).toHaveLength(10);
    expect(new Set(keys).size).toBe(10);
    const added = keys.filter((key) => !(PROGRESS_MESSAGE_KEYS as readonly string[]).includes(key));
    expect(added).toEqual(['report.progress.steps.internetSearch', 'report.progress.steps.internetPages']);
    // the search comes before the comparison, and both before the passages are aligned, as the check runs them
    expect(keys.indexOf('report.progress.steps.internetSearch')).toBeLessThan(
      keys.indexOf('report.progress.steps.internetPages'),
    );
    expect(keys.indexOf('report.progress.steps.internetPages')).toBeLessThan(
      keys.indexOf('report.progress.steps.aligning'),
    );
    expect(keys[0]).toBe(PROGRESS_MESSAGE_KEYS[0]);
    expect(keys[LAST_STEP]).toBe(PROGRESS_MESSAGE_KEYS[LAST_STEP]);
    for (const messages of [en, es]) {
      for (const key of added) expect(textOf(messages, key)?.toLowerCase(), key).toMatch(/internet|páginas|pages/);
    }
    expect(textOf(en, 'report.progress.steps.internetSearch')).toBe('Searching the internet for pages like your text…');
    expect(textOf(es, 'report.progress.steps.internetPages')).toBe('Comparando tu texto con las páginas encontradas…');
  });
});

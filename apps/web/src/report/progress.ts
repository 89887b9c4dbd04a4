import { TIMINGS } from '@veritext/contracts';
import type { Timers } from '../session/loginCheck.ts';

/**
 * The i18n keys of the ten status messages of the report modal's progress view (check-tool.md §4), each a
 * stage the check really runs, in the order it runs them. This is the list of a service that does not search
 * the internet (no search provider configured): no message says it does.
 */
export const PROGRESS_MESSAGE_KEYS = [
  'report.progress.steps.extracting',
  'report.progress.steps.normalising',
  'report.progress.steps.deobfuscating',
  'report.progress.steps.fingerprinting',
  'report.progress.steps.checkedDocuments',
  'report.progress.steps.collections',
  'report.progress.steps.aligning',
  'report.progress.steps.quotes',
  'report.progress.steps.percentages',
  'report.progress.steps.finishing',
] as const;

/**
 * The ten messages where the service searches the internet (GET /api/v1/check-scope/ says so): the web stage
 * runs first (pages like the text are searched for and fetched), and the pages found are compared with the
 * text beside the other collections. Its two messages take the place of two minor ones (normalising and the
 * percentages), so that there are still ten.
 */
export const INTERNET_PROGRESS_MESSAGE_KEYS = [
  'report.progress.steps.extracting',
  'report.progress.steps.internetSearch',
  'report.progress.steps.deobfuscating',
  'report.progress.steps.fingerprinting',
  'report.progress.steps.checkedDocuments',
  'report.progress.steps.collections',
  'report.progress.steps.internetPages',
  'report.progress.steps.aligning',
  'report.progress.steps.quotes',
  'report.progress.steps.finishing',
] as const satisfies { length: typeof PROGRESS_MESSAGE_KEYS.length };

/** The messages of a check: the internet's stages only where the internet is searched. */
export function progressMessageKeys(
  internet: boolean,
): typeof PROGRESS_MESSAGE_KEYS | typeof INTERNET_PROGRESS_MESSAGE_KEYS {
  return internet ? INTERNET_PROGRESS_MESSAGE_KEYS : PROGRESS_MESSAGE_KEYS;
}

export const LAST_STEP = PROGRESS_MESSAGE_KEYS.length - 1;

export type ProgressState = {
  /** The message shown: 0 to LAST_STEP. */
  step: number;
  /** Whether the data the progress waits for has arrived. */
  isReady: boolean;
  /** The view is over: the report may show. */
  isFinished: boolean;
};

export const INITIAL_PROGRESS: ProgressState = { step: 0, isReady: false, isFinished: false };

/** How long one message stays: a random 2.5 to 5 s (`random` returns [0, 1), like Math.random). */
export function stepDurationMs(random: () => number): number {
  const span = TIMINGS.progressStepMaxMs - TIMINGS.progressStepMinMs;
  return TIMINGS.progressStepMinMs + Math.min(Math.max(random(), 0), 1) * span;
}

/** The progress bar's value, 0 to 100: each message fills a tenth, finishing fills the bar. */
export function progressPercent(state: ProgressState): number {
  if (state.isFinished) return 100;
  return Math.round(((state.step + 1) / PROGRESS_MESSAGE_KEYS.length) * 100);
}

export type ProgressScheduleDeps = {
  timers: Timers;
  random: () => number;
  onChange: (state: ProgressState) => void;
};

/**
 * The ten-step schedule (check-tool.md §4, §9): each message is shown a random 2.5 to 5 s. Data ready
 * early jumps to the last message and finishes 2.5 s later; reaching the last message without data waits
 * there, and data arriving then finishes 2.5 s later. React-free: the timers and the dice are passed in.
 */
export function createProgressSchedule(deps: ProgressScheduleDeps) {
  let state = INITIAL_PROGRESS;
  let handle: unknown = null;
  let stopped = false;

  const set = (next: ProgressState): void => {
    state = next;
    deps.onChange(state);
  };

  const schedule = (callback: () => void, ms: number): void => {
    if (handle !== null) deps.timers.clearTimeout(handle);
    handle = deps.timers.setTimeout(() => {
      handle = null;
      if (!stopped) callback();
    }, ms);
  };

  const finishLater = (): void => {
    schedule(() => {
      set({ ...state, isFinished: true });
    }, TIMINGS.progressFinalWaitMs);
  };

  const advance = (): void => {
    const step = state.step + 1;
    set({ ...state, step });
    // At the last message, the schedule waits for the data (markReady then finishes it).
    if (step < LAST_STEP) schedule(advance, stepDurationMs(deps.random));
  };

  return {
    start(): void {
      if (stopped || handle !== null || state.isReady) return;
      schedule(advance, stepDurationMs(deps.random));
    },
    /** The data has arrived: show the last message and finish after the final wait. */
    markReady(): void {
      if (stopped || state.isReady) return;
      set({ ...state, step: LAST_STEP, isReady: true });
      finishLater();
    },
    stop(): void {
      stopped = true;
      if (handle !== null) deps.timers.clearTimeout(handle);
      handle = null;
    },
    getState: (): ProgressState => state,
  };
}
export type ProgressSchedule = ReturnType<typeof createProgressSchedule>;

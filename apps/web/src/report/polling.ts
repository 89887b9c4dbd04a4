import { TEXT_STATE, TIMINGS, type TextDocument } from '@veritext/contracts';
import { aiPollState, failureKeys, type AiFailure } from '../ai-detector/aiDetector.ts';
import type { Timers } from '../session/loginCheck.ts';

/* ---- decisions (check-tool.md §4) ---- */

export type DocumentOutcome = { kind: 'pending' } | { kind: 'ready' } | { kind: 'failed'; message: string | null };

/** One answer of GET /api/v1/text/{id}: 3 goes on polling, 5 fetches the report, anything else failed. */
export function documentOutcome(document: Pick<TextDocument, 'state' | 'error'>): DocumentOutcome {
  if (document.state === TEXT_STATE.inProgress) return { kind: 'pending' };
  if (document.state === TEXT_STATE.ready) return { kind: 'ready' };
  const message = document.error?.trim() ?? '';
  return { kind: 'failed', message: message === '' ? null : message };
}

export type AiPartOutcome = { kind: 'pending' } | { kind: 'done' } | { kind: 'failed'; reason: AiFailure };

/** An AI status: 1, 2 and null in progress; 3, 5-9 failed or not checked; anything else done. */
export function aiPartOutcome(status: number | null): AiPartOutcome {
  // The attempt count is the poller's business here, so the detector's own timeout never applies.
  return aiPollState(status, 0);
}

/**
 * When the document may have an AI check that was never sent, the report offers it (for one AI page); it is
 * sent only when the user chooses it, never on opening the report (§4 sent it at once: issue 13, A4).
 */
export function canOfferAi(answer: { enabled: boolean; status: number | null }): boolean {
  return answer.enabled && answer.status === null;
}

/** The i18n keys of an AI failure's title and body, shared with the AI detector (§8). */
export function aiFailureKeys(reason: AiFailure): { title: string; body: string | null } {
  return failureKeys(reason);
}

/* ---- the loop ---- */

export type PollOptions<T> = {
  fetch: () => Promise<T>;
  /** True while the answer says "not yet". */
  isPending: (value: T) => boolean;
  timers: Timers;
  intervalMs?: number;
  maxAttempts?: number;
  onDone: (value: T) => void;
  onTimeout: () => void;
  onError: (error: unknown) => void;
};

/**
 * Asks at once, then every 5 s while the answer is pending, at most 120 times in all (§4, §9); still
 * pending after the last attempt is a timeout. A failed call ends the polling with that error. Returns a
 * function that stops it (no callback runs after that).
 */
export function pollUntil<T>(options: PollOptions<T>): () => void {
  const intervalMs = options.intervalMs ?? TIMINGS.pollIntervalMs;
  const maxAttempts = options.maxAttempts ?? TIMINGS.pollMaxAttempts;
  let stopped = false;
  let handle: unknown = null;
  let attempts = 0;

  const attempt = (): void => {
    handle = null;
    attempts += 1;
    options
      .fetch()
      .then(
        (value) => {
          if (stopped) return;
          if (!options.isPending(value)) options.onDone(value);
          else if (attempts >= maxAttempts) options.onTimeout();
          else handle = options.timers.setTimeout(attempt, intervalMs);
        },
        (error: unknown) => {
          if (!stopped) options.onError(error);
        },
      )
      .catch(() => undefined);
  };

  attempt();
  return () => {
    stopped = true;
    if (handle !== null) options.timers.clearTimeout(handle);
  };
}

import type { SimilarityReport, TextAiStatusResponse, TextDocument } from '@veritext/contracts';
import type { AiFailure } from '../ai-detector/aiDetector.ts';
import type { Timers } from '../session/loginCheck.ts';
import { aiPartOutcome, canOfferAi, documentOutcome, pollUntil } from './polling.ts';

export type DocumentLoad =
  | { kind: 'loading' }
  | { kind: 'ready'; report: SimilarityReport }
  /** The check failed (state 4 or another); message: the document's error, if any. */
  | { kind: 'failed'; message: string | null }
  | { kind: 'timeout' }
  /** A call failed; the error is translated for display. */
  | { kind: 'error'; error: unknown };

export type AiLoad =
  /** The report is not there yet. */
  | { kind: 'waiting' }
  /** No AI check for this document, and none can be made (not enabled: no AI pages). */
  | { kind: 'unavailable' }
  /** No AI check was chosen: the report offers one, for one AI page, sent only on the user's click. */
  | { kind: 'offer' }
  /** No AI check, and none is offered to this reader (a report shared by link: report/share/). */
  | { kind: 'notChecked' }
  | { kind: 'pending' }
  | { kind: 'done' }
  | { kind: 'failed'; reason: AiFailure }
  | { kind: 'error'; error: unknown };

export type ReportLoad = { document: DocumentLoad; ai: AiLoad };

export const INITIAL_REPORT_LOAD: ReportLoad = { document: { kind: 'loading' }, ai: { kind: 'waiting' } };

export type ReportLoadDeps = {
  endpoints: {
    getText: (id: number) => Promise<Pick<TextDocument, 'state' | 'error'>>;
    getTextReport: (id: number) => Promise<SimilarityReport>;
    getTextAiStatus: (id: number) => Promise<TextAiStatusResponse['data']>;
    sendTextToAi: (id: number) => Promise<unknown>;
  };
  timers: Timers;
  onChange: (load: ReportLoad) => void;
};

export type ReportLoadControl = {
  /** Ends the polling; no change is reported after it. */
  stop: () => void;
  /** The user chose the offered AI check: sends it (one AI page) and polls it. Only from the offer. */
  requestAi: () => void;
};

/**
 * Loads a document's report (check-tool.md §4): polls the document's state, fetches the report at
 * state 5, then its AI part: an AI check chosen with the text (or earlier) is polled and the report
 * fetched again once it is done; none chosen, the report offers one and sends it only through
 * `requestAi` (opening a report never spends an AI page). React-free.
 */
export function startReportLoad(id: number, deps: ReportLoadDeps): ReportLoadControl {
  const { endpoints } = deps;
  let load = INITIAL_REPORT_LOAD;
  let stopped = false;
  // A function, not the variable, so that checks after an await read the current value.
  const isStopped = (): boolean => stopped;
  const stops: (() => void)[] = [];

  const set = (next: Partial<ReportLoad>): void => {
    if (stopped) return;
    load = { ...load, ...next };
    deps.onChange(load);
  };

  /** Fetches the report again for its AI part; a failure keeps the report there is. */
  const refreshReport = async (): Promise<void> => {
    try {
      const report = await endpoints.getTextReport(id);
      set({ document: { kind: 'ready', report } });
    } catch {
      // The similarity part is already shown; the AI state says what happened.
    }
  };

  const finishAi = async (status: number | null): Promise<void> => {
    const outcome = aiPartOutcome(status);
    if (outcome.kind === 'pending') return;
    await refreshReport();
    set({ ai: outcome.kind === 'done' ? { kind: 'done' } : { kind: 'failed', reason: outcome.reason } });
  };

  const pollAi = (): void => {
    if (isStopped()) return;
    set({ ai: { kind: 'pending' } });
    stops.push(
      pollUntil({
        fetch: () => endpoints.getTextAiStatus(id),
        isPending: (answer) => aiPartOutcome(answer.status).kind === 'pending',
        timers: deps.timers,
        onDone: (answer) => {
          void finishAi(answer.status);
        },
        onTimeout: () => {
          set({ ai: { kind: 'failed', reason: 'timeout' } });
        },
        onError: (error) => {
          set({ ai: { kind: 'error', error } });
        },
      }),
    );
  };

  const startAi = async (): Promise<void> => {
    try {
      const answer = await endpoints.getTextAiStatus(id);
      if (isStopped()) return;
      if (answer.status === null) {
        set({ ai: canOfferAi(answer) ? { kind: 'offer' } : { kind: 'unavailable' } });
        return;
      }
      const outcome = aiPartOutcome(answer.status);
      if (outcome.kind === 'pending') pollAi();
      // The report fetched a moment ago already carries a finished AI part.
      else set({ ai: outcome.kind === 'done' ? { kind: 'done' } : { kind: 'failed', reason: outcome.reason } });
    } catch (error) {
      set({ ai: { kind: 'error', error } });
    }
  };

  const fetchReport = async (): Promise<void> => {
    try {
      const report = await endpoints.getTextReport(id);
      set({ document: { kind: 'ready', report } });
    } catch (error) {
      set({ document: { kind: 'error', error } });
      return;
    }
    await startAi();
  };

  stops.push(
    pollUntil({
      fetch: () => endpoints.getText(id),
      isPending: (document) => documentOutcome(document).kind === 'pending',
      timers: deps.timers,
      onDone: (document) => {
        const outcome = documentOutcome(document);
        if (outcome.kind === 'ready') void fetchReport();
        else if (outcome.kind === 'failed') set({ document: { kind: 'failed', message: outcome.message } });
      },
      onTimeout: () => {
        set({ document: { kind: 'timeout' } });
      },
      onError: (error) => {
        set({ document: { kind: 'error', error } });
      },
    }),
  );

  const sendAi = async (): Promise<void> => {
    set({ ai: { kind: 'pending' } });
    try {
      await endpoints.sendTextToAi(id);
    } catch (error) {
      set({ ai: { kind: 'error', error } });
      return;
    }
    pollAi();
  };

  return {
    stop: () => {
      stopped = true;
      for (const stop of stops) stop();
    },
    requestAi: () => {
      if (isStopped() || load.ai.kind !== 'offer') return;
      void sendAi();
    },
  };
}

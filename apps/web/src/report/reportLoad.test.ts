import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SimilarityReport } from '@veritext/contracts';
import type { Timers } from '../session/loginCheck.ts';
import { startReportLoad, type ReportLoad, type ReportLoadDeps } from './reportLoad.ts';

const timers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

function report(aiTotal: number): SimilarityReport {
  return {
    id: 9,
    title: 'Essay',
    plagiarism: {
      nodes: [],
      sources: [],
      quSources: [],
      reSources: [],
      length: 0,
      percents: { total: 0, source: 0, identical: 0, 'changed-index': 0, quote: 0, reference: 0 },
    },
    ai: {
      status: null,
      nodes: [],
      percents: { processed: 0, likely: 0, strong: 0, total: aiTotal },
      verdict: null,
      error: null,
    },
    compared_with: null,
  };
}

function setup(options: {
  states: number[];
  ai?: { enabled: boolean; status: number | null }[];
  error?: string | null;
}) {
  const states = [...options.states];
  const ai = [...(options.ai ?? [{ enabled: false, status: null }])];
  let reportCalls = 0;
  const endpoints = {
    getText: vi.fn(() => Promise.resolve({ state: states.shift() ?? 3, error: options.error ?? null })),
    getTextReport: vi.fn(() => {
      reportCalls += 1;
      return Promise.resolve(report(reportCalls * 10));
    }),
    getTextAiStatus: vi.fn(() =>
      Promise.resolve(
        ai.length > 1 ? (ai.shift() ?? { enabled: false, status: null }) : (ai[0] ?? { enabled: false, status: null }),
      ),
    ),
    sendTextToAi: vi.fn(() => Promise.resolve({ id: 1, status: 1 })),
  } satisfies ReportLoadDeps['endpoints'];
  const loads: ReportLoad[] = [];
  const { stop, requestAi } = startReportLoad(9, { endpoints, timers, onChange: (load) => loads.push(load) });
  const last = (): ReportLoad | undefined => loads.at(-1);
  return { endpoints, loads, last, stop, requestAi };
}

describe('startReportLoad', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls while in progress, fetches the report at 5, and marks AI unavailable when not enabled', async () => {
    const { endpoints, last } = setup({ states: [3, 3, 5] });
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(endpoints.getText).toHaveBeenCalledTimes(3);
    expect(endpoints.getTextReport).toHaveBeenCalledTimes(1);
    expect(last()?.document.kind).toBe('ready');
    expect(last()?.ai).toEqual({ kind: 'unavailable' });
    expect(endpoints.sendTextToAi).not.toHaveBeenCalled();
  });

  it('shows the document error on 4, and no report is fetched', async () => {
    const { endpoints, last } = setup({ states: [4], error: 'Your pages were returned.' });
    await vi.advanceTimersByTimeAsync(0);
    expect(last()?.document).toEqual({ kind: 'failed', message: 'Your pages were returned.' });
    expect(endpoints.getTextReport).not.toHaveBeenCalled();
  });

  it('times out after 120 polls', async () => {
    const { endpoints, last } = setup({ states: [] });
    await vi.advanceTimersByTimeAsync(5000 * 119);
    expect(endpoints.getText).toHaveBeenCalledTimes(120);
    expect(last()?.document).toEqual({ kind: 'timeout' });
  });

  it('opening a report never sends the AI check: it is offered while AI pages are there', async () => {
    const { endpoints, last, requestAi } = setup({ states: [5], ai: [{ enabled: true, status: null }] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(last()?.document.kind).toBe('ready');
    expect(last()?.ai).toEqual({ kind: 'offer' });
    expect(endpoints.sendTextToAi).not.toHaveBeenCalled();
    expect(endpoints.getTextReport).toHaveBeenCalledTimes(1);
    // and nothing is sent again once it was offered and the user said nothing
    requestAi();
    requestAi();
    await vi.advanceTimersByTimeAsync(0);
    expect(endpoints.sendTextToAi).toHaveBeenCalledTimes(1);
  });

  it('requestAi before the offer (report not ready, or no AI pages) sends nothing', async () => {
    const early = setup({ states: [3, 5], ai: [{ enabled: true, status: null }] });
    early.requestAi();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(early.last()?.ai).toEqual({ kind: 'offer' });
    expect(early.endpoints.sendTextToAi).not.toHaveBeenCalled();
    early.stop();

    const poor = setup({ states: [5], ai: [{ enabled: false, status: null }] });
    await vi.advanceTimersByTimeAsync(0);
    poor.requestAi();
    await vi.advanceTimersByTimeAsync(0);
    expect(poor.last()?.ai).toEqual({ kind: 'unavailable' });
    expect(poor.endpoints.sendTextToAi).not.toHaveBeenCalled();
  });

  it('an AI check chosen with the text is polled, never sent again', async () => {
    const { endpoints, last } = setup({
      states: [5],
      ai: [
        { enabled: true, status: 1 },
        { enabled: true, status: 1 },
        { enabled: true, status: 4 },
      ],
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(endpoints.sendTextToAi).not.toHaveBeenCalled();
    expect(last()?.ai).toEqual({ kind: 'done' });
    expect(endpoints.getTextReport).toHaveBeenCalledTimes(2);
  });

  it('sends the AI check when the user chooses it, polls it, then fetches the report again', async () => {
    const { endpoints, last, requestAi } = setup({
      states: [5],
      ai: [
        { enabled: true, status: null },
        { enabled: true, status: 1 },
        { enabled: true, status: 2 },
        { enabled: true, status: 4 },
      ],
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(last()?.ai).toEqual({ kind: 'offer' });
    expect(endpoints.sendTextToAi).not.toHaveBeenCalled();
    requestAi();
    await vi.advanceTimersByTimeAsync(0);
    expect(endpoints.sendTextToAi).toHaveBeenCalledWith(9);
    expect(last()?.ai).toEqual({ kind: 'pending' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(endpoints.getTextAiStatus).toHaveBeenCalledTimes(4);
    expect(endpoints.getTextReport).toHaveBeenCalledTimes(2);
    const document = last()?.document;
    expect(document?.kind === 'ready' ? document.report.ai.percents.total : null).toBe(20);
    expect(last()?.ai).toEqual({ kind: 'done' });
  });

  it('reports an AI failure with its reason', async () => {
    const { endpoints, last } = setup({
      states: [5],
      ai: [
        { enabled: true, status: 2 },
        { enabled: true, status: 9 },
      ],
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(endpoints.sendTextToAi).not.toHaveBeenCalled();
    expect(last()?.ai).toEqual({ kind: 'failed', reason: 'language' });
  });

  it('stops everything when stopped', async () => {
    const { endpoints, loads, stop } = setup({ states: [] });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(endpoints.getText).toHaveBeenCalledTimes(1);
    expect(loads).toEqual([]);
  });
});

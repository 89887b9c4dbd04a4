import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useServices } from '../app/ServicesContext.tsx';
import type { Timers } from '../session/loginCheck.ts';
import { currentDeviceIsMobile } from './device.ts';
import { createProgressSchedule, INITIAL_PROGRESS, type ProgressSchedule, type ProgressState } from './progress.ts';
import { INITIAL_REPORT_LOAD, startReportLoad, type ReportLoad, type ReportLoadControl } from './reportLoad.ts';

const windowTimers: Timers = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    if (typeof handle === 'number') window.clearTimeout(handle);
  },
};

/** The document's report and its AI part, loaded while the component is mounted; requestAi sends the offered AI check. */
export function useReportLoad(documentId: number): { load: ReportLoad; requestAi: () => void } {
  const { endpoints } = useServices();
  const [load, setLoad] = useState<ReportLoad>(INITIAL_REPORT_LOAD);
  const control = useRef<ReportLoadControl | null>(null);
  useEffect(() => {
    setLoad(INITIAL_REPORT_LOAD);
    const started = startReportLoad(documentId, { endpoints, timers: windowTimers, onChange: setLoad });
    control.current = started;
    return () => {
      started.stop();
      control.current = null;
    };
  }, [documentId, endpoints]);
  const requestAi = useCallback(() => {
    control.current?.requestAi();
  }, []);
  return { load, requestAi };
}

export const CHECK_SCOPE_QUERY_KEY = ['check-scope'] as const;

/**
 * Whether this service searches the internet (a search provider is configured), asked when the report opens
 * so that the progress view names the internet's stages only where they run; false until the answer comes,
 * and when it does not. The server lets it be cached for five minutes.
 */
export function useInternetSearched(): boolean {
  const { endpoints } = useServices();
  const scope = useQuery({
    queryKey: CHECK_SCOPE_QUERY_KEY,
    queryFn: () => endpoints.checkScope(),
    staleTime: 300_000,
  });
  return scope.data?.internet === true;
}

/** The ten-step progress; `isReady` tells it the data has arrived. */
export function useProgress(isReady: boolean): ProgressState {
  const [state, setState] = useState<ProgressState>(INITIAL_PROGRESS);
  const schedule = useRef<ProgressSchedule | null>(null);
  const isReadyNow = useRef(isReady);
  isReadyNow.current = isReady;
  // Made inside the effect, so that a remount (Strict Mode) starts a fresh schedule.
  useEffect(() => {
    const created = createProgressSchedule({ timers: windowTimers, random: Math.random, onChange: setState });
    schedule.current = created;
    setState(INITIAL_PROGRESS);
    created.start();
    if (isReadyNow.current) created.markReady();
    return () => {
      created.stop();
      schedule.current = null;
    };
  }, []);
  useEffect(() => {
    if (isReady) schedule.current?.markReady();
  }, [isReady]);
  return state;
}

function subscribeResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => {
    window.removeEventListener('resize', listener);
  };
}

/** Whether highlights lock on click: not on mobile or touch devices (§4). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeResize, currentDeviceIsMobile, () => false);
}

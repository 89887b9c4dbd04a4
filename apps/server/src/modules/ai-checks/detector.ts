import type { AiDetection, DetectorLanguage } from '@veritext/ai';
import { createThreadClient } from '../../workers/thread-client.ts';

/*
 * detectAi off the event loop: one long-lived worker thread per process (workers/thread-client.ts),
 * started on the first check; the model, about 30 MB, is loaded once in it.
 */

export type DetectorRequest = { text: string; forceLanguage: DetectorLanguage | null };

export interface AiDetector {
  detect(text: string, options: { forceLanguage: DetectorLanguage | null }): Promise<AiDetection>;
  /** Stops the worker; pending requests fail. A later detect() starts a new one. */
  close(): Promise<void>;
}

const WORKER_URL = new URL('./detector.worker.ts', import.meta.url);

export function createAiDetector(): AiDetector {
  const client = createThreadClient<DetectorRequest, AiDetection>(WORKER_URL, 'AI detector');
  return {
    detect: (text, options) => client.call({ text, forceLanguage: options.forceLanguage }),
    close: () => client.close(),
  };
}

let shared: AiDetector | null = null;

/** The process's detector, created on first use. */
export function sharedAiDetector(): AiDetector {
  shared ??= createAiDetector();
  return shared;
}

export async function closeSharedAiDetector(): Promise<void> {
  const current = shared;
  shared = null;
  if (current !== null) await current.close();
}

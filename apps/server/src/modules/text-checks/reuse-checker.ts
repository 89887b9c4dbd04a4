import type { FingerprintStore, ReportBasis } from '@veritext/reuse';
import type { PlagiarismReport } from '@veritext/contracts';
import type { Language, Trick } from '@veritext/text';
import { createThreadClient, type HostHandler } from '../../workers/thread-client.ts';

/*
 * The reuse engine off the event loop: one long-lived worker thread per process (workers/thread-client.ts)
 * aligns the text with its candidate sources and builds the report; the index stays in the caller's
 * database, which the worker reads through host calls (lookup, getSources, count) answered here by the
 * caller's FingerprintStore.
 */

export type ReuseCheckRequest = {
  text: string;
  /** The collections searched: `checked`, an organisation's own `checked:g<id>`, and every `ref:NAME`. */
  collections: string[];
  /** The check's own key in the index: a retried check never reports itself. */
  selfKey: string;
  /** Reported passages have at least this many words. */
  minWords: number;
};

export type ReuseCheckResult = {
  plagiarism: PlagiarismReport;
  /** The raw matches, quotation and reference spans and source descriptions: the report is rebuilt from them. */
  basis: ReportBasis;
  tricks: Trick[];
  language: Language;
  /** The text's fingerprints, to index it under selfKey after the check. */
  keys: number[];
  candidates: number;
};

/** The host calls the worker makes, each answered by the store. */
export const STORE_OPS = ['lookup', 'getSources', 'count'] as const;

export interface ReuseChecker {
  check(store: FingerprintStore, request: ReuseCheckRequest): Promise<ReuseCheckResult>;
  close(): Promise<void>;
}

function storeHost(store: FingerprintStore): HostHandler {
  return async (op, args) => {
    switch (op) {
      case 'lookup':
        return store.lookup(args[0] as number[], args[1] as Parameters<FingerprintStore['lookup']>[1]);
      case 'getSources':
        return store.getSources(args[0] as string[]);
      case 'count':
        return store.count();
      default:
        throw new Error(`unknown store call ${op}`);
    }
  };
}

const WORKER_URL = new URL('./reuse-checker.worker.ts', import.meta.url);

export function createReuseChecker(): ReuseChecker {
  const client = createThreadClient<ReuseCheckRequest, ReuseCheckResult>(WORKER_URL, 'Reuse engine');
  return {
    check: (store, request) => client.call(request, storeHost(store)),
    close: () => client.close(),
  };
}

let shared: ReuseChecker | null = null;

/** The process's checker, created on first use. */
export function sharedReuseChecker(): ReuseChecker {
  shared ??= createReuseChecker();
  return shared;
}

export async function closeSharedReuseChecker(): Promise<void> {
  const current = shared;
  shared = null;
  if (current !== null) await current.close();
}

import { availableParallelism } from 'node:os';
import type { SiteLanguage } from '@veritext/contracts';
import { createThreadClient, type ThreadClient } from '../../workers/thread-client.ts';
import type { Verified } from './text-verify.ts';

/*
 * Heavy text work off the event loop (issue 13 B4): a few long-lived worker threads (text-work.worker.ts)
 * verify texts (normalise, hash, count: verifyText) and measure them for the AI detector. A call goes to the
 * thread with the fewest calls in flight. Pasted texts are bounded by their form field, files by the
 * extractor's text bound, so one call is at most a few hundred milliseconds of a worker's time.
 */

export type VerifyOptions = { language: SiteLanguage; skipEnglishWords: boolean; skipPercentLetters: boolean };

export type TextWorkRequest =
  { op: 'verify'; raw: string; options: VerifyOptions; keepText: boolean } | { op: 'ai-measure'; text: string };

export type TextWorkReply =
  { op: 'verify'; verified: Verified } | { op: 'ai-measure'; words: number; significant: number };

const WORKER_URL = new URL('./text-work.worker.ts', import.meta.url);
const THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));

type Lane = { client: ThreadClient<TextWorkRequest, TextWorkReply>; inFlight: number };
let lanes: Lane[] | null = null;

async function call(request: TextWorkRequest): Promise<TextWorkReply> {
  lanes ??= Array.from({ length: THREADS }, () => ({
    client: createThreadClient<TextWorkRequest, TextWorkReply>(WORKER_URL, 'text work'),
    inFlight: 0,
  }));
  const lane = lanes.reduce((best, next) => (next.inFlight < best.inFlight ? next : best));
  lane.inFlight++;
  try {
    return await lane.client.call(request);
  } finally {
    lane.inFlight--;
  }
}

/**
 * verifyText (text-verify.ts) in a worker thread. `keepText`: the canonical text comes back too (a check stores
 * it); otherwise `text` is empty (validation only shows the verdict).
 */
export async function verifyTextOffThread(raw: string, options: VerifyOptions, keepText: boolean): Promise<Verified> {
  const reply = await call({ op: 'verify', raw, options, keepText });
  if (reply.op !== 'verify') throw new Error('text work: unexpected reply');
  return reply.verified;
}

/** The AI detector's measures of a text, in a worker thread: its words and significant characters. */
export async function measureForAi(text: string): Promise<{ words: number; significant: number }> {
  const reply = await call({ op: 'ai-measure', text });
  if (reply.op !== 'ai-measure') throw new Error('text work: unexpected reply');
  return { words: reply.words, significant: reply.significant };
}

/** Stops the worker threads (tests, shutdown); a later call starts new ones. */
export async function closeTextWork(): Promise<void> {
  const current = lanes;
  lanes = null;
  if (current !== null) await Promise.all(current.map((lane) => lane.client.close()));
}

import { parentPort, workerData } from 'node:worker_threads';
import { CollectionError } from './collection-files.ts';
import { articleBatches, type ArticleBatchOptions } from './wikipedia-pages.ts';

/**
 * The worker thread of a Wikipedia import (wikipedia-import.ts starts one per run): decompresses the dump, parses
 * its XML and turns each page's wikitext into text, off the importer's event loop and beside its indexing.
 * Posts `{batch}` messages, at most `credits` ahead of the importer (each `{credit}` it sends allows one more),
 * then `{done}`, or `{error}`.
 */

export type WorkerInput = ArticleBatchOptions & { file: string; credits: number };

const port = parentPort;
if (port === null) throw new Error('wikipedia-pages.worker.ts runs as a worker thread');
const input = workerData as WorkerInput;

let credits = input.credits;
let wakeUp: (() => void) | null = null;
port.on('message', (message: { credit: number }) => {
  credits += message.credit;
  wakeUp?.();
});

try {
  for await (const batch of articleBatches(input.file, input)) {
    while (credits <= 0) await new Promise<void>((resolve) => (wakeUp = resolve));
    wakeUp = null;
    credits--;
    port.postMessage({ batch });
  }
  port.postMessage({ done: true });
} catch (error) {
  port.postMessage({
    error: {
      message: error instanceof Error ? error.message : String(error),
      isBadInput: error instanceof CollectionError,
    },
  });
}

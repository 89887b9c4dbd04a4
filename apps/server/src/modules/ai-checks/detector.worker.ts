/**
 * The AI detector's worker thread: loads the model once (on the first request) and answers one
 * request at a time, so detection never blocks the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { detectAi } from '@veritext/ai';
import type { DetectorReply, DetectorRequest } from './detector.ts';

const port = parentPort;
if (port === null) throw new Error('detector.worker.ts runs as a worker thread');

port.on('message', (request: DetectorRequest) => {
  let reply: DetectorReply;
  try {
    const detection = detectAi(request.text, { forceLanguage: request.forceLanguage });
    reply = { id: request.id, ok: true, detection };
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});

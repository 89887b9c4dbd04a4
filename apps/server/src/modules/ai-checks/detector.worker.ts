/**
 * The AI detector's worker thread: loads the model once (on the first request) and answers one
 * request at a time, so detection never blocks the server's event loop.
 */
import { detectAi } from '@veritext/ai';
import { serveThread } from '../../workers/thread-client.ts';
import type { DetectorRequest } from './detector.ts';

serveThread((request: DetectorRequest) => detectAi(request.text, { forceLanguage: request.forceLanguage }));

/**
 * A text-work worker thread (text-work.ts): verifies texts and measures them for the AI detector, so that
 * normalising, hashing and counting a text of a million symbols never blocks the server's event loop.
 */
import { significantCharacters } from '@veritext/ai';
import { lowerThreadPriority } from '@veritext/extract';
import { countWords } from '@veritext/text';
import { serveThread } from '../../workers/thread-client.ts';
import type { TextWorkReply, TextWorkRequest } from './text-work.ts';
import { verifyText } from './text-verify.ts';

// below the event loop's priority: a busy machine still answers requests first
lowerThreadPriority();

serveThread((request: TextWorkRequest): TextWorkReply => {
  if (request.op === 'ai-measure') {
    return { op: 'ai-measure', words: countWords(request.text), significant: significantCharacters(request.text) };
  }
  const verified = verifyText(request.raw, request.options);
  // the caller that only shows the verdict does not need the text copied back
  return { op: 'verify', verified: request.keepText ? verified : { ...verified, text: '' } };
});

/** Worker entry: parses one document sent in workerData and posts the result or the error code back. */
import { parentPort, workerData } from 'node:worker_threads';
import { ExtractError } from './errors.ts';
import { parseDocument } from './parse.ts';
import type { Ext } from './types.ts';
import type { WorkerReply } from './extract.ts';

const { bytes, ext } = workerData as { bytes: Uint8Array; ext: Ext };

let reply: WorkerReply;
try {
  reply = { ok: true, result: await parseDocument(bytes, ext) };
} catch (e) {
  reply =
    e instanceof ExtractError
      ? { ok: false, code: e.code, detail: e.detail ?? '' }
      : { ok: false, code: 'bad-format', detail: String(e) };
}
parentPort?.postMessage(reply);

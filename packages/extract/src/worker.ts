/** Worker entry: parses one document or spreadsheet sent in workerData and posts the result or the error back. */
import { parentPort, workerData } from 'node:worker_threads';
import { ExtractError } from './errors.ts';
import { parseDocument } from './parse.ts';
import { parseSpreadsheet } from './sheet.ts';
import type { WorkerJob, WorkerReply } from './extract.ts';

const job = workerData as WorkerJob;

let reply: WorkerReply;
try {
  const result = job.mode === 'sheet' ? parseSpreadsheet(job.bytes, job.ext) : await parseDocument(job.bytes, job.ext);
  reply = { ok: true, result };
} catch (e) {
  reply =
    e instanceof ExtractError
      ? { ok: false, code: e.code, detail: e.detail ?? '' }
      : { ok: false, code: 'bad-format', detail: String(e) };
}
parentPort?.postMessage(reply);

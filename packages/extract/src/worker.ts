/** Worker entry: parses one document or spreadsheet sent in workerData and posts the result or the error back. */
import { parentPort, workerData } from 'node:worker_threads';
import { startSymbolBudget, symbolCount, symbolLimit } from './budget.ts';
import { ExtractError } from './errors.ts';
import type { WorkerJob, WorkerReply } from './extract.ts';
import { lowerThreadPriority } from './priority.ts';

const job = workerData as WorkerJob;
// a hostile file may keep this thread busy until its time limit: the server's event loop comes first
lowerThreadPriority();

async function run(): Promise<unknown> {
  if (job.mode === 'sheet') return (await import('./sheet.ts')).parseSpreadsheet(job.bytes, job.ext);
  startSymbolBudget(job.maxSymbols);
  const result = await (await import('./parse.ts')).parseDocument(job.bytes, job.ext);
  // the parsers that read a whole file at once (doc, ppt) are measured here
  if (job.maxSymbols !== undefined && symbolCount(result.text) > symbolLimit()) {
    throw new ExtractError('too-long', `more than ${String(job.maxSymbols)} symbols`);
  }
  return result;
}

let reply: WorkerReply;
try {
  reply = { ok: true, result: await run() };
} catch (e) {
  reply =
    e instanceof ExtractError
      ? { ok: false, code: e.code, detail: e.detail ?? '' }
      : { ok: false, code: 'bad-format', detail: String(e) };
}
parentPort?.postMessage(reply);

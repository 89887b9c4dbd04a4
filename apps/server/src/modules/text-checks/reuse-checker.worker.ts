/**
 * The reuse engine's worker thread: retrieval, alignment and the report, off the server's event loop.
 * The index is read from the calling thread through `callHost` (see reuse-checker.ts).
 */
import { buildSimilarityReport, checkText, sourceKeys, type FingerprintStore } from '@veritext/reuse';
import { serveThread, type CallHost } from '../../workers/thread-client.ts';
import type { ReuseCheckRequest, ReuseCheckResult } from './reuse-checker.ts';

function remoteStore(callHost: CallHost): FingerprintStore {
  return {
    add: () => Promise.reject(new Error('the worker does not write the index')),
    remove: () => Promise.reject(new Error('the worker does not write the index')),
    lookup: (hashes, options) => callHost('lookup', hashes, options) as ReturnType<FingerprintStore['lookup']>,
    getSources: (ids) => callHost('getSources', ids) as ReturnType<FingerprintStore['getSources']>,
    count: () => callHost('count') as ReturnType<FingerprintStore['count']>,
  };
}

serveThread(async (request: ReuseCheckRequest, callHost: CallHost): Promise<ReuseCheckResult> => {
  const result = await checkText(remoteStore(callHost), { text: request.text, collections: request.collections });
  const own = { ...result, matches: result.matches.filter((match) => match.sourceId !== request.selfKey) };
  const report = buildSimilarityReport(request.text, own, { minWords: request.minWords });
  return {
    plagiarism: report.plagiarism,
    basis: report.basis,
    tricks: [...report.tricks],
    language: result.language,
    keys: sourceKeys({ id: request.selfKey, text: request.text, language: result.language }),
    candidates: result.candidates.length,
  };
});

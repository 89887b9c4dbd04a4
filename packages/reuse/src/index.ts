export type { Span, Alignment, Match, MatchKind } from './types.ts';
export type { FingerprintStore, IndexedSource, Posting, LookupOptions } from './store.ts';
export { MemoryStore } from './memory-store.ts';
export { verifyStoreContract } from './store-contract.ts';
export {
  checkText,
  indexSource,
  sourceKeys,
  alignSource,
  DEFAULT_ENGINE_PARAMS,
  type EngineParams,
  type CheckInput,
  type CheckResult,
  type PreparedCache,
} from './engine.ts';
export { prepareText, type PreparedText } from './prepare.ts';
export { fingerprint } from './fingerprint.ts';
export { rankCandidates, type Candidate } from './retrieve.ts';
export { alignTexts } from './align.ts';
export {
  buildReport,
  rebuildReport,
  reportBasis,
  describeBasisSource,
  type ReportBasis,
  type BasisMatch,
  type BasisSource,
  type RebuildSettings,
  type RebuiltReport,
  type ExclusionReason,
  type PlagiarismReport,
  type ReportNode,
  type ReportSource,
  type ReportOptions,
  type ReportPercents,
} from './report.ts';
export { findQuotes, findReferences } from './citations.ts';
export { buildSimilarityReport, type SimilarityReport } from './similarity.ts';
export {
  planQueries,
  queryBudget,
  chunkCovered,
  snippetPromising,
  snippetOverlap,
  promisingResults,
  MAX_QUERY_WORDS,
  type PlannedQuery,
} from './queries.ts';

import type { Posting } from './store.ts';

export interface RetrievalParams {
  /** Keys held by more sources than this carry no evidence (boilerplate, stock phrases). */
  readonly maxDf: number;
  /** A source needs at least this many shared keys to be aligned. */
  readonly minSharedKeys: number;
  /** At most this many sources are aligned, best first. */
  readonly maxCandidates: number;
}

export const DEFAULT_RETRIEVAL_PARAMS: RetrievalParams = { maxDf: 1000, minSharedKeys: 2, maxCandidates: 50 };

export interface Candidate {
  readonly sourceId: string;
  readonly sharedKeys: number;
  /** Sum of the shared keys' idf: rare keys count for more than common ones. */
  readonly score: number;
}

/** Ranks the sources that share keys with the checked text. Pure: the postings come from the store. */
export function rankCandidates(
  postings: ReadonlyMap<number, Posting>,
  sourceCount: number,
  params: RetrievalParams,
): Candidate[] {
  const tallies = new Map<string, { shared: number; score: number }>();
  for (const posting of postings.values()) {
    if (posting.sourceIds.length === 0) continue;
    const idf = Math.log(1 + Math.max(sourceCount, 1) / Math.max(posting.df, 1));
    for (const id of posting.sourceIds) {
      const tally = tallies.get(id);
      if (tally === undefined) tallies.set(id, { shared: 1, score: idf });
      else {
        tally.shared++;
        tally.score += idf;
      }
    }
  }
  const candidates: Candidate[] = [];
  for (const [sourceId, tally] of tallies) {
    if (tally.shared >= params.minSharedKeys)
      candidates.push({ sourceId, sharedKeys: tally.shared, score: tally.score });
  }
  candidates.sort((a, b) => b.score - a.score || (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0));
  return candidates.slice(0, params.maxCandidates);
}

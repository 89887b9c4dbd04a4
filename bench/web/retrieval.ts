/**
 * Retrieval only: the web stage's loop (queries → search → snippet filter → coverage skip) run in-process
 * against a BM25 index of pages, without HTTP, fetching or alignment. Fast enough to tune the query planning
 * on; `npm run bench:web -- --retrieval-only` prints it.
 */
import { chunkCovered, planQueries, queryBudget, snippetPromising } from '@veritext/reuse';
import type { Bm25Index } from '../../apps/server/test/local-web/bm25.ts';

export interface RetrievalCase {
  readonly id: string;
  readonly text: string;
  readonly language: 'en' | 'es';
  /** Page ids of the sources the document reused (to be found). */
  readonly truth: ReadonlySet<string>;
}

export interface RetrievalSettings {
  readonly queriesPer1000Words: number;
  readonly queriesMax: number;
  readonly downloadsMax: number;
  readonly resultsPerQuery: number;
  readonly seenOnRejection: boolean;
}

export interface RetrievalOutcome {
  readonly id: string;
  readonly words: number;
  readonly planned: number;
  readonly queries: number;
  readonly downloads: number;
  /** True sources among the results of some query (before the snippet filter). */
  readonly listed: number;
  /** True sources downloaded. */
  readonly found: number;
  readonly truth: number;
}

const countWords = (text: string): number => text.split(/\s+/u).filter((w) => w !== '').length;

export function retrieveCase(
  c: RetrievalCase,
  index: Bm25Index,
  pageText: (id: string) => string,
  settings: RetrievalSettings,
): RetrievalOutcome {
  const words = countWords(c.text);
  const plan = planQueries(c.text, c.language, queryBudget(words, settings.queriesPer1000Words, settings.queriesMax));
  const seen = new Set<string>();
  const downloaded = new Set<string>();
  const listed = new Set<string>();
  const pageTexts: string[] = [];
  let queries = 0;
  for (const planned of plan) {
    const chunk = c.text.slice(planned.chunk.start, planned.chunk.end);
    if (pageTexts.length > 0 && chunkCovered(chunk, pageTexts)) continue;
    queries++;
    for (const hit of index.search(planned.query, settings.resultsPerQuery)) {
      if (c.truth.has(hit.id)) listed.add(hit.id);
      if (seen.has(hit.id)) continue;
      if (settings.seenOnRejection) seen.add(hit.id);
      if (!snippetPromising(hit.snippet, chunk, c.language)) continue;
      seen.add(hit.id);
      if (downloaded.size >= settings.downloadsMax) continue;
      downloaded.add(hit.id);
      pageTexts.push(pageText(hit.id));
    }
  }
  let found = 0;
  for (const id of c.truth) if (downloaded.has(id)) found++;
  return {
    id: c.id,
    words,
    planned: plan.length,
    queries,
    downloads: downloaded.size,
    listed: listed.size,
    found,
    truth: c.truth.size,
  };
}

export function summarise(outcomes: readonly RetrievalOutcome[]) {
  const sum = (f: (o: RetrievalOutcome) => number): number => outcomes.reduce((n, o) => n + f(o), 0);
  const truth = sum((o) => o.truth);
  return {
    cases: outcomes.length,
    sources: truth,
    recall: sum((o) => o.found) / Math.max(1, truth),
    listedRecall: sum((o) => o.listed) / Math.max(1, truth),
    queriesPerDocument: sum((o) => o.queries) / Math.max(1, outcomes.length),
    downloadsPerDocument: sum((o) => o.downloads) / Math.max(1, outcomes.length),
    queriesPer100Words: (100 * sum((o) => o.queries)) / Math.max(1, sum((o) => o.words)),
    meanQueriesPer100Words: outcomes.reduce((n, o) => n + (100 * o.queries) / Math.max(1, o.words), 0) / Math.max(1, outcomes.length),
  };
}

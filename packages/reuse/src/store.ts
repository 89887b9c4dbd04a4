import type { Language } from '@veritext/text';

/**
 * The index the engine retrieves candidates from. The engine never does I/O itself: the product passes a
 * store backed by its database (apps/server, PGlite or PostgreSQL), the acceptance CLI and the tests pass
 * the in-memory one. Both obey the same contract (see store-contract.ts).
 */

/** A document as indexed: its text and what the report says about it. */
export interface IndexedSource {
  /** Stable key chosen by the caller (a check id, a collection entry id, a case's src_id). */
  readonly id: string;
  readonly text: string;
  /** Collection the document belongs to: `checked` documents or an imported reference collection. */
  readonly collection: string;
  /** Title, file name or URL shown in the report; may be empty. */
  readonly title: string;
  /** A URL when the document came from the web. */
  readonly url: string | null;
  /** The document's language when the caller knows it; detected otherwise. */
  readonly language?: Language;
}

/** What one fingerprint hash points at. */
export interface Posting {
  /** How many indexed sources hold the hash (its document frequency). */
  readonly df: number;
  /** The sources holding it; empty when df is above the lookup's `maxDf` (boilerplate is damped). */
  readonly sourceIds: readonly string[];
}

export interface LookupOptions {
  /** Hashes held by more sources than this are reported with their df but no source ids. */
  readonly maxDf: number;
  /** Only sources of these collections (all when absent). */
  readonly collections?: readonly string[];
}

export interface FingerprintStore {
  /** Adds (or replaces) a source and its fingerprints; `hashes` are unique unsigned 32-bit integers. */
  add(source: IndexedSource, hashes: readonly number[]): Promise<void>;
  /** Removes a source and every fingerprint of it; removing an unknown id is not an error. */
  remove(id: string): Promise<void>;
  /** Postings of the given hashes; hashes absent from the index are absent from the map. */
  lookup(hashes: readonly number[], options: LookupOptions): Promise<Map<number, Posting>>;
  /** Sources by id, for alignment and the report; unknown ids are absent from the map. */
  getSources(ids: readonly string[]): Promise<Map<string, IndexedSource>>;
  /** Number of indexed sources (for idf weighting). */
  count(): Promise<number>;
}

import type { FingerprintStore, IndexedSource, LookupOptions, Posting } from './store.ts';

/**
 * The in-memory store: for the acceptance CLI (one small index per case), tests and benchmarks. Posting lists
 * are arrays of small integer ids, so a million postings cost a few megabytes, not the ~200 bytes each a
 * Map of string arrays would.
 */
export class MemoryStore implements FingerprintStore {
  readonly #sources = new Map<string, { source: IndexedSource; slot: number; hashes: readonly number[] }>();
  readonly #idOfSlot: (string | undefined)[] = [];
  readonly #freeSlots: number[] = [];
  readonly #postings = new Map<number, number[]>();

  async add(source: IndexedSource, hashes: readonly number[]): Promise<void> {
    this.addSync(source, hashes);
  }

  /** Synchronous `add`, for callers that build a large index in a loop. */
  addSync(source: IndexedSource, hashes: readonly number[]): void {
    this.removeSync(source.id);
    const slot = this.#freeSlots.pop() ?? this.#idOfSlot.length;
    this.#idOfSlot[slot] = source.id;
    const unique = [...new Set(hashes)];
    this.#sources.set(source.id, { source, slot, hashes: unique });
    for (const hash of unique) {
      const list = this.#postings.get(hash);
      if (list === undefined) this.#postings.set(hash, [slot]);
      else list.push(slot);
    }
  }

  async remove(id: string): Promise<void> {
    this.removeSync(id);
  }

  removeSync(id: string): void {
    const entry = this.#sources.get(id);
    if (entry === undefined) return;
    for (const hash of entry.hashes) {
      const list = this.#postings.get(hash);
      if (list === undefined) continue;
      const at = list.indexOf(entry.slot);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) this.#postings.delete(hash);
    }
    this.#sources.delete(id);
    this.#idOfSlot[entry.slot] = undefined;
    this.#freeSlots.push(entry.slot);
  }

  async lookup(hashes: readonly number[], options: LookupOptions): Promise<Map<number, Posting>> {
    const collections = options.collections === undefined ? null : new Set(options.collections);
    const result = new Map<number, Posting>();
    for (const hash of hashes) {
      const list = this.#postings.get(hash);
      if (list === undefined || result.has(hash)) continue;
      if (list.length > options.maxDf) {
        result.set(hash, { df: list.length, sourceIds: [] });
        continue;
      }
      const sourceIds: string[] = [];
      for (const slot of list) {
        const id = this.#idOfSlot[slot];
        if (id === undefined) continue;
        if (collections !== null && !collections.has(this.#sources.get(id)?.source.collection ?? '')) continue;
        sourceIds.push(id);
      }
      result.set(hash, { df: list.length, sourceIds });
    }
    return result;
  }

  async getSources(ids: readonly string[]): Promise<Map<string, IndexedSource>> {
    const result = new Map<string, IndexedSource>();
    for (const id of ids) {
      const entry = this.#sources.get(id);
      if (entry !== undefined) result.set(id, entry.source);
    }
    return result;
  }

  async count(): Promise<number> {
    return this.#sources.size;
  }
}

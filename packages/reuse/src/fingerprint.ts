import { finaliseHash, type Token } from '@veritext/text';
import { combineHash } from './hash.ts';

/**
 * Retrieval keys of a text, two kinds in one hash space:
 * - winnowed hashed word k-grams of stems (Schleimer et al. 2003): any run of k + w − 1 shared words is
 *   guaranteed a shared key, and only ~2/(w+1) of the k-grams are kept;
 * - sorted content-stem n-grams (Torrejón's "contextual n-grams"): stopwords dropped and the n stems sorted,
 *   so they survive reordering and function-word edits that break exact k-grams; winnowed the same way.
 */
export interface FingerprintParams {
  readonly wordK: number;
  readonly contentN: number;
  readonly window: number;
}

export const DEFAULT_FINGERPRINT_PARAMS: FingerprintParams = { wordK: 5, contentN: 2, window: 4 };

const WORD_SEED = 0x5bd1e995;
const CONTENT_SEED = 0x27d4eb2f;

export function fingerprint(
  tokens: readonly Token[],
  params: FingerprintParams = DEFAULT_FINGERPRINT_PARAMS,
): number[] {
  const stemHashes = tokens.map((token) => token.key);
  const keys = new Set<number>();
  winnow(kgramHashes(stemHashes, params.wordK, WORD_SEED, false), params.window, keys);
  const content: number[] = [];
  for (let i = 0; i < tokens.length; i++)
    if (!tokens[i]!.isStop && tokens[i]!.stem.length > 1) content.push(stemHashes[i]!);
  winnow(kgramHashes(content, params.contentN, CONTENT_SEED, true), params.window, keys);
  return [...keys];
}

function kgramHashes(values: readonly number[], k: number, seed: number, sorted: boolean): Uint32Array {
  const count = Math.max(0, values.length - k + 1);
  const out = new Uint32Array(count);
  const gram = new Array<number>(k);
  for (let i = 0; i < count; i++) {
    let h = seed;
    if (!sorted) {
      for (let j = 0; j < k; j++) h = combineHash(h, values[i + j]!);
    } else if (k === 2) {
      const a = values[i]!;
      const b = values[i + 1]!;
      h = combineHash(combineHash(h, Math.min(a, b)), Math.max(a, b));
    } else {
      for (let j = 0; j < k; j++) gram[j] = values[i + j]!;
      gram.sort((a, b) => a - b);
      for (let j = 0; j < k; j++) h = combineHash(h, gram[j]!);
    }
    out[i] = finaliseHash(h ^ k);
  }
  return out;
}

/** Keeps the minimum of every window of `w` hashes (the rightmost on ties), each selected position once. */
export function winnow(hashes: Uint32Array, w: number, into: Set<number>): void {
  if (hashes.length === 0) return;
  if (hashes.length <= w) {
    let min = hashes[0]!;
    for (const h of hashes) if (h < min) min = h;
    into.add(min);
    return;
  }
  let lastPicked = -1;
  for (let start = 0; start + w <= hashes.length; start++) {
    let at = start;
    for (let i = start + 1; i < start + w; i++) if (hashes[i]! <= hashes[at]!) at = i;
    if (at !== lastPicked) {
      into.add(hashes[at]!);
      lastPicked = at;
    }
  }
}

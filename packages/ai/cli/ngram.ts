/**
 * Building the predictability view's trigram model from token-id sequences (src/ngram.ts scores
 * with it): exact counts by sorting, context statistics before pruning, then only n-grams seen at
 * least twice are kept.
 */
import {
  CONTEXT_STRIDE,
  NGRAM_BOS,
  NGRAM_MAX_VOCAB,
  NGRAM_SPECIALS,
  trigramHash,
  type NgramArrays,
} from '../src/ngram.ts';

export const NGRAM_VOCAB = 30_000;
const MIN_BIGRAM = 2;
const MIN_TRIGRAM = 2;

/** The most frequent tokens (words and punctuation, lower-cased) of the given scans' token streams. */
export function ngramVocabulary(counts: ReadonlyMap<string, number>): string[] {
  return [...counts]
    .filter(([, c]) => c >= 3)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, Math.min(NGRAM_VOCAB, NGRAM_MAX_VOCAB - NGRAM_SPECIALS))
    .map(([w]) => w);
}

/** k-th largest of a list of counts (the smallest when there are fewer). */
function kth(sortedDesc: readonly number[], k: number): number {
  return sortedDesc[Math.min(k, sortedDesc.length) - 1] ?? 0;
}

export function buildNgram(vocab: readonly string[], sequences: readonly Int32Array[]): NgramArrays {
  const V = vocab.length + NGRAM_SPECIALS;
  let positions = 0;
  for (const seq of sequences) positions += seq.length;
  const unigram = new Int32Array(V);
  const bi = new Int32Array(positions);
  const tri = new Float64Array(positions);
  let nb = 0;
  let nt = 0;
  let total = 0;
  for (const seq of sequences) {
    let u = NGRAM_BOS;
    let v = NGRAM_BOS;
    for (let i = 0; i < seq.length; i++) {
      const w = seq[i]!;
      if (w === NGRAM_BOS) {
        u = NGRAM_BOS;
        v = NGRAM_BOS;
        continue;
      }
      unigram[w]!++;
      total++;
      bi[nb++] = (v << 15) | w;
      tri[nt++] = (u * 32768 + v) * 32768 + w;
      u = v;
      v = w;
    }
  }
  const biSorted = bi.subarray(0, nb).sort();
  const triSorted = tri.subarray(0, nt).sort();

  // bigrams: per-word context statistics from all counts, kept entries from MIN_BIGRAM
  const context = new Int32Array(V * CONTEXT_STRIDE);
  const biKeys: number[] = [];
  const biCounts: number[] = [];
  {
    let groupWord = -1;
    let groupCounts: number[] = [];
    const closeGroup = (): void => {
      if (groupWord < 0) return;
      const c = groupWord * CONTEXT_STRIDE;
      groupCounts.sort((a, b) => b - a);
      let t = 0;
      for (const x of groupCounts) t += x;
      context[c] = t;
      context[c + 1] = groupCounts.length;
      context[c + 2] = kth(groupCounts, 1);
      context[c + 3] = kth(groupCounts, 10);
      context[c + 4] = kth(groupCounts, 100);
      groupCounts = [];
    };
    for (let i = 0; i < nb;) {
      const key = biSorted[i]!;
      let j = i;
      while (j < nb && biSorted[j] === key) j++;
      const count = j - i;
      const word = key >>> 15;
      if (word !== groupWord) {
        closeGroup();
        groupWord = word;
      }
      groupCounts.push(count);
      if (count >= MIN_BIGRAM) {
        biKeys.push(key);
        biCounts.push(count);
      }
      i = j;
    }
    closeGroup();
  }

  // trigrams: per (u, v) context statistics from all counts, kept entries from MIN_TRIGRAM
  const ctxKeys: number[] = [];
  const ctxStats: number[] = [];
  const triKeys: number[] = [];
  const triCounts: number[] = [];
  {
    let groupCtx = -1;
    let t = 0;
    let distinct = 0;
    let top = 0;
    const closeGroup = (): void => {
      if (groupCtx >= 0 && t >= 2) {
        ctxKeys.push(groupCtx);
        ctxStats.push(t, distinct, top);
      }
    };
    for (let i = 0; i < nt;) {
      const key = triSorted[i]!;
      let j = i;
      while (j < nt && triSorted[j] === key) j++;
      const count = j - i;
      const ctx = Math.floor(key / 32768);
      const w = key - ctx * 32768;
      if (ctx !== groupCtx) {
        closeGroup();
        groupCtx = ctx;
        t = 0;
        distinct = 0;
        top = 0;
      }
      t += count;
      distinct++;
      if (count > top) top = count;
      if (count >= MIN_TRIGRAM) {
        const u = Math.floor(ctx / 32768);
        triKeys.push(trigramHash(u, ctx - u * 32768, w));
        triCounts.push(count);
      }
      i = j;
    }
    closeGroup();
  }
  // contexts (u << 15 | v) are sorted, like the kept bigrams: merge them into one table
  const keys: number[] = [];
  const counts: number[] = [];
  const totals: number[] = [];
  const distincts: number[] = [];
  const tops: number[] = [];
  let a = 0;
  let b = 0;
  while (a < biKeys.length || b < ctxKeys.length) {
    const ka = a < biKeys.length ? biKeys[a]! : Infinity;
    const kb = b < ctxKeys.length ? ctxKeys[b]! : Infinity;
    const key = Math.min(ka, kb);
    keys.push(key);
    counts.push(ka === key ? biCounts[a]! : 0);
    if (kb === key) {
      totals.push(ctxStats[3 * b]!);
      distincts.push(ctxStats[3 * b + 1]!);
      tops.push(ctxStats[3 * b + 2]!);
    } else {
      totals.push(0);
      distincts.push(0);
      tops.push(0);
    }
    if (ka === key) a++;
    if (kb === key) b++;
  }
  return {
    vocab,
    unigram,
    total,
    context,
    biKey: Int32Array.from(keys),
    biCount: Int32Array.from(counts),
    biTotal: Int32Array.from(totals),
    biDistinct: Int32Array.from(distincts),
    biTop: Int32Array.from(tops),
    triKey: Int32Array.from(triKeys),
    triCount: Int32Array.from(triCounts),
  };
}

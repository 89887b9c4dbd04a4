/**
 * The predictability view: a small word trigram language model (interpolated absolute
 * discounting over the training side's texts, pruned) and, for any run of sentences, how
 * predictable its words are under it — mean and spread of the log-probability, how rare the words
 * are, and GLTR-style rank rates (the share of tokens that are the most frequent, a top-10 or a
 * top-100 continuation of the word before them). Sampled machine text keeps to likely
 * continuations more than people do.
 */
import { finaliseHash } from '@veritext/text';
import { KIND_NUMBER, KIND_WORD, sentenceTokenIds, type Scan } from './features.ts';

export const NGRAM_BOS = 0;
export const NGRAM_UNK = 1;
export const NGRAM_UNK_CAP = 2;
export const NGRAM_NUMBER = 3;
export const NGRAM_SPECIALS = 4;
/** Word ids fit in 15 bits, so a bigram key fits in 30. */
export const NGRAM_MAX_VOCAB = 1 << 15;
export const NGRAM_DISCOUNT = 0.75;

/** Stride of the per-word context table: total, distinct continuations, top-1, top-10 and top-100 counts. */
export const CONTEXT_STRIDE = 5;

/** As stored in the model file (arrays base64-encoded Int32). */
export interface NgramFile {
  /** Words by id, from NGRAM_SPECIALS on. */
  readonly vocab: readonly string[];
  readonly unigram: string;
  readonly total: number;
  readonly context: string;
  /** Bigrams kept: key (u << 15 | v), count, and as trigram context: total, distinct continuations, top-1 count. */
  readonly bigram: {
    readonly key: string;
    readonly count: string;
    readonly total: string;
    readonly distinct: string;
    readonly top: string;
  };
  /** Trigrams kept: 32-bit hash of the key, count. */
  readonly trigram: { readonly key: string; readonly count: string };
}

/** An open-addressing table from int keys to slots; a value array of the same size holds 0 where empty. */
export interface IntTable {
  readonly mask: number;
  readonly keys: Int32Array;
  readonly used: Uint8Array;
}

export function buildIntTable(keys: Int32Array): { table: IntTable; slotOf: Int32Array } {
  let cap = 1;
  while (cap < keys.length * 2) cap <<= 1;
  const table: IntTable = { mask: cap - 1, keys: new Int32Array(cap), used: new Uint8Array(cap) };
  const slotOf = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    let h = finaliseHash(k) & table.mask;
    while (table.used[h] === 1 && table.keys[h] !== k) h = (h + 1) & table.mask;
    table.used[h] = 1;
    table.keys[h] = k;
    slotOf[i] = h;
  }
  return { table, slotOf };
}

export function findSlot(t: IntTable, k: number): number {
  let h = finaliseHash(k) & t.mask;
  while (t.used[h] === 1) {
    if (t.keys[h] === k) return h;
    h = (h + 1) & t.mask;
  }
  return -1;
}

export function trigramHash(u: number, v: number, w: number): number {
  return finaliseHash(Math.imul((u << 15) | v, 0x9e3779b1) ^ w ^ 0x5bd1e995) | 0;
}

export interface NgramModel {
  readonly vocab: Map<string, number>;
  readonly unigramP: Float64Array;
  readonly context: Int32Array;
  readonly bigram: IntTable;
  /** Per slot of the bigram table: count, trigram-context total, distinct continuations, top-1 count. */
  readonly biCount: Int32Array;
  readonly biTotal: Int32Array;
  readonly biDistinct: Int32Array;
  readonly biTop: Int32Array;
  readonly trigram: IntTable;
  readonly triCount: Int32Array;
}

export interface NgramArrays {
  readonly vocab: readonly string[];
  readonly unigram: Int32Array;
  readonly total: number;
  readonly context: Int32Array;
  readonly biKey: Int32Array;
  readonly biCount: Int32Array;
  readonly biTotal: Int32Array;
  readonly biDistinct: Int32Array;
  readonly biTop: Int32Array;
  readonly triKey: Int32Array;
  readonly triCount: Int32Array;
}

export function ngramModel(a: NgramArrays): NgramModel {
  const vocab = new Map<string, number>();
  a.vocab.forEach((w, i) => vocab.set(w, i + NGRAM_SPECIALS));
  const V = a.unigram.length;
  const unigramP = new Float64Array(V);
  for (let i = 0; i < V; i++) unigramP[i] = (a.unigram[i]! + 1) / (a.total + V);
  const bi = buildIntTable(a.biKey);
  const size = bi.table.keys.length;
  const biCount = new Int32Array(size);
  const biTotal = new Int32Array(size);
  const biDistinct = new Int32Array(size);
  const biTop = new Int32Array(size);
  for (let i = 0; i < a.biKey.length; i++) {
    const s = bi.slotOf[i]!;
    biCount[s] = a.biCount[i]!;
    biTotal[s] = a.biTotal[i]!;
    biDistinct[s] = a.biDistinct[i]!;
    biTop[s] = a.biTop[i]!;
  }
  const tri = buildIntTable(a.triKey);
  const triCount = new Int32Array(tri.table.keys.length);
  for (let i = 0; i < a.triKey.length; i++) triCount[tri.slotOf[i]!] = a.triCount[i]!;
  return {
    vocab,
    unigramP,
    context: a.context,
    bigram: bi.table,
    biCount,
    biTotal,
    biDistinct,
    biTop,
    trigram: tri.table,
    triCount,
  };
}

function isUpperChar(c: string): boolean {
  return c !== c.toLowerCase() && c === c.toUpperCase();
}

/** The id of token i of a scan. */
export function tokenId(vocab: ReadonlyMap<string, number>, s: Scan, i: number): number {
  const k = s.kind[i]!;
  if (k === KIND_NUMBER) return NGRAM_NUMBER;
  const id = vocab.get(s.lower[i]!);
  if (id !== undefined) return id;
  if (k === KIND_WORD && isUpperChar(s.text[s.start[i]!]!)) return NGRAM_UNK_CAP;
  return NGRAM_UNK;
}

/** Token ids of sentences [fromSentence, toSentence), each sentence opened by NGRAM_BOS. */
export function ngramIds(
  vocab: ReadonlyMap<string, number>,
  s: Scan,
  fromSentence: number,
  toSentence: number,
): Int32Array {
  return sentenceTokenIds(s, fromSentence, toSentence, NGRAM_BOS, (i) => tokenId(vocab, s, i));
}

const PREDICTABILITY_SINGLE = [
  'trigram log-prob mean',
  'trigram log-prob sd',
  'unigram log-prob mean',
  'context gain mean',
  'top-1 continuation rate',
  'top-10 continuation rate',
  'top-100 continuation rate',
  'trigram top-1 rate',
  'unseen bigram rate',
  'bigram log-prob mean',
  'surprise rate',
  'sentence log-prob sd',
] as const;
/** The models a predictability view reads: human text's, then machine text's. */
export const NGRAM_MODELS = ['human', 'ai'] as const;
export const PREDICTABILITY_NAMES = [
  ...NGRAM_MODELS.flatMap((m) => PREDICTABILITY_SINGLE.map((n) => `${m} ${n}`)),
  'trigram log-ratio mean',
  'trigram log-ratio sd',
  'bigram log-ratio mean',
  'unigram log-ratio mean',
];
export const PREDICTABILITY_DIM = PREDICTABILITY_NAMES.length;

const SINGLE_DIM = PREDICTABILITY_SINGLE.length;

/**
 * Predictability rates of sentences [fromSentence, toSentence) under the models (which share one
 * vocabulary): each model's rates, then per-token log-probability differences between the last
 * model and the first (trigram mean and spread, bigram mean, unigram mean).
 */
export function predictabilityFeatures(
  models: readonly NgramModel[],
  s: Scan,
  fromSentence: number,
  toSentence: number,
): Float64Array {
  const f = new Float64Array(PREDICTABILITY_DIM);
  const first = models[0];
  if (first === undefined) return f;
  const ids = ngramIds(first.vocab, s, fromSentence, toSentence);
  const l3 = models.map(() => new Float64Array(ids.length));
  const l2 = models.map(() => new Float64Array(ids.length));
  const l1 = models.map(() => new Float64Array(ids.length));
  models.forEach((m, k) => f.set(singleFeatures(m, ids, l3[k]!, l2[k]!, l1[k]!), k * SINGLE_DIM));
  if (models.length < 2) return f;
  const a = models.length - 1;
  let n = 0;
  let d3 = 0;
  let d33 = 0;
  let d2 = 0;
  let d1 = 0;
  for (let i = 0; i < ids.length; i++) {
    if (ids[i] === NGRAM_BOS) continue;
    const x = l3[a]![i]! - l3[0]![i]!;
    n++;
    d3 += x;
    d33 += x * x;
    d2 += l2[a]![i]! - l2[0]![i]!;
    d1 += l1[a]![i]! - l1[0]![i]!;
  }
  if (n === 0) return f;
  const o = models.length * SINGLE_DIM;
  f[o] = d3 / n;
  f[o + 1] = Math.sqrt(Math.max(d33 / n - (d3 / n) ** 2, 0));
  f[o + 2] = d2 / n;
  f[o + 3] = d1 / n;
  return f;
}

function singleFeatures(
  m: NgramModel,
  ids: Int32Array,
  out3: Float64Array,
  out2: Float64Array,
  out1: Float64Array,
): Float64Array {
  const f = new Float64Array(SINGLE_DIM);
  const D = NGRAM_DISCOUNT;
  let n = 0;
  let sum3 = 0;
  let sum33 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let top1 = 0;
  let top10 = 0;
  let top100 = 0;
  let triTop = 0;
  let unseen = 0;
  let surprise = 0;
  let sentN = 0;
  let sentSum = 0;
  let sentSum2 = 0;
  let curSum = 0;
  let curN = 0;
  let u = NGRAM_BOS;
  let v = NGRAM_BOS;
  const V = m.unigramP.length;
  for (let i = 0; i < ids.length; i++) {
    const w = ids[i]!;
    if (w === NGRAM_BOS) {
      if (curN > 0) {
        const mean = curSum / curN;
        sentN++;
        sentSum += mean;
        sentSum2 += mean * mean;
      }
      curSum = 0;
      curN = 0;
      u = NGRAM_BOS;
      v = NGRAM_BOS;
      continue;
    }
    const p1 = w < V ? m.unigramP[w]! : 1 / V;
    // bigram
    const c = v * CONTEXT_STRIDE;
    const total = m.context[c]!;
    let c2 = 0;
    const bs = findSlot(m.bigram, (v << 15) | w);
    if (bs >= 0) c2 = m.biCount[bs]!;
    let p2 = p1;
    if (total > 0) {
      p2 = Math.max(c2 - D, 0) / total + ((D * m.context[c + 1]!) / total) * p1;
      if (c2 > 0) {
        if (c2 >= m.context[c + 2]!) top1++;
        if (c2 >= m.context[c + 3]!) top10++;
        if (c2 >= m.context[c + 4]!) top100++;
      } else if (v !== NGRAM_UNK && v !== NGRAM_UNK_CAP) unseen++;
    }
    // trigram
    let p3 = p2;
    const cs = findSlot(m.bigram, (u << 15) | v);
    if (cs >= 0) {
      const t3 = m.biTotal[cs]!;
      if (t3 > 0) {
        let c3 = 0;
        const ts = findSlot(m.trigram, trigramHash(u, v, w));
        if (ts >= 0) c3 = m.triCount[ts]!;
        p3 = Math.max(c3 - D, 0) / t3 + ((D * m.biDistinct[cs]!) / t3) * p2;
        if (c3 > 0 && c3 >= m.biTop[cs]!) triTop++;
      }
    }
    const l3 = Math.log(p3);
    const l1 = Math.log(p1);
    const l2 = Math.log(p2);
    out3[i] = l3;
    out2[i] = l2;
    out1[i] = l1;
    n++;
    sum3 += l3;
    sum33 += l3 * l3;
    sum1 += l1;
    sum2 += l2;
    if (l3 < -10) surprise++;
    curSum += l3;
    curN++;
    u = v;
    v = w;
  }
  if (curN > 0) {
    const mean = curSum / curN;
    sentN++;
    sentSum += mean;
    sentSum2 += mean * mean;
  }
  if (n === 0) return f;
  const mean3 = sum3 / n;
  f[0] = mean3;
  f[1] = Math.sqrt(Math.max(sum33 / n - mean3 * mean3, 0));
  f[2] = sum1 / n;
  f[3] = mean3 - sum1 / n;
  f[4] = top1 / n;
  f[5] = top10 / n;
  f[6] = top100 / n;
  f[7] = triTop / n;
  f[8] = unseen / n;
  f[9] = sum2 / n;
  f[10] = surprise / n;
  const sm = sentN > 0 ? sentSum / sentN : 0;
  f[11] = sentN > 1 ? Math.sqrt(Math.max(sentSum2 / sentN - sm * sm, 0)) : 0;
  return f;
}

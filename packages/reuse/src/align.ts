import { combineHash } from './hash.ts';
import type { PreparedText } from './prepare.ts';
import type { Alignment } from './types.ts';

/**
 * Passage alignment after Sanchez-Perez, Sidorov & Gelbukh (PAN 2014 winner, 2015 adaptive version):
 * sentence pairs are seeds when their tf-isf cosine and Dice coefficient both pass a threshold; seeds are
 * clustered when they lie within `maxGap` sentences of each other on both sides; a cluster is kept when its
 * two whole fragments are similar enough (otherwise it is re-clustered with a smaller gap); overlaps are
 * resolved and short passages dropped.
 */
export interface AlignParams {
  /** A sentence pair is a seed when its tf-isf cosine and its Dice coefficient are both above these. */
  readonly seedCosine: number;
  readonly seedDice: number;
  /** Seeds cluster within this many sentences on both sides; a failing cluster retries down to `minGap`. */
  readonly maxGap: number;
  readonly minGap: number;
  /** A cluster is kept when the cosine of its two whole fragments is above this. */
  readonly validCosine: number;
  /** Passages shorter than this many characters on either side are dropped. */
  readonly minChars: number;
  /** Two passages of one source closer than this many characters on both sides become one. */
  readonly mergeChars: number;
  /** Summary mode: the wide gap (0 turns it off), the source-to-suspicious length ratio and the least seeds. */
  readonly summaryGap: number;
  readonly summaryRatio: number;
  readonly summaryMinSeeds: number;
  /** After edge trimming, passages shorter than this are dropped. */
  readonly minTrimmedChars: number;
  /** A passage more than this many times longer than its source side is dropped. */
  readonly maxExpansion: number;
  /** Edge trimming: a passage starts and ends where `trimDensity` of `trimWindow` content words are shared. */
  readonly trimWindow: number;
  readonly trimDensity: number;
  /** ... or, for a loosely matched fragment, this share of its overall match rate. */
  readonly trimRelative: number;
  /** Verbatim fragments: stem n-gram size, share of words covered, and how runs chain. */
  readonly verbatimN: number;
  readonly verbatimCoverage: number;
  readonly verbatimSlack: number;
  readonly verbatimGap: number;
  readonly verbatimMinWords: number;
  readonly verbatimLongestRun: number;
}

export const DEFAULT_ALIGN_PARAMS: AlignParams = {
  seedCosine: 0.28,
  seedDice: 0.28,
  maxGap: 4,
  minGap: 0,
  validCosine: 0.38,
  minChars: 150,
  mergeChars: 0,
  summaryGap: 24,
  summaryRatio: 3,
  summaryMinSeeds: 3,
  minTrimmedChars: 100,
  maxExpansion: 2.5,
  trimWindow: 8,
  trimDensity: 0.75,
  verbatimN: 4,
  verbatimCoverage: 0.5,
  verbatimSlack: 3,
  verbatimGap: 12,
  verbatimMinWords: 8,
  verbatimLongestRun: 40,
  trimRelative: 0.8,
};

/** One sentence as sorted term ids with tf-isf weights. */
interface Bag {
  readonly terms: Int32Array;
  readonly weights: Float64Array;
  readonly counts: Int32Array;
  readonly norm: number;
}

interface Seed {
  readonly susp: number;
  readonly src: number;
}

interface Fragment {
  suspFirst: number;
  suspLast: number;
  srcFirst: number;
  srcLast: number;
  similarity: number;
}

export function alignTexts(
  susp: PreparedText,
  src: PreparedText,
  params: AlignParams = DEFAULT_ALIGN_PARAMS,
): Alignment[] {
  if (susp.sentences.length === 0 || src.sentences.length === 0) return [];
  const space = new TermSpace(susp, src);
  const seeds = findSeeds(space, params);
  if (seeds.length === 0) return [];
  const fragments: Fragment[] = [];
  for (const cluster of cluster2d(seeds, params.maxGap)) extend(space, cluster, params.maxGap, params, fragments);
  const merged = mergeFragments(space, fragments, susp, src, params);
  const kept = removeOverlaps(params.summaryGap > 0 ? withSummaries(space, seeds, merged, susp, src, params) : merged);
  const result: Alignment[] = [];
  for (const f of kept) {
    if (susp.sentences[f.suspLast]!.end - susp.sentences[f.suspFirst]!.start < params.minChars) continue;
    if (src.sentences[f.srcLast]!.end - src.sentences[f.srcFirst]!.start < params.minChars) continue;
    // Reuse keeps or shortens its source; a passage several times longer than its "source" is a text on
    // the same topic, not a copy.
    const suspChars = susp.sentences[f.suspLast]!.end - susp.sentences[f.suspFirst]!.start;
    if (suspChars > params.maxExpansion * (src.sentences[f.srcLast]!.end - src.sentences[f.srcFirst]!.start)) continue;
    const suspTokens = tokenRange(susp, f.suspFirst, f.suspLast);
    const srcTokens = tokenRange(src, f.srcFirst, f.srcLast);
    const verbatim = verbatimRuns(susp, suspTokens, src, srcTokens, params);
    if (verbatim !== null) {
      for (const run of verbatim) {
        const suspStart = susp.tokens[run.suspFirst]!.start;
        const suspEnd = endAfterPunctuation(susp, run.suspLast);
        const srcStart = src.tokens[run.srcFirst]!.start;
        const srcEnd = endAfterPunctuation(src, run.srcLast);
        if (suspEnd - suspStart < params.minTrimmedChars || srcEnd - srcStart < params.minTrimmedChars) continue;
        result.push({ suspStart, suspEnd, srcStart, srcEnd, similarity: f.similarity });
      }
      continue;
    }
    const [suspA, suspB] = trimToShared(susp, suspTokens, src, srcTokens, params);
    const [srcA, srcB] = trimToShared(src, srcTokens, susp, suspTokens, params);
    const suspStart = susp.tokens[suspA]!.start;
    const suspEnd = endAfterPunctuation(susp, suspB);
    const srcStart = src.tokens[srcA]!.start;
    const srcEnd = endAfterPunctuation(src, srcB);
    if (suspEnd - suspStart < params.minTrimmedChars || srcEnd - srcStart < params.minTrimmedChars) continue;
    result.push({ suspStart, suspEnd, srcStart, srcEnd, similarity: f.similarity });
  }
  return result.sort((a, b) => a.suspStart - b.suspStart);
}

function tokenRange(text: PreparedText, firstSentence: number, lastSentence: number): [number, number] {
  return [text.sentences[firstSentence]!.firstToken, text.sentences[lastSentence]!.endToken - 1];
}

interface Run {
  suspFirst: number;
  suspLast: number;
  srcFirst: number;
  srcLast: number;
  hits: number;
}

/**
 * For a fragment copied mostly word for word, the exact copied runs: word n-grams shared by both sides,
 * chained along diagonals (same offset between the two sides, give or take a few words). Null when less
 * than `verbatimCoverage` of the suspicious words sit in a shared n-gram, i.e. the fragment is a paraphrase.
 */
function verbatimRuns(
  susp: PreparedText,
  suspRange: readonly [number, number],
  src: PreparedText,
  srcRange: readonly [number, number],
  params: AlignParams,
): Run[] | null {
  const n = params.verbatimN;
  const key = (text: PreparedText, t: number): number => {
    let k = 0x9747b28c;
    for (let i = 0; i < n; i++) k = combineHash(k, text.tokens[t + i]!.key);
    return k;
  };
  const positions = new Map<number, number[]>();
  for (let j = srcRange[0]; j + n - 1 <= srcRange[1]; j++) {
    const k = key(src, j);
    const list = positions.get(k);
    if (list === undefined) positions.set(k, [j]);
    else list.push(j);
  }
  const suspLength = suspRange[1] - suspRange[0] + 1;
  const covered = new Uint8Array(suspLength);
  const pairs: { i: number; j: number }[] = [];
  for (let i = suspRange[0]; i + n - 1 <= suspRange[1]; i++) {
    const list = positions.get(key(susp, i));
    if (list === undefined) continue;
    for (let k = 0; k < n; k++) covered[i - suspRange[0] + k] = 1;
    for (const j of list) pairs.push({ i, j });
  }
  let coveredCount = 0;
  for (const c of covered) coveredCount += c;
  if (coveredCount < suspLength * params.verbatimCoverage) return null;
  pairs.sort((a, b) => a.j - a.i - (b.j - b.i) || a.i - b.i);
  const runs: Run[] = [];
  let run: Run | null = null;
  for (const { i, j } of pairs) {
    if (
      run !== null &&
      Math.abs(j - i - (run.srcLast - run.suspLast)) <= params.verbatimSlack &&
      i - run.suspLast <= params.verbatimGap
    ) {
      run.suspLast = i;
      run.srcLast = Math.max(run.srcLast, j);
      run.hits++;
      continue;
    }
    if (run !== null) runs.push(run);
    run = { suspFirst: i, suspLast: i, srcFirst: j, srcLast: j, hits: 1 };
  }
  if (run !== null) runs.push(run);
  const kept = runs
    .filter((r) => r.hits >= params.verbatimMinWords)
    .map((r) => ({ ...r, suspLast: r.suspLast + n - 1, srcLast: r.srcLast + n - 1 }))
    .sort((a, b) => b.hits - a.hits);
  if ((kept[0]?.hits ?? 0) < params.verbatimLongestRun) return null;
  const out: Run[] = [];
  for (const r of kept) if (!out.some((o) => o.suspFirst <= r.suspLast && r.suspFirst <= o.suspLast)) out.push(r);
  return out.sort((a, b) => a.suspFirst - b.suspFirst);
}

/** The end of the token, plus the punctuation that closes it ("word." or "word”)."). */
function endAfterPunctuation(text: PreparedText, token: number): number {
  const end = text.tokens[token]!.end;
  const limit = text.tokens[token + 1]?.start ?? text.text.length;
  const tail = /^[^\s\p{L}\p{N}]*/u.exec(text.text.slice(end, limit));
  return end + (tail?.[0].length ?? 0);
}

/**
 * Narrows [first, last] tokens of one side to where its content words are found on the other side: sentence
 * bounds are coarse (line-structured web text has few full stops), so a fragment often starts or ends with
 * words that were not reused. A window of `trimWindow` content words must hold `trimDensity` matched ones.
 */
function trimToShared(
  side: PreparedText,
  range: readonly [number, number],
  other: PreparedText,
  otherRange: readonly [number, number],
  params: AlignParams,
): [number, number] {
  const [first, last] = range;
  const vocabulary = new Set<string>();
  for (let t = otherRange[0]; t <= otherRange[1]; t++) vocabulary.add(other.tokens[t]!.stem);
  const content: number[] = [];
  for (let t = first; t <= last; t++) if (!side.tokens[t]!.isStop) content.push(t);
  if (content.length === 0) return [first, last];
  const hit = content.map((t) => vocabulary.has(side.tokens[t]!.stem));
  const window = Math.min(params.trimWindow, content.length);
  const rate = hit.filter(Boolean).length / hit.length;
  const need = Math.ceil(window * Math.min(params.trimDensity, rate * params.trimRelative));
  const dense = (from: number, step: 1 | -1): number => {
    for (let i = from; i >= 0 && i < content.length; i += step) {
      if (!hit[i]) continue;
      let count = 0;
      for (let k = 0, j = i; k < window && j >= 0 && j < content.length; k++, j += step) if (hit[j]) count++;
      if (count >= need) return i;
    }
    return -1;
  };
  const a = dense(0, 1);
  const b = dense(content.length - 1, -1);
  if (a < 0 || b < 0 || b < a) return [first, last];
  let start = content[a]!;
  while (start > first && side.tokens[start - 1]!.isStop && vocabulary.has(side.tokens[start - 1]!.stem)) start--;
  let end = content[b]!;
  while (end < last && side.tokens[end + 1]!.isStop && vocabulary.has(side.tokens[end + 1]!.stem)) end++;
  return [start, end];
}

interface Vocabulary {
  readonly ids: Map<number, number>;
  readonly stop: number[];
  readonly suspTerms: { terms: Int32Array; counts: Int32Array }[];
}

const vocabularies = new WeakMap<PreparedText, Vocabulary>();

/** Term ids shared by both texts, sentence bags and inverse sentence frequencies over both texts. */
class TermSpace {
  readonly suspBags: Bag[];
  readonly srcBags: Bag[];
  readonly isf: Float64Array;
  /** For each content term (not a function word), the source sentences that hold it: the sentences of
   * term `id` are `srcPostingList[srcPostingStart[id] .. srcPostingStart[id + 1]]`. */
  readonly srcPostingStart: Int32Array;
  readonly srcPostingList: Int32Array;
  readonly #a: Float64Array;
  readonly #b: Float64Array;

  constructor(susp: PreparedText, src: PreparedText) {
    // The checked text's vocabulary and sentence terms are built once and shared by all its sources.
    let vocabulary = vocabularies.get(susp);
    if (vocabulary === undefined) {
      const ids = new Map<number, number>();
      const stop: number[] = [];
      vocabulary = { ids, stop, suspTerms: sentenceTerms(susp, ids, stop) };
      vocabularies.set(susp, vocabulary);
    }
    const { ids, stop, suspTerms } = vocabulary;
    const srcTerms = sentenceTerms(src, ids, stop);
    const size = ids.size;
    const sf = new Int32Array(size);
    for (const bag of suspTerms) for (const id of bag.terms) sf[id]!++;
    for (const bag of srcTerms) for (const id of bag.terms) sf[id]!++;
    const total = suspTerms.length + srcTerms.length;
    this.isf = new Float64Array(size);
    for (let id = 0; id < size; id++) this.isf[id] = Math.log(total / sf[id]!);
    this.suspBags = suspTerms.map((raw) => this.bag(raw));
    this.srcBags = srcTerms.map((raw) => this.bag(raw));
    const start = new Int32Array(size + 1);
    for (const bag of this.srcBags) for (const id of bag.terms) if (stop[id] === 0) start[id + 1]!++;
    for (let id = 0; id < size; id++) start[id + 1]! += start[id]!;
    const list = new Int32Array(start[size]!);
    const fill = start.slice(0, size);
    this.srcBags.forEach((bag, j) => {
      for (const id of bag.terms) if (stop[id] === 0) list[fill[id]!++] = j;
    });
    this.srcPostingStart = start;
    this.srcPostingList = list;
    this.#a = new Float64Array(size);
    this.#b = new Float64Array(size);
  }

  bag(raw: { terms: Int32Array; counts: Int32Array }): Bag {
    const weights = new Float64Array(raw.terms.length);
    let norm = 0;
    for (let k = 0; k < raw.terms.length; k++) {
      const w = raw.counts[k]! * this.isf[raw.terms[k]!]!;
      weights[k] = w;
      norm += w * w;
    }
    return { terms: raw.terms, weights, counts: raw.counts, norm: Math.sqrt(norm) };
  }

  /** tf-isf cosine of two fragments: the summed term counts of sentences [first, last] on each side. */
  fragmentCosine(f: Fragment): number {
    const a = this.#a;
    const b = this.#b;
    const touched: number[] = [];
    const add = (bags: readonly Bag[], first: number, last: number, into: Float64Array): void => {
      for (let i = first; i <= last; i++) {
        const bag = bags[i]!;
        for (let k = 0; k < bag.terms.length; k++) {
          const id = bag.terms[k]!;
          if (a[id] === 0 && b[id] === 0) touched.push(id);
          into[id]! += bag.counts[k]!;
        }
      }
    };
    add(this.suspBags, f.suspFirst, f.suspLast, a);
    add(this.srcBags, f.srcFirst, f.srcLast, b);
    let dot = 0;
    let na = 0;
    let nb = 0;
    for (const id of touched) {
      const isf2 = this.isf[id]! * this.isf[id]!;
      dot += a[id]! * b[id]! * isf2;
      na += a[id]! * a[id]! * isf2;
      nb += b[id]! * b[id]! * isf2;
      a[id] = 0;
      b[id] = 0;
    }
    return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
  }
}

/** Each sentence as sorted distinct term ids with their counts. */
function sentenceTerms(
  text: PreparedText,
  ids: Map<number, number>,
  stop: number[],
): { terms: Int32Array; counts: Int32Array }[] {
  return text.sentences.map((sentence) => {
    const all = new Int32Array(sentence.endToken - sentence.firstToken);
    for (let t = sentence.firstToken; t < sentence.endToken; t++) {
      const stem = text.tokens[t]!.key;
      let id = ids.get(stem);
      if (id === undefined) {
        id = ids.size;
        ids.set(stem, id);
        stop.push(text.tokens[t]!.isStop ? 1 : 0);
      }
      all[t - sentence.firstToken] = id;
    }
    all.sort();
    let distinct = 0;
    for (let k = 0; k < all.length; k++) if (k === 0 || all[k] !== all[k - 1]) distinct++;
    const terms = new Int32Array(distinct);
    const counts = new Int32Array(distinct);
    let at = -1;
    for (let k = 0; k < all.length; k++) {
      if (k === 0 || all[k] !== all[k - 1]) terms[++at] = all[k]!;
      counts[at]!++;
    }
    return { terms, counts };
  });
}

function findSeeds(space: TermSpace, params: AlignParams): Seed[] {
  const seeds: Seed[] = [];
  const stamp = new Int32Array(space.srcBags.length).fill(-1);
  const candidates: number[] = [];
  space.suspBags.forEach((bag, i) => {
    // Candidates share at least one content word; the full cosine and Dice are then computed exactly.
    candidates.length = 0;
    for (const id of bag.terms) {
      for (let p = space.srcPostingStart[id]!, end = space.srcPostingStart[id + 1]!; p < end; p++) {
        const j = space.srcPostingList[p]!;
        if (stamp[j] !== i) {
          stamp[j] = i;
          candidates.push(j);
        }
      }
    }
    for (const j of candidates) {
      const other = space.srcBags[j]!;
      let dot = 0;
      let shared = 0;
      for (let a = 0, b = 0; a < bag.terms.length && b < other.terms.length;) {
        const x = bag.terms[a]!;
        const y = other.terms[b]!;
        if (x === y) {
          dot += bag.weights[a++]! * other.weights[b++]!;
          shared++;
        } else if (x < y) a++;
        else b++;
      }
      const cosine = bag.norm === 0 || other.norm === 0 ? 0 : dot / (bag.norm * other.norm);
      const dice = (2 * shared) / (bag.terms.length + other.terms.length);
      if (cosine > params.seedCosine && dice > params.seedDice) seeds.push({ susp: i, src: j });
    }
  });
  return seeds;
}

/** Splits seeds into groups whose members chain within `gap` sentences on one side, alternating sides until stable. */
function cluster2d(seeds: readonly Seed[], gap: number): Seed[][] {
  let clusters: Seed[][] = [seeds.slice()];
  let side: 'susp' | 'src' = 'susp';
  let stableRounds = 0;
  while (stableRounds < 2) {
    const next: Seed[][] = [];
    for (const cluster of clusters) next.push(...split1d(cluster, side, gap));
    stableRounds = next.length === clusters.length ? stableRounds + 1 : 0;
    clusters = next;
    side = side === 'susp' ? 'src' : 'susp';
  }
  return clusters;
}

function split1d(seeds: readonly Seed[], side: 'susp' | 'src', gap: number): Seed[][] {
  const sorted = seeds.slice().sort((a, b) => a[side] - b[side] || a.susp - b.susp || a.src - b.src);
  const groups: Seed[][] = [];
  let current: Seed[] = [];
  let last = -Infinity;
  for (const seed of sorted) {
    if (current.length > 0 && seed[side] - last > gap + 1) {
      groups.push(current);
      current = [];
    }
    current.push(seed);
    last = seed[side];
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** Validates a cluster; one that fails is re-clustered with a smaller gap, down to `minGap`. */
function extend(space: TermSpace, cluster: readonly Seed[], gap: number, params: AlignParams, out: Fragment[]): void {
  const fragment = bounds(cluster);
  fragment.similarity = fragmentSimilarity(space, fragment);
  if (fragment.similarity > params.validCosine) {
    out.push(fragment);
    return;
  }
  if (gap <= params.minGap || cluster.length < 2) return;
  for (const smaller of cluster2d(cluster, gap - 1)) extend(space, smaller, gap - 1, params, out);
}

function bounds(cluster: readonly Seed[]): Fragment {
  const f: Fragment = { suspFirst: Infinity, suspLast: -1, srcFirst: Infinity, srcLast: -1, similarity: 0 };
  for (const s of cluster) {
    f.suspFirst = Math.min(f.suspFirst, s.susp);
    f.suspLast = Math.max(f.suspLast, s.susp);
    f.srcFirst = Math.min(f.srcFirst, s.src);
    f.srcLast = Math.max(f.srcLast, s.src);
  }
  return f;
}

function fragmentSimilarity(space: TermSpace, f: Fragment): number {
  return space.fragmentCosine(f);
}

/**
 * Summary mode (Sanchez-Perez et al. 2015): a summary condenses a long source passage into a few sentences,
 * so its seeds lie far apart on the source side. Seeds are clustered again with a wide gap; a cluster whose
 * source side is `summaryRatio` times longer than its suspicious side and that validates replaces the
 * ordinary fragments it covers whole. Verbatim and edited copies keep their ordinary fragments.
 */
function withSummaries(
  space: TermSpace,
  seeds: readonly Seed[],
  fragments: readonly Fragment[],
  susp: PreparedText,
  src: PreparedText,
  params: AlignParams,
): Fragment[] {
  let result = fragments.slice();
  for (const cluster of cluster2d(seeds, params.summaryGap)) {
    if (cluster.length < params.summaryMinSeeds) continue;
    const f = bounds(cluster);
    const suspChars = susp.sentences[f.suspLast]!.end - susp.sentences[f.suspFirst]!.start;
    const srcChars = src.sentences[f.srcLast]!.end - src.sentences[f.srcFirst]!.start;
    if (srcChars < params.summaryRatio * suspChars) continue;
    f.similarity = fragmentSimilarity(space, f);
    if (f.similarity <= params.validCosine) continue;
    const overlapping = result.filter((g) => g.suspFirst <= f.suspLast && f.suspFirst <= g.suspLast);
    if (!overlapping.every((g) => g.suspFirst >= f.suspFirst && g.suspLast <= f.suspLast)) continue;
    // Where the ordinary fragments already explain most of it, this is no summary.
    const chars = (text: PreparedText, first: number, last: number): number =>
      text.sentences[last]!.end - text.sentences[first]!.start;
    let explained = 0;
    for (const g of overlapping) {
      const long =
        chars(susp, g.suspFirst, g.suspLast) >= params.minChars && chars(src, g.srcFirst, g.srcLast) >= params.minChars;
      if (long) explained += chars(susp, g.suspFirst, g.suspLast);
    }
    if (explained * 2 > suspChars) continue;
    result = result.filter((g) => !overlapping.includes(g));
    result.push(f);
  }
  return result;
}

/** Joins fragments that overlap or nearly touch on both sides, when the joined pair still validates. */
function mergeFragments(
  space: TermSpace,
  fragments: readonly Fragment[],
  susp: PreparedText,
  src: PreparedText,
  params: AlignParams,
): Fragment[] {
  const sorted = fragments.slice().sort((a, b) => a.suspFirst - b.suspFirst);
  const out: Fragment[] = [];
  for (const f of sorted) {
    const prev = out.at(-1);
    if (prev !== undefined) {
      const suspGap = susp.sentences[f.suspFirst]!.start - susp.sentences[prev.suspLast]!.end;
      const srcGap = Math.max(
        src.sentences[f.srcFirst]!.start - src.sentences[prev.srcLast]!.end,
        src.sentences[prev.srcFirst]!.start - src.sentences[f.srcLast]!.end,
      );
      if (suspGap <= params.mergeChars && srcGap <= params.mergeChars) {
        const joined: Fragment = {
          suspFirst: Math.min(prev.suspFirst, f.suspFirst),
          suspLast: Math.max(prev.suspLast, f.suspLast),
          srcFirst: Math.min(prev.srcFirst, f.srcFirst),
          srcLast: Math.max(prev.srcLast, f.srcLast),
          similarity: 0,
        };
        joined.similarity = fragmentSimilarity(space, joined);
        if (joined.similarity > params.validCosine) {
          out[out.length - 1] = joined;
          continue;
        }
      }
    }
    out.push({ ...f });
  }
  return out;
}

/** Where two passages overlap on the suspicious side, the more similar one wins; the other is cut or dropped. */
function removeOverlaps(fragments: readonly Fragment[]): Fragment[] {
  const byQuality = fragments
    .slice()
    .sort((a, b) => b.similarity - a.similarity || b.suspLast - b.suspFirst - (a.suspLast - a.suspFirst));
  const kept: Fragment[] = [];
  for (const f of byQuality) {
    if (kept.some((k) => k.suspFirst <= f.suspLast && f.suspFirst <= k.suspLast)) continue;
    kept.push(f);
  }
  return kept;
}

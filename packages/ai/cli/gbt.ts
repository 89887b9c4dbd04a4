/**
 * Gradient-boosted regression trees for a weighted binary target (logistic loss, Newton leaf
 * values), on histogram-binned dense rates: every feature is cut at up to `bins - 1` quantiles of
 * the training values, and splits are searched only between bins. Trees are complete binary trees
 * of a fixed depth (src/trees.ts stores and scores them). Rows are subsampled per tree by a seeded
 * generator, and ties are broken by feature and bin order: the same data and seed give the same
 * trees, bit for bit.
 */
import type { Trees } from '../src/trees.ts';

export interface GbtOptions {
  readonly trees: number;
  readonly depth: number;
  /** Shrinkage applied to every leaf. */
  readonly rate: number;
  /** Histogram bins per feature (at most 256). */
  readonly bins: number;
  /** L2 on leaf values (added to the hessian sum). */
  readonly lambda: number;
  /** A split leaves at least this much hessian weight on either side. */
  readonly minChildWeight: number;
  /** Share of rows drawn (without replacement) for each tree. */
  readonly subsample: number;
  readonly random: () => number;
}

export const DEFAULT_GBT: Omit<GbtOptions, 'random'> = {
  trees: 300,
  depth: 4,
  rate: 0.05,
  bins: 64,
  lambda: 1,
  minChildWeight: 1,
  subsample: 0.8,
};

/** Cut points per feature: quantiles of the distinct training values (a value <= cut[b] is in bin <= b). */
export function binEdges(x: readonly ArrayLike<number>[], dim: number, bins: number): Float32Array[] {
  const edges: Float32Array[] = [];
  const n = x.length;
  for (let d = 0; d < dim; d++) {
    const v = new Float32Array(n);
    for (let r = 0; r < n; r++) v[r] = x[r]![d]!;
    v.sort();
    const cuts: number[] = [];
    for (let b = 1; b < bins; b++) {
      const c = v[Math.min(n - 1, Math.floor((b * n) / bins))]!;
      if (Number.isNaN(c)) continue;
      if (cuts.length === 0 || c > cuts[cuts.length - 1]!) cuts.push(c);
    }
    // the largest value needs no cut: everything is <= it
    while (cuts.length > 0 && cuts[cuts.length - 1]! >= v[n - 1]!) cuts.pop();
    edges.push(Float32Array.from(cuts));
  }
  return edges;
}

function binOf(cuts: Float32Array, value: number): number {
  // first cut >= value (values are compared as float32, as the trees store thresholds)
  const f = Math.fround(value);
  let lo = 0;
  let hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cuts[mid]! >= f) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function trainGbt(
  x: readonly ArrayLike<number>[],
  label: ArrayLike<number>,
  weight: ArrayLike<number>,
  dim: number,
  o: GbtOptions,
): Trees {
  const n = x.length;
  const edges = binEdges(x, dim, o.bins);
  const nb = o.bins;
  const binned = new Uint8Array(n * dim);
  for (let r = 0; r < n; r++) for (let d = 0; d < dim; d++) binned[r * dim + d] = binOf(edges[d]!, x[r]![d]!);
  // weights scaled to mean 1, so that lambda and minChildWeight mean the same whatever the scheme
  let total = 0;
  let positive = 0;
  for (let r = 0; r < n; r++) {
    total += weight[r]!;
    positive += weight[r]! * label[r]!;
  }
  const w = Float64Array.from({ length: n }, (_, r) => (weight[r]! * n) / total);
  const prior = Math.min(Math.max(positive / total, 1e-6), 1 - 1e-6);
  const base = Math.log(prior / (1 - prior));
  const z = new Float64Array(n).fill(base);
  const inner = (1 << o.depth) - 1;
  const feature = new Int32Array(o.trees * inner);
  const threshold = new Float32Array(o.trees * inner).fill(Infinity);
  const leaf = new Float32Array(o.trees * (inner + 1));
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const node = new Int32Array(n);
  const inSample = new Uint8Array(n);
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const take = Math.max(1, Math.round(o.subsample * n));
  const width = 1 << (o.depth - 1);
  const histG = new Float64Array(width * dim * nb);
  const histH = new Float64Array(width * dim * nb);
  for (let t = 0; t < o.trees; t++) {
    // partial Fisher–Yates: the first `take` rows of the order are this tree's sample
    inSample.fill(0);
    for (let i = 0; i < take && take < n; i++) {
      const j = i + Math.floor(o.random() * (n - i));
      const s = order[i]!;
      order[i] = order[j]!;
      order[j] = s;
    }
    for (let i = 0; i < take; i++) inSample[order[i]!] = 1;
    for (let r = 0; r < n; r++) {
      const p = 1 / (1 + Math.exp(-z[r]!));
      g[r] = (p - label[r]!) * w[r]!;
      h[r] = Math.max(p * (1 - p), 1e-12) * w[r]!;
      node[r] = 0;
    }
    const to = t * inner;
    for (let level = 0; level < o.depth; level++) {
      const first = (1 << level) - 1;
      const count = 1 << level;
      histG.fill(0, 0, count * dim * nb);
      histH.fill(0, 0, count * dim * nb);
      for (let r = 0; r < n; r++) {
        if (inSample[r] === 0) continue;
        const base0 = (node[r]! - first) * dim * nb;
        const gr = g[r]!;
        const hr = h[r]!;
        const row = r * dim;
        for (let d = 0; d < dim; d++) {
          const k = base0 + d * nb + binned[row + d]!;
          histG[k]! += gr;
          histH[k]! += hr;
        }
      }
      const splitBin = new Int32Array(count).fill(-1);
      for (let c = 0; c < count; c++) {
        let bestGain = 1e-9;
        let bestD = 0;
        let bestB = -1;
        const off = c * dim * nb;
        // totals from feature 0's histogram
        let G = 0;
        let H = 0;
        for (let b = 0; b < nb; b++) {
          G += histG[off + b]!;
          H += histH[off + b]!;
        }
        const parent = (G * G) / (H + o.lambda);
        for (let d = 0; d < dim; d++) {
          const cuts = edges[d]!.length;
          let gl = 0;
          let hl = 0;
          for (let b = 0; b < cuts; b++) {
            gl += histG[off + d * nb + b]!;
            hl += histH[off + d * nb + b]!;
            const hr = H - hl;
            if (hl < o.minChildWeight || hr < o.minChildWeight) continue;
            const gr = G - gl;
            const gain = (gl * gl) / (hl + o.lambda) + (gr * gr) / (hr + o.lambda) - parent;
            if (gain > bestGain) {
              bestGain = gain;
              bestD = d;
              bestB = b;
            }
          }
        }
        const id = first + c;
        if (bestB >= 0) {
          feature[to + id] = bestD;
          threshold[to + id] = edges[bestD]![bestB]!;
          splitBin[c] = bestB;
        }
      }
      // every row (sampled or not) moves down, so that leaves and scores use all of them alike
      for (let r = 0; r < n; r++) {
        const c = node[r]! - first;
        const b = splitBin[c]!;
        const right = b >= 0 && binned[r * dim + feature[to + first + c]!]! > b;
        node[r] = 2 * node[r]! + (right ? 2 : 1);
      }
    }
    // Newton leaf values from the sample
    const lg = new Float64Array(inner + 1);
    const lh = new Float64Array(inner + 1);
    for (let r = 0; r < n; r++) {
      if (inSample[r] === 0) continue;
      lg[node[r]! - inner]! += g[r]!;
      lh[node[r]! - inner]! += h[r]!;
    }
    for (let l = 0; l <= inner; l++) leaf[t * (inner + 1) + l] = Math.fround((-o.rate * lg[l]!) / (lh[l]! + o.lambda));
    for (let r = 0; r < n; r++) z[r]! += leaf[t * (inner + 1) + node[r]! - inner]!;
  }
  return { depth: o.depth, trees: o.trees, base, feature, threshold, leaf };
}

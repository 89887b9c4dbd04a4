/**
 * A gradient-boosted ensemble of small regression trees over dense rates (cli/gbt.ts trains it),
 * stored compactly: every tree is a complete binary tree of the same depth, kept in three flat
 * arrays (split features, split thresholds, leaf values), each base64 in the model file. A node
 * that did not split has threshold +Infinity, so every value goes left.
 */
import { decodeFloats, decodeInts, encodeFloats, encodeInts } from './codec.ts';

export interface TreesFile {
  /** Depth of every tree: 2^depth - 1 split nodes and 2^depth leaves each. */
  readonly depth: number;
  readonly trees: number;
  /** The ensemble's starting logit. */
  readonly base: number;
  /** Int32 feature index per split node, tree after tree (base64). */
  readonly feature: string;
  /** Float32 threshold per split node: a value <= it goes left (base64). */
  readonly threshold: string;
  /** Float32 value per leaf, shrinkage included (base64). */
  readonly leaf: string;
}

export interface Trees {
  readonly depth: number;
  readonly trees: number;
  readonly base: number;
  readonly feature: Int32Array;
  readonly threshold: Float32Array;
  readonly leaf: Float32Array;
}

export function treesToFile(t: Trees): TreesFile {
  return {
    depth: t.depth,
    trees: t.trees,
    base: t.base,
    feature: encodeInts(t.feature),
    threshold: encodeFloats(t.threshold),
    leaf: encodeFloats(t.leaf),
  };
}

export function treesFromFile(f: TreesFile, dim: number): Trees {
  const t: Trees = {
    depth: f.depth,
    trees: f.trees,
    base: f.base,
    feature: decodeInts(f.feature),
    threshold: decodeFloats(f.threshold),
    leaf: decodeFloats(f.leaf),
  };
  const inner = (1 << t.depth) - 1;
  if (
    t.feature.length !== t.trees * inner ||
    t.threshold.length !== t.trees * inner ||
    t.leaf.length !== t.trees * (inner + 1)
  ) {
    throw new Error('AI model: the tree ensemble is malformed');
  }
  for (const d of t.feature) if (d < 0 || d >= dim) throw new Error('AI model: a tree splits on an unknown feature');
  return t;
}

/** The ensemble's logit for one vector of rates (NaN goes left). */
export function treesLogit(t: Trees, x: ArrayLike<number>): number {
  const inner = (1 << t.depth) - 1;
  let z = t.base;
  for (let k = 0; k < t.trees; k++) {
    const o = k * inner;
    let node = 0;
    for (let level = 0; level < t.depth; level++) {
      node = 2 * node + (x[t.feature[o + node]!]! > t.threshold[o + node]! ? 2 : 1);
    }
    z += t.leaf[k * (inner + 1) + node - inner]!;
  }
  return z;
}

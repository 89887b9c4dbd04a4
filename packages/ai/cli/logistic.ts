/**
 * Weighted logistic regression over sparse rows, trained by Adagrad with L2 decay, in a seeded
 * order: the same data and seed give the same weights, bit for bit.
 */

/** Rows stored end to end: row r's entries are index/value[offset[r] .. offset[r + 1]). */
export interface SparseRows {
  readonly offset: Int32Array;
  readonly index: Int32Array;
  readonly value: Float32Array;
  readonly label: Uint8Array;
  readonly weight: Float32Array;
}

export class SparseRowsBuilder {
  private offsets: number[] = [0];
  private indexes: Int32Array = new Int32Array(1 << 20);
  private values: Float32Array = new Float32Array(1 << 20);
  private size = 0;
  private labels: number[] = [];
  private weights: number[] = [];

  get rows(): number {
    return this.labels.length;
  }

  add(index: ArrayLike<number>, value: ArrayLike<number>, label: 0 | 1, weight: number): void {
    const need = this.size + index.length;
    if (need > this.indexes.length) {
      let cap = this.indexes.length;
      while (cap < need) cap *= 2;
      const i2 = new Int32Array(cap);
      i2.set(this.indexes.subarray(0, this.size));
      const v2 = new Float32Array(cap);
      v2.set(this.values.subarray(0, this.size));
      this.indexes = i2;
      this.values = v2;
    }
    for (let k = 0; k < index.length; k++) {
      this.indexes[this.size + k] = index[k]!;
      this.values[this.size + k] = value[k]!;
    }
    this.size = need;
    this.offsets.push(need);
    this.labels.push(label);
    this.weights.push(weight);
  }

  build(): SparseRows {
    return {
      offset: Int32Array.from(this.offsets),
      index: this.indexes.slice(0, this.size),
      value: this.values.slice(0, this.size),
      label: Uint8Array.from(this.labels),
      weight: Float32Array.from(this.weights),
    };
  }
}

export interface TrainOptions {
  readonly dim: number;
  readonly epochs: number;
  readonly rate: number;
  readonly l2: number;
  readonly random: () => number;
}

export interface Trained {
  readonly weights: Float64Array;
  readonly bias: number;
}

export function trainLogistic(rows: SparseRows, o: TrainOptions): Trained {
  const n = rows.label.length;
  const w = new Float64Array(o.dim);
  const g2 = new Float64Array(o.dim).fill(1e-8);
  let bias = 0;
  let bg2 = 1e-8;
  // mean weight 1, so that rate and l2 mean the same whatever the weighting scheme
  let totalWeight = 0;
  for (let r = 0; r < n; r++) totalWeight += rows.weight[r]!;
  const weightScale = n / totalWeight;
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(o.random() * (i + 1));
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    for (let k = 0; k < n; k++) {
      const r = order[k]!;
      const a = rows.offset[r]!;
      const b = rows.offset[r + 1]!;
      let z = bias;
      for (let e = a; e < b; e++) z += w[rows.index[e]!]! * rows.value[e]!;
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - rows.label[r]!) * rows.weight[r]! * weightScale;
      for (let e = a; e < b; e++) {
        const i = rows.index[e]!;
        const gi = g * rows.value[e]! + o.l2 * w[i]!;
        g2[i]! += gi * gi;
        w[i]! -= (o.rate * gi) / Math.sqrt(g2[i]!);
      }
      bg2 += g * g;
      bias -= (o.rate * g) / Math.sqrt(bg2);
    }
  }
  return { weights: w, bias };
}

export function logit(rows: SparseRows, r: number, weights: ArrayLike<number>, bias: number): number {
  let z = bias;
  for (let e = rows.offset[r]!; e < rows.offset[r + 1]!; e++) z += weights[rows.index[e]!]! * rows.value[e]!;
  return z;
}

/** Mulberry32: a small seeded generator, enough for shuffling. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

import { describe, expect, it } from 'vitest';
import {
  SparseRowsBuilder,
  logit,
  seededRandom,
  trainLogistic,
  type SparseRows,
  type TrainOptions,
} from './logistic.ts';

const DIM = 60;

/** Rows of 6 random features with values in [-1, 1], labelled by a fixed random hyperplane, with a margin. */
function separable(seed: number, n: number): { rows: SparseRows; truth: Float64Array } {
  const random = seededRandom(seed);
  const truthRandom = seededRandom(1);
  const truth = Float64Array.from({ length: DIM }, () => truthRandom() * 2 - 1);
  const b = new SparseRowsBuilder();
  while (b.rows < n) {
    const index = new Set<number>();
    while (index.size < 6) index.add(Math.floor(random() * DIM));
    const idx = [...index].sort((x, y) => x - y);
    const val = idx.map(() => random() * 2 - 1);
    let z = 0;
    idx.forEach((i, k) => (z += truth[i]! * val[k]!));
    if (Math.abs(z) < 0.3) continue;
    b.add(idx, val, z > 0 ? 1 : 0, 1);
  }
  return { rows: b.build(), truth };
}

function options(seed: number, over: Partial<TrainOptions> = {}): TrainOptions {
  return { dim: DIM, epochs: 30, rate: 0.5, l2: 1e-6, random: seededRandom(seed), ...over };
}

function scores(rows: SparseRows, weights: ArrayLike<number>, bias: number): number[] {
  return Array.from({ length: rows.label.length }, (_, r) => logit(rows, r, weights, bias));
}

function accuracy(rows: SparseRows, z: readonly number[]): number {
  let ok = 0;
  z.forEach((v, r) => (ok += (v > 0 ? 1 : 0) === rows.label[r] ? 1 : 0));
  return ok / z.length;
}

/** Probability that a random positive outscores a random negative (ties count half). */
function auroc(rows: SparseRows, z: readonly number[]): number {
  const pos = z.filter((_, r) => rows.label[r] === 1);
  const neg = z.filter((_, r) => rows.label[r] === 0);
  let wins = 0;
  for (const p of pos) for (const q of neg) wins += p > q ? 1 : p === q ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

function bytes(a: Float64Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

/** Rows without features: only the bias can learn, and it learns the (weighted) class balance. */
function balanceRows(positives: number, negatives: number, positiveWeight: number, negativeWeight: number): SparseRows {
  const b = new SparseRowsBuilder();
  for (let i = 0; i < positives; i++) b.add([], [], 1, positiveWeight);
  for (let i = 0; i < negatives; i++) b.add([], [], 0, negativeWeight);
  return b.build();
}

describe('SparseRowsBuilder', () => {
  it('stores rows end to end with their labels and weights', () => {
    const b = new SparseRowsBuilder();
    b.add([2, 5], [0.5, -1], 1, 2);
    b.add([], [], 0, 1);
    b.add(Int32Array.from([7]), Float32Array.from([3]), 0, 0.25);
    expect(b.rows).toBe(3);
    const rows = b.build();
    expect(Array.from(rows.offset)).toEqual([0, 2, 2, 3]);
    expect(Array.from(rows.index)).toEqual([2, 5, 7]);
    expect(Array.from(rows.value)).toEqual([0.5, -1, 3]);
    expect(Array.from(rows.label)).toEqual([1, 0, 0]);
    expect(Array.from(rows.weight)).toEqual([2, 1, 0.25]);
    expect(logit(rows, 0, [0, 0, 10, 0, 0, 4, 0, 1], 0.5)).toBe(0.5 + 0.5 * 10 - 4);
    expect(logit(rows, 1, [1, 1, 1, 1, 1, 1, 1, 1], -2)).toBe(-2);
  });

  it('grows past its first capacity without losing entries', () => {
    const b = new SparseRowsBuilder();
    const n = 400_000;
    for (let r = 0; r < 3; r++) {
      const index = Int32Array.from({ length: n }, (_, i) => i + r);
      const value = Float32Array.from({ length: n }, (_, i) => (i % 97) + r);
      b.add(index, value, (r % 2) as 0 | 1, 1);
    }
    const rows = b.build();
    expect(rows.index.length).toBe(3 * n);
    expect(Array.from(rows.offset)).toEqual([0, n, 2 * n, 3 * n]);
    for (const e of [0, n - 1, n, 2 * n + 12345, 3 * n - 1]) {
      const r = Math.floor(e / n);
      const i = e - r * n;
      expect(rows.index[e]).toBe(i + r);
      expect(rows.value[e]).toBe((i % 97) + r);
    }
  });
});

describe('trainLogistic', () => {
  const train = separable(10, 600);
  const held = separable(20, 400);

  it('learns a separable problem', () => {
    const m = trainLogistic(train.rows, options(3));
    const zTrain = scores(train.rows, m.weights, m.bias);
    const zHeld = scores(held.rows, m.weights, m.bias);
    expect(accuracy(train.rows, zTrain)).toBeGreaterThan(0.97);
    expect(auroc(train.rows, zTrain)).toBeGreaterThan(0.995);
    expect(accuracy(held.rows, zHeld)).toBeGreaterThan(0.93);
    expect(auroc(held.rows, zHeld)).toBeGreaterThan(0.98);
    // the learnt direction is the true one
    let dot = 0;
    let nw = 0;
    let nt = 0;
    for (let i = 0; i < DIM; i++) {
      dot += m.weights[i]! * train.truth[i]!;
      nw += m.weights[i]! ** 2;
      nt += train.truth[i]! ** 2;
    }
    expect(dot / Math.sqrt(nw * nt)).toBeGreaterThan(0.9);
  });

  it('does no better than chance before training (zero epochs)', () => {
    const m = trainLogistic(train.rows, options(3, { epochs: 0 }));
    expect(m.bias).toBe(0);
    expect(m.weights.every((w) => w === 0)).toBe(true);
    expect(auroc(train.rows, scores(train.rows, m.weights, m.bias))).toBe(0.5);
  });

  it('gives the same weights, bit for bit, for the same data and seed', () => {
    const a = trainLogistic(train.rows, options(17));
    const b = trainLogistic(train.rows, options(17));
    expect(bytes(a.weights).equals(bytes(b.weights))).toBe(true);
    expect(Object.is(a.bias, b.bias)).toBe(true);
  });

  it('visits the rows in another order for another seed, and does about as well', () => {
    const a = trainLogistic(train.rows, options(17));
    const b = trainLogistic(train.rows, options(18));
    expect(bytes(a.weights).equals(bytes(b.weights))).toBe(false);
    const accA = accuracy(held.rows, scores(held.rows, a.weights, a.bias));
    const accB = accuracy(held.rows, scores(held.rows, b.weights, b.bias));
    expect(Math.abs(accA - accB)).toBeLessThan(0.03);
  });

  it('learns the class balance in the bias, and weights count like repeated rows', () => {
    const even = trainLogistic(balanceRows(100, 100, 1, 1), options(1, { epochs: 200, rate: 0.1 }));
    const heavy = trainLogistic(balanceRows(100, 100, 3, 1), options(1, { epochs: 200, rate: 0.1 }));
    const light = trainLogistic(balanceRows(100, 100, 1, 3), options(1, { epochs: 200, rate: 0.1 }));
    const repeated = trainLogistic(balanceRows(300, 100, 1, 1), options(1, { epochs: 200, rate: 0.1 }));
    expect(Math.abs(even.bias)).toBeLessThan(0.1);
    expect(heavy.bias).toBeGreaterThan(even.bias + 0.5);
    expect(heavy.bias).toBeCloseTo(Math.log(3), 1);
    expect(light.bias).toBeCloseTo(-Math.log(3), 1);
    expect(repeated.bias).toBeCloseTo(Math.log(3), 1);
  });

  it('shifts the decision towards the heavier class on an overlapping problem', () => {
    // one feature, same value for both classes half of the time: the heavier class wins those rows
    const make = (positiveWeight: number): SparseRows => {
      const b = new SparseRowsBuilder();
      for (let i = 0; i < 200; i++) {
        const label = (i % 2) as 0 | 1;
        const x = i % 4 < 2 ? 0.5 : label === 1 ? 1 : -1;
        b.add([0], [x], label, label === 1 ? positiveWeight : 1);
      }
      return b.build();
    };
    const even = trainLogistic(make(1), { ...options(5, { epochs: 100 }), dim: 1 });
    const heavy = trainLogistic(make(4), { ...options(5, { epochs: 100 }), dim: 1 });
    const ambiguous = (m: { weights: Float64Array; bias: number }): number => m.bias + 0.5 * m.weights[0]!;
    expect(Math.abs(ambiguous(even))).toBeLessThan(0.2);
    expect(ambiguous(heavy)).toBeGreaterThan(0.8);
  });

  it('ignores the scale of the weights: doubling every weight changes nothing', () => {
    const b1 = new SparseRowsBuilder();
    const b2 = new SparseRowsBuilder();
    for (let r = 0; r < train.rows.label.length; r++) {
      const a = train.rows.offset[r]!;
      const e = train.rows.offset[r + 1]!;
      const w = 1 + (r % 3);
      b1.add(train.rows.index.subarray(a, e), train.rows.value.subarray(a, e), train.rows.label[r] as 0 | 1, w);
      b2.add(train.rows.index.subarray(a, e), train.rows.value.subarray(a, e), train.rows.label[r] as 0 | 1, 2 * w);
    }
    const m1 = trainLogistic(b1.build(), options(9));
    const m2 = trainLogistic(b2.build(), options(9));
    expect(bytes(m1.weights).equals(bytes(m2.weights))).toBe(true);
    expect(m1.bias).toBe(m2.bias);
  });

  it('shrinks the weights with a stronger L2 decay', () => {
    const norm = (w: Float64Array): number => Math.sqrt(w.reduce((s, x) => s + x * x, 0));
    const loose = trainLogistic(train.rows, options(4, { l2: 0 }));
    const tight = trainLogistic(train.rows, options(4, { l2: 0.05 }));
    expect(norm(tight.weights)).toBeLessThan(norm(loose.weights) * 0.8);
  });
});

describe('seededRandom', () => {
  it('is deterministic for a seed, differs between seeds and stays in [0, 1)', () => {
    const a = seededRandom(123);
    const b = seededRandom(123);
    const c = seededRandom(124);
    const xs = Array.from({ length: 10_000 }, () => a());
    expect(Array.from({ length: 10_000 }, () => b())).toEqual(xs);
    const ys = Array.from({ length: 10_000 }, () => c());
    expect(ys).not.toEqual(xs);
    for (const x of [...xs, ...ys]) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.02);
    expect(new Set(xs).size).toBeGreaterThan(9_990);
  });

  it('spreads values over the whole interval', () => {
    const r = seededRandom(0);
    const bins = new Array<number>(10).fill(0);
    for (let i = 0; i < 20_000; i++) bins[Math.floor(r() * 10)]!++;
    for (const n of bins) expect(Math.abs(n - 2000)).toBeLessThan(200);
  });

  it('reads the seed as an unsigned 32-bit integer', () => {
    const a = seededRandom(-1);
    const b = seededRandom(0xffffffff);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_GBT, binEdges, trainGbt, type GbtOptions } from './gbt.ts';
import { seededRandom } from './logistic.ts';
import { treesFromFile, treesLogit, treesToFile, type TreesFile } from '../src/trees.ts';

const DIM = 5;

/** Rows of 5 features in [0, 1); AI when x0 > 0.6 and x1 < 0.5, or x2 > 0.9 (a rule no linear model draws). */
function data(seed: number, n: number): { x: Float64Array[]; y: Uint8Array; w: Float32Array } {
  const random = seededRandom(seed);
  const x = Array.from({ length: n }, () => Float64Array.from({ length: DIM }, () => random()));
  const y = Uint8Array.from(x, (v) => ((v[0]! > 0.6 && v[1]! < 0.5) || v[2]! > 0.9 ? 1 : 0));
  return { x, y, w: new Float32Array(n).fill(1) };
}

function options(seed: number, over: Partial<GbtOptions> = {}): GbtOptions {
  return { ...DEFAULT_GBT, trees: 60, depth: 3, random: seededRandom(seed), ...over };
}

describe('boosted trees', () => {
  it('learn an interaction and score the same from the stored file', () => {
    const train = data(1, 3000);
    const trees = trainGbt(train.x, train.y, train.w, DIM, options(7));
    const stored = treesFromFile(JSON.parse(JSON.stringify(treesToFile(trees))) as TreesFile, DIM);
    const test = data(2, 1000);
    let right = 0;
    test.x.forEach((v, i) => {
      const z = treesLogit(stored, v);
      expect(z).toBe(treesLogit(trees, v));
      if (z > 0 === (test.y[i] === 1)) right++;
    });
    expect(right / test.x.length).toBeGreaterThan(0.97);
  });

  it('give the same trees for the same seed', () => {
    const d = data(3, 1000);
    const a = treesToFile(trainGbt(d.x, d.y, d.w, DIM, options(5)));
    const b = treesToFile(trainGbt(d.x, d.y, d.w, DIM, options(5)));
    expect(a).toEqual(b);
  });

  it('follow the sample weights', () => {
    const d = data(4, 2000);
    // the AI rows count for almost nothing: the ensemble leans human everywhere
    const w = Float32Array.from(d.y, (y) => (y === 1 ? 0.001 : 1));
    const trees = trainGbt(d.x, d.y, w, DIM, options(5));
    expect(d.x.filter((v) => treesLogit(trees, v) > 0).length).toBeLessThan(d.x.length * 0.05);
  });

  it('bin each feature at distinct quantiles and never cut above the largest value', () => {
    const x = Array.from({ length: 100 }, (_, i) => [i % 3, i]);
    const edges = binEdges(x, 2, 8);
    expect([...edges[0]!]).toEqual([0, 1]);
    expect(edges[1]!.length).toBe(7);
    expect(edges[1]![6]!).toBeLessThan(99);
  });

  it('reject a malformed file', () => {
    const d = data(6, 300);
    const f = treesToFile(trainGbt(d.x, d.y, d.w, DIM, options(1, { trees: 3 })));
    expect(() => treesFromFile({ ...f, trees: 4 }, DIM)).toThrow(/malformed/);
    expect(() => treesFromFile(f, 1)).toThrow(/unknown feature/);
  });
});

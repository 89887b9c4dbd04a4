import { describe, expect, it } from 'vitest';
import { BM25_B, BM25_K1, Bm25Index, bm25Terms, snippetOf } from './bm25.ts';

describe('Bm25Index', () => {
  it('scores by the Okapi BM25 formula (k1 1.2, b 0.75, Lucene IDF)', () => {
    const index = new Bm25Index();
    index.add({ id: 'a', title: 'Glaciers', text: 'glaciers retreat glaciers melt' });
    index.add({ id: 'b', title: 'Rivers', text: 'rivers flow to the sea and rivers flood' });
    index.add({ id: 'c', title: 'Deserts', text: 'deserts are dry' });
    const [hit] = index.search('glaciers', 5);
    // Document a: terms glaciers×3 (title too), retreat, melt → length 5; average length (5 + 6 + 3) / 3.
    const n = 3;
    const df = 1;
    const tf = 3;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const norm = BM25_K1 * (1 - BM25_B + (BM25_B * 5) / (14 / 3));
    expect(hit!.id).toBe('a');
    expect(hit!.score).toBeCloseTo((idf * tf * (BM25_K1 + 1)) / (tf + norm), 10);
  });

  it('ranks the page holding the rare query words first, and never returns a page without them', () => {
    const index = new Bm25Index();
    index.add({ id: 'common', title: 'Water', text: 'water water water is everywhere in the world water' });
    index.add({ id: 'rare', title: 'Aquifers', text: 'an aquifer stores water underground in porous rock' });
    index.add({ id: 'none', title: 'Music', text: 'a symphony in four movements' });
    const hits = index.search('aquifer water', 10);
    expect(hits.map((h) => h.id)).toEqual(['rare', 'common']);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(index.search('volcano', 10)).toEqual([]);
  });

  it('prefers the shorter of two pages with the same word counts (length normalisation)', () => {
    const index = new Bm25Index();
    const filler = Array.from({ length: 200 }, (_, i) => `filler${i}`).join(' ');
    index.add({ id: 'long', title: 'x', text: `photosynthesis ${filler}` });
    index.add({ id: 'short', title: 'y', text: 'photosynthesis in leaves' });
    expect(index.search('photosynthesis', 2).map((h) => h.id)).toEqual(['short', 'long']);
  });

  it('ignores case, diacritics and stop words of English and Spanish', () => {
    expect(bm25Terms('The Canción of the RÍO, y el mar')).toEqual(['cancion', 'rio', 'mar']);
    const index = new Bm25Index();
    index.add({ id: 'es', title: 'Canciones', text: 'La canción del río habla del mar.' });
    expect(index.search('CANCION rio', 1).map((h) => h.id)).toEqual(['es']);
    expect(index.search('the of y el', 5)).toEqual([]);
  });

  it('cuts the snippet where the query words gather, in the page’s own spelling', () => {
    const before = Array.from({ length: 60 }, (_, i) => `alpha${i}`).join(' ');
    const after = Array.from({ length: 60 }, (_, i) => `omega${i}`).join(' ');
    const text = `${before} The Mitochondrion is the powerhouse; mitochondria make ATP. ${after}`;
    const index = new Bm25Index();
    index.add({ id: 'cell', title: 'Cells', text });
    const [hit] = index.search('mitochondrion mitochondria ATP', 1);
    const words = hit!.snippet.split(' ');
    expect(words).toHaveLength(30);
    expect(hit!.snippet).toContain('The Mitochondrion is the powerhouse; mitochondria make ATP.');
    expect(text).toContain(hit!.snippet);
    expect(snippetOf('short text only', new Set(['text']))).toBe('short text only');
  });

  it('refuses an id given twice and honours the limit', () => {
    const index = new Bm25Index();
    for (let i = 0; i < 20; i++) index.add({ id: `d${i}`, title: 't', text: `shared word ${i}` });
    expect(() => index.add({ id: 'd3', title: 't', text: 'again' })).toThrow(/twice/);
    expect(index.search('shared', 7)).toHaveLength(7);
    expect(index.size).toBe(20);
  });

  it('answers in milliseconds over 10,000 pages', () => {
    // A Zipf-like vocabulary from a fixed generator: common words in every page, rare ones in a few.
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const vocabulary = Array.from({ length: 30_000 }, (_, i) => `w${i.toString(36)}x`);
    const word = (): string => vocabulary[Math.floor(vocabulary.length * random() ** 3)]!;
    const index = new Bm25Index();
    for (let d = 0; d < 10_000; d++) {
      const words = Array.from({ length: 250 }, word);
      if (d === 7777) words.splice(120, 0, 'zanzibar', 'quagga', 'archipelago');
      index.add({ id: `page${d}`, title: `Page ${d}`, text: words.join(' ') });
    }
    const started = performance.now();
    const queries = 50;
    let found: string | undefined;
    for (let q = 0; q < queries; q++) {
      const hits = index.search(`zanzibar quagga archipelago ${word()} ${word()} ${word()}`, 10);
      found ??= hits[0]?.id;
    }
    const perQuery = (performance.now() - started) / queries;
    expect(found).toBe('page7777');
    expect(perQuery).toBeLessThan(50);
  }, 60_000);
});

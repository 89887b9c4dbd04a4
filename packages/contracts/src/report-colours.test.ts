/// <reference types="node" />
// (the one test of this package that reads a file: node types for it alone)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SOURCE_COLOURS, sourceColour, sourceColourSlot } from './report-colours.ts';
import { similarityBand } from './similarity-band.ts';

const TOKENS = new URL('../../../apps/web/src/styles/tokens.css', import.meta.url);

describe('SOURCE_COLOURS', () => {
  it('equals --color-source-1..8 of tokens.css, in order', () => {
    const css = readFileSync(TOKENS, 'utf8');
    const tokens = [...css.matchAll(/--color-source-(\d+):\s*(#[0-9a-f]{3,8})\s*;/gi)].map((match) => ({
      slot: Number(match[1]),
      hex: (match[2] ?? '').toLowerCase(),
    }));
    expect(tokens.map((token) => token.slot)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(tokens.map((token) => token.hex)).toEqual(SOURCE_COLOURS.map((hex) => hex.toLowerCase()));
  });

  it('has eight distinct colours, none of them a violet AI colour', () => {
    expect(new Set(SOURCE_COLOURS).size).toBe(8);
    const css = readFileSync(TOKENS, 'utf8');
    const ai = [...css.matchAll(/--color-ai-[a-z-]+:\s*(#[0-9a-f]{3,8})\s*;/gi)].map((match) =>
      (match[1] ?? '').toLowerCase(),
    );
    expect(ai.length).toBeGreaterThan(0);
    for (const hex of SOURCE_COLOURS) expect(ai).not.toContain(hex.toLowerCase());
  });

  it('gives source N the slot ((N - 1) mod 8) + 1', () => {
    expect([1, 2, 8, 9, 10, 16, 17].map(sourceColourSlot)).toEqual([1, 2, 8, 1, 2, 8, 1]);
    expect(sourceColour(1)).toBe(SOURCE_COLOURS[0]);
    expect(sourceColour(9)).toBe(SOURCE_COLOURS[0]);
    expect(sourceColour(12)).toBe(SOURCE_COLOURS[3]);
  });
});

describe('similarityBand', () => {
  it('reads 0 as none and cuts at 10, 25 and 50 %', () => {
    expect([0, -1, Number.NaN].map(similarityBand)).toEqual(['none', 'none', 'none']);
    expect([0.01, 9.99].map(similarityBand)).toEqual(['low', 'low']);
    expect([10, 24.99].map(similarityBand)).toEqual(['moderate', 'moderate']);
    expect([25, 49.99].map(similarityBand)).toEqual(['high', 'high']);
    expect([50, 100].map(similarityBand)).toEqual(['veryHigh', 'veryHigh']);
  });
});

import { describe, expect, it } from 'vitest';
import { countPages, countSymbols, countWords } from './words.ts';

describe('word and page counting (check-tool.md §5)', () => {
  it('counts runs of letters, digits, apostrophes, backticks and hyphens', () => {
    expect(countWords('The cat sat.')).toBe(3);
    expect(countWords("don't well-known rock`n`roll 2024")).toBe(4);
    expect(countWords('El niño comió pingüinos — ¿verdad?')).toBe(5);
    expect(countWords('  multiple\n\nlines\tand   spaces ')).toBe(4);
  });

  it('does not count lone apostrophes, backticks or hyphens', () => {
    expect(countWords("a - b ' c ` d -- e")).toBe(5);
    expect(countWords("- ' ` --")).toBe(0);
    expect(countWords('')).toBe(0);
  });

  it('turns words into pages of 275', () => {
    expect(countPages(0)).toBe(0);
    expect(countPages(1)).toBe(1);
    expect(countPages(275)).toBe(1);
    expect(countPages(276)).toBe(2);
    expect(countPages(26675)).toBe(97);
  });
});

describe('countSymbols', () => {
  it('counts letters and digits only, accents and other scripts included', () => {
    expect(countSymbols('a b, c! 12 ñá')).toEqual({ symbols: 7, letters: 5 });
    expect(countSymbols('Привет 2024 — ¿qué?')).toEqual({ symbols: 13, letters: 9 });
    expect(countSymbols('  ,.;:!?()[]{}—–-\'"\n\t')).toEqual({ symbols: 0, letters: 0 });
  });
});

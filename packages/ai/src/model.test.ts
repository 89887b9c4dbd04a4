import { describe, expect, it } from 'vitest';
import { defaultModel, documentCombined, type LanguageModelFile } from './model.ts';

describe('the document score', () => {
  const file = (chunkBlend?: number): LanguageModelFile => ({ ...defaultModel().file.languages.en, chunkBlend });

  it('is the whole text score in files without a chunk blend', () => {
    expect(documentCombined(file(), 1, [3, 5])).toBe(1);
    expect(documentCombined(file(0), 1, [3, 5])).toBe(1);
  });

  it('blends the whole text score with the mean of several chunks', () => {
    expect(documentCombined(file(0.5), 1, [3, 5])).toBe(2.5);
    expect(documentCombined(file(0.25), 2, [4, 6, 8])).toBe(3);
  });

  it('is the whole text score for a text of fewer than two scored chunks', () => {
    expect(documentCombined(file(0.5), 1, [])).toBe(1);
    expect(documentCombined(file(0.5), 1, [9])).toBe(1);
  });
});

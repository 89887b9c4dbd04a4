import { describe, expect, it } from 'vitest';
import { checkButtonLabelKey, exceedsGuestFreePages, isCheckDisabled, textStats } from './checkForm.ts';

const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${String(i)}`).join(' ');

describe('check form rules', () => {
  it('counts words and pages at 275 words a page', () => {
    expect(textStats('')).toEqual({ words: 0, pages: 0 });
    expect(textStats(words(275))).toEqual({ words: 275, pages: 1 });
    expect(textStats(words(276))).toEqual({ words: 276, pages: 2 });
    expect(textStats("it's - a well-known ' test")).toEqual({ words: 4, pages: 1 });
  });

  it('labels the button as the spec says', () => {
    expect(checkButtonLabelKey({ isGuest: true, aiMode: false, words: 276 })).toBe('check.button.freePage');
    expect(checkButtonLabelKey({ isGuest: true, aiMode: true, words: 276 })).toBe('check.button.freePage');
    expect(checkButtonLabelKey({ isGuest: true, aiMode: false, words: 275 })).toBe('check.button.plagiarism');
    expect(checkButtonLabelKey({ isGuest: false, aiMode: true, words: 5000 })).toBe('check.button.ai');
    expect(checkButtonLabelKey({ isGuest: false, aiMode: false, words: 5000 })).toBe('check.button.plagiarism');
  });

  it('warns guests above the free page only', () => {
    expect(exceedsGuestFreePages(true, 276)).toBe(true);
    expect(exceedsGuestFreePages(true, 275)).toBe(false);
    expect(exceedsGuestFreePages(false, 9999)).toBe(false);
  });

  it('disables the button without text or when locked', () => {
    expect(isCheckDisabled({ text: '   ', locked: false })).toBe(true);
    expect(isCheckDisabled({ text: 'text', locked: true })).toBe(true);
    expect(isCheckDisabled({ text: 'text', locked: false })).toBe(false);
  });
});

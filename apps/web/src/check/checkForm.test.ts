import { describe, expect, it } from 'vitest';
import { countWords } from '@veritext/text';
import {
  addFilesToForm,
  checkButtonLabelKey,
  enterText,
  exceedsGuestFreePages,
  firstWords,
  isCheckDisabled,
  removeFile,
  simulatedProgress,
  textStats,
} from './checkForm.ts';

const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${String(i)}`).join(' ');
const file = (name: string, lastModified = 1): File => new File(['x'], name, { lastModified });

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

  it('disables the button without text or files, when locked, and while sending', () => {
    expect(isCheckDisabled({ text: '   ', locked: false })).toBe(true);
    expect(isCheckDisabled({ text: '   ', locked: false, fileCount: 0 })).toBe(true);
    expect(isCheckDisabled({ text: '', locked: false, fileCount: 1 })).toBe(false);
    expect(isCheckDisabled({ text: '', locked: true, fileCount: 1 })).toBe(true);
    expect(isCheckDisabled({ text: 'text', locked: true })).toBe(true);
    expect(isCheckDisabled({ text: 'text', locked: false, isSending: true })).toBe(true);
    expect(isCheckDisabled({ text: 'text', locked: false })).toBe(false);
  });
});

describe('firstWords', () => {
  it('cuts after the nth word and keeps shorter texts whole', () => {
    expect(firstWords('one two three four', 2)).toBe('one two');
    expect(firstWords('one two', 5)).toBe('one two');
    expect(firstWords('one two', 0)).toBe('');
    expect(firstWords(words(300), 275)).toBe(words(275));
  });

  it('cuts at the spec word boundaries: lone hyphens and apostrophes are not words', () => {
    expect(firstWords("it's - a well-known ' test here", 3)).toBe("it's - a well-known");
    expect(firstWords('Hola, señor; ¿qué tal? bien', 3)).toBe('Hola, señor; ¿qué');
    expect(firstWords('a,b,c,d', 2)).toBe('a,b');
  });

  it('always agrees with countWords', () => {
    const text = "Don't stop -- 12 apples, `quoted` words' and ‘curly’ ones; re-enter ... ' - end.";
    const total = countWords(text);
    for (let n = 0; n <= total + 2; n++) {
      const cut = firstWords(text, n);
      expect(countWords(cut), `n=${String(n)}`).toBe(Math.min(n, total));
      expect(text.startsWith(cut)).toBe(true);
    }
  });
});

describe('text and files are exclusive', () => {
  it('adding a file clears the text; a duplicate changes nothing', () => {
    const { content, added } = addFilesToForm({ text: 'hello', files: [] }, [file('a.txt')], { aiMode: false });
    expect(content.text).toBe('');
    expect(content.files).toHaveLength(1);
    expect(added).toHaveLength(1);
    const again = addFilesToForm({ ...content, text: '' }, [file('a.txt')], { aiMode: false });
    expect(again.added).toEqual([]);
    expect(again.content.files).toHaveLength(1);
  });

  it('typing a text drops the files, blank typing keeps them', () => {
    const { content } = addFilesToForm({ text: '', files: [] }, [file('a.txt')], { aiMode: false });
    expect(enterText(content, '  ').files).toHaveLength(1);
    expect(enterText(content, 'new text')).toEqual({ text: 'new text', files: [] });
    expect(removeFile(content, '1a.txt').files).toEqual([]);
  });
});

describe('the simulated progress', () => {
  it('rises fast, slows toward 90 % without reaching it, and completes on the answer', () => {
    expect(simulatedProgress(0)).toBe(0);
    const samples = [500, 1000, 4000, 10000, 30000, 120000].map((ms) => simulatedProgress(ms));
    for (let i = 1; i < samples.length; i++) expect(samples[i]).toBeGreaterThan(samples[i - 1] ?? 0);
    expect(samples[2]).toBeGreaterThan(50);
    expect(samples.at(-1)).toBeLessThan(90);
    expect(samples.at(-1)).toBeGreaterThan(89);
    // Each step adds less than the one before: asymptotic.
    expect(simulatedProgress(2000) - simulatedProgress(1000)).toBeLessThan(simulatedProgress(1000));
    expect(simulatedProgress(500, { done: true })).toBe(100);
  });
});

import { describe, expect, it } from 'vitest';
import { deobfuscate } from './deobfuscate.ts';
import type { Deobfuscated } from './deobfuscate.ts';

/** The original text a span of the cleaned text came from. */
function originalOf(result: Deobfuscated, original: string, start: number, end: number): string {
  return original.slice(result.toOriginalStart(start), result.toOriginalEnd(end));
}

/** Asserts that offsets do not move: every clean offset maps to itself. */
function expectIdentityOffsets(result: Deobfuscated): void {
  for (let i = 0; i <= result.text.length; i++) {
    expect(result.toOriginalStart(i)).toBe(i);
    expect(result.toOriginalEnd(i)).toBe(i);
  }
}

describe('deobfuscate: ordinary text', () => {
  it('returns plain English unchanged, with identity offsets and no tricks', () => {
    const original = "The cat sat on the mat. It wasn't a dog; I am sure.\nA second line\twith a tab.";
    const result = deobfuscate(original);
    expect(result.text).toBe(original);
    expect(result.tricks).toEqual([]);
    expectIdentityOffsets(result);
  });

  it('returns Spanish with accents and inverted marks unchanged', () => {
    const original = 'El niño comió pingüinos en Córdoba — ¿verdad? ¡Sí! Él y ella, o yo.';
    const result = deobfuscate(original);
    expect(result.text).toBe(original);
    expect(result.tricks).toEqual([]);
    expectIdentityOffsets(result);
  });

  it('leaves genuine Russian and Greek words alone', () => {
    const original = 'Он сказал «привет» и ушёл. Καλημέρα κόσμε. Это сор и мусор.';
    const result = deobfuscate(original);
    expect(result.text).toBe(original);
    expect(result.tricks).toEqual([]);
  });

  it('leaves Russian next to English alone when no single word mixes the scripts', () => {
    const original = 'The word привет means hello.';
    expect(deobfuscate(original).text).toBe(original);
  });

  it('leaves scientific names with Greek letters alone (NF-κB, TNFα, ERα)', () => {
    const original = 'NF-κB activation by TNFα and ERα signalling.';
    const result = deobfuscate(original);
    expect(result.text).toBe(original);
    expect(result.tricks).toEqual([]);
  });

  it('never joins the single-letter words of real prose', () => {
    for (const original of [
      'I am a student and I a-m not.',
      'Choose a or b.',
      'Ve a y o dile.',
      'Sections a, b, c and d apply.',
      'It is a  copy.',
      'x y  a b',
    ]) {
      const result = deobfuscate(original);
      expect(result.text, original).toBe(original);
      expect(result.tricks, original).toEqual([]);
    }
  });

  it('keeps emoji, including joined emoji sequences and tag flags', () => {
    const original = 'Family 👨‍👩‍👧 and flag 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} and 😀.';
    const result = deobfuscate(original);
    expect(result.text).toBe(original);
    expect(result.tricks).toEqual([]);
  });

  it('keeps the zero-width non-joiner that Persian spelling needs', () => {
    const original = 'می\u200Cخواهم';
    expect(deobfuscate(original)).toMatchObject({ text: original, tricks: [] });
  });

  it('turns exotic spaces into plain ones without reporting them or moving offsets', () => {
    const original = 'Paris\u00A0: 10\u202F000 km\u2003away\u3000now';
    const result = deobfuscate(original);
    expect(result.text).toBe('Paris : 10 000 km away now');
    expect(result.tricks).toEqual([]);
    expectIdentityOffsets(result);
  });

  it('drops a leading byte-order mark without reporting it', () => {
    const result = deobfuscate('\uFEFFHello');
    expect(result.text).toBe('Hello');
    expect(result.tricks).toEqual([]);
    expect(result.toOriginalStart(0)).toBe(1);
    expect(result.toOriginalEnd(5)).toBe(6);
  });

  it('handles the empty string', () => {
    const result = deobfuscate('');
    expect(result).toMatchObject({ text: '', tricks: [] });
    expect(result.toOriginalStart(0)).toBe(0);
    expect(result.toOriginalEnd(0)).toBe(0);
  });
});

describe('deobfuscate: invisible characters', () => {
  it('removes zero-width characters and soft hyphens and reports each position', () => {
    const original = 'pla\u200Bgia\u00ADrism';
    const result = deobfuscate(original);
    expect(result.text).toBe('plagiarism');
    expect(result.tricks).toEqual([
      { kind: 'invisible', start: 3, end: 4, detail: 'U+200B' },
      { kind: 'invisible', start: 7, end: 8, detail: 'U+00AD' },
    ]);
  });

  it('merges adjacent invisible characters into one trick', () => {
    const original = 'co\u200B\u200C\u200D\u2060\uFEFFpy';
    const result = deobfuscate(original);
    expect(result.text).toBe('copy');
    expect(result.tricks).toEqual([
      { kind: 'invisible', start: 2, end: 7, detail: 'U+200B U+200C U+200D U+2060 U+FEFF' },
    ]);
  });

  it('removes bidi controls, U+180E and other format characters, astral ones included', () => {
    const original = 'a\u202Eb\u2066c\u180Ed\u{E0041}e\u200Ff';
    const result = deobfuscate(original);
    expect(result.text).toBe('abcdef');
    expect(result.tricks.map((t) => [t.start, t.end, t.detail])).toEqual([
      [1, 2, 'U+202E'],
      [3, 4, 'U+2066'],
      [5, 6, 'U+180E'],
      [7, 9, 'U+E0041'],
      [10, 11, 'U+200F'],
    ]);
  });

  it('removes a zero-width joiner from a Cyrillic word (no script there uses it)', () => {
    const result = deobfuscate('при\u200Dвет');
    expect(result.text).toBe('привет');
    expect(result.tricks).toEqual([{ kind: 'invisible', start: 3, end: 4, detail: 'U+200D' }]);
  });
});

describe('deobfuscate: homoglyphs', () => {
  it('replaces Cyrillic look-alikes inside a Latin word and reports each one', () => {
    // "plаgiаrism" with two Cyrillic а (U+0430).
    const original = 'This is pl\u0430gi\u0430rism.';
    const result = deobfuscate(original);
    expect(result.text).toBe('This is plagiarism.');
    expect(result.tricks).toEqual([
      { kind: 'homoglyph', start: 10, end: 11, detail: '\u0430' },
      { kind: 'homoglyph', start: 13, end: 14, detail: '\u0430' },
    ]);
  });

  it('merges adjacent look-alikes and handles capitals and Greek', () => {
    // Cyrillic Р + Greek ο + Cyrillic е, then Latin letters.
    const original = 'Big \u0420\u03BF\u0435ms here';
    const result = deobfuscate(original);
    expect(result.text).toBe('Big Poems here');
    expect(result.tricks).toEqual([{ kind: 'homoglyph', start: 4, end: 7, detail: '\u0420\u03BF\u0435' }]);
  });

  it('folds a capital look-alike that starts an otherwise lower-case Latin word', () => {
    const original = '\u0421opy this';
    expect(deobfuscate(original).text).toBe('Copy this');
  });

  it('folds fullwidth Latin letters (NFKC)', () => {
    const original = 'A ｐｌａｇｉａｒｉｓｍ case';
    const result = deobfuscate(original);
    expect(result.text).toBe('A plagiarism case');
    expect(result.tricks).toEqual([{ kind: 'homoglyph', start: 2, end: 12, detail: 'ｐｌａｇｉａｒｉｓｍ' }]);
  });

  it('folds mathematical letters, which are surrogate pairs, and maps their offsets', () => {
    const original = 'so 𝐜𝐨𝐩𝐲 it';
    const result = deobfuscate(original);
    expect(result.text).toBe('so copy it');
    expect(result.tricks).toEqual([{ kind: 'homoglyph', start: 3, end: 11, detail: '𝐜𝐨𝐩𝐲' }]);
    expect(originalOf(result, original, 3, 7)).toBe('𝐜𝐨𝐩𝐲');
    expect(originalOf(result, original, 4, 5)).toBe('𝐨');
    expect(originalOf(result, original, 8, 10)).toBe('it');
  });

  it('leaves a lone mathematical letter (a variable) alone', () => {
    const original = 'let 𝑥 = 2';
    expect(deobfuscate(original)).toMatchObject({ text: original, tricks: [] });
  });
});

describe('deobfuscate: spaced-out letters', () => {
  it('joins a run of single letters and reports the original run', () => {
    const original = 'This is p l a g i a r i s m here.';
    const result = deobfuscate(original);
    expect(result.text).toBe('This is plagiarism here.');
    expect(result.tricks).toEqual([{ kind: 'spaced-letters', start: 8, end: 27, detail: 'plagiarism' }]);
    expect(original.slice(8, 27)).toBe('p l a g i a r i s m');
  });

  it('keeps double spaces as word gaps', () => {
    const original = 't h e  c a t sat';
    const result = deobfuscate(original);
    expect(result.text).toBe('the cat sat');
    expect(result.tricks).toEqual([{ kind: 'spaced-letters', start: 0, end: 12, detail: 'the cat' }]);
  });

  it('needs at least four letters', () => {
    expect(deobfuscate('a b c done').text).toBe('a b c done');
    expect(deobfuscate('a b c d done').text).toBe('abcd done');
  });

  it('accepts tabs and exotic spaces between the letters', () => {
    expect(deobfuscate('w\to\tr\td!').text).toBe('word!');
    expect(deobfuscate('w\u00A0o\u00A0r\u00A0d').text).toBe('word');
  });

  it('joins a spaced-out word with a look-alike in it, then folds the look-alike', () => {
    const original = 'p l \u0430 g e';
    const result = deobfuscate(original);
    expect(result.text).toBe('plage');
    expect(result.tricks).toEqual([
      { kind: 'spaced-letters', start: 0, end: 9, detail: 'pl\u0430ge' },
      { kind: 'homoglyph', start: 4, end: 5, detail: '\u0430' },
    ]);
  });
});

describe('deobfuscate: hidden text', () => {
  it('keeps hidden text and reports it with its reason', () => {
    const original = 'Visible words. secret keywords here. More visible.';
    const result = deobfuscate(original, [{ start: 15, end: 35, reason: 'white' }]);
    expect(result.text).toBe(original);
    expect(result.tricks).toEqual([{ kind: 'hidden-text', start: 15, end: 35, detail: 'white' }]);
    expectIdentityOffsets(result);
  });

  it('sorts ranges, merges touching ones of one reason and clamps them to the text', () => {
    const original = 'abcdefghij';
    const result = deobfuscate(original, [
      { start: 6, end: 99, reason: 'tiny' },
      { start: 0, end: 2, reason: 'white' },
      { start: 2, end: 4, reason: 'white' },
      { start: 5, end: 5, reason: 'tiny' },
    ]);
    expect(result.tricks).toEqual([
      { kind: 'hidden-text', start: 0, end: 4, detail: 'white' },
      { kind: 'hidden-text', start: 6, end: 10, detail: 'tiny' },
    ]);
  });
});

describe('deobfuscate: mixed tricks and offset maps', () => {
  // "The p l a g i a r i s m of Аnna's ess<ZWSP>ay was hidden."
  const original = "The p l a g i a r i s m of \u0410nna's ess\u200Bay was hidden.";
  const hidden = [{ start: 45, end: 51, reason: 'tiny' as const }];
  const result = deobfuscate(original, hidden);

  it('cleans every trick in one text', () => {
    expect(result.text).toBe("The plagiarism of Anna's essay was hidden.");
  });

  it('reports every trick with its original positions, sorted by start', () => {
    expect(result.tricks).toEqual([
      { kind: 'spaced-letters', start: 4, end: 23, detail: 'plagiarism' },
      { kind: 'homoglyph', start: 27, end: 28, detail: '\u0410' },
      { kind: 'invisible', start: 37, end: 38, detail: 'U+200B' },
      { kind: 'hidden-text', start: 45, end: 51, detail: 'tiny' },
    ]);
    expect(original.slice(45, 51)).toBe('hidden');
  });

  it('maps each word of the cleaned text back to the doctored word in the original', () => {
    const spans: [string, string][] = [
      ['plagiarism', 'p l a g i a r i s m'],
      ['Anna', '\u0410nna'],
      ['essay', 'ess\u200Bay'],
      ['hidden', 'hidden'],
      ['The', 'The'],
    ];
    for (const [clean, doctored] of spans) {
      const start = result.text.indexOf(clean);
      expect(originalOf(result, original, start, start + clean.length)).toBe(doctored);
    }
  });

  it('maps the ends of the text and clamps offsets out of range', () => {
    expect(result.toOriginalStart(0)).toBe(0);
    expect(result.toOriginalEnd(0)).toBe(0);
    expect(result.toOriginalStart(result.text.length)).toBe(original.length);
    expect(result.toOriginalEnd(result.text.length)).toBe(original.length);
    expect(result.toOriginalStart(-5)).toBe(0);
    expect(result.toOriginalEnd(10_000)).toBe(original.length);
    expect(result.toOriginalStart(Number.NaN)).toBe(0);
  });

  it('keeps offsets right after emoji (surrogate pairs)', () => {
    const doctored = '😀 A c\u043Epy 🎉 of w\u200Bork 😀';
    const cleaned = deobfuscate(doctored);
    expect(cleaned.text).toBe('😀 A copy 🎉 of work 😀');
    expect(cleaned.tricks).toEqual([
      { kind: 'homoglyph', start: 6, end: 7, detail: '\u043E' },
      { kind: 'invisible', start: 17, end: 18, detail: 'U+200B' },
    ]);
    for (const [clean, source] of [
      ['copy', 'c\u043Epy'],
      ['work', 'w\u200Bork'],
      ['🎉', '🎉'],
    ] as const) {
      const start = cleaned.text.indexOf(clean);
      expect(originalOf(cleaned, doctored, start, start + clean.length)).toBe(source);
    }
    const last = cleaned.text.lastIndexOf('😀');
    expect(originalOf(cleaned, doctored, last, last + 2)).toBe('😀');
  });
});

describe('deobfuscate: speed', () => {
  it('handles 1 MB of plain text in well under 50 ms', () => {
    const paragraph = 'The quick brown fox jumps over the lazy dog. Él comió pingüinos, ¿verdad? I am a student. ';
    const text = paragraph.repeat(Math.ceil(1_000_000 / paragraph.length));
    deobfuscate(text); // warm up
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const result = deobfuscate(text);
      best = Math.min(best, Date.now() - started);
      expect(result.text).toBe(text);
    }
    expect(best).toBeLessThan(50);
  });

  it('stays linear on heavily doctored text', () => {
    const text = 'pl\u0430gi\u200Barism p l a g i a r i s m '.repeat(20_000);
    const started = Date.now();
    const result = deobfuscate(text);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result.text).toBe('plagiarism plagiarism '.repeat(20_000));
    expect(result.tricks).toHaveLength(60_000);
  });
});

import { describe, expect, it } from 'vitest';
import { scan, wordCount } from './features.ts';
import {
  CHUNK_MAX_WORDS,
  CHUNK_MIN_WORDS,
  CHUNK_TARGET_WORDS,
  blankMarkup,
  chunkSentences,
  prepare,
} from './prepare.ts';
import { AI_EN, HUMAN_EN, HUMAN_ES } from './examples.test-data.ts';

/** A text of sentences with the given numbers of words. */
function textOf(lengths: readonly number[]): string {
  return lengths.map((n) => 'Word' + ' word'.repeat(Math.max(n - 1, 0)) + '.').join(' ');
}

/** Mulberry32, for sentence lengths. */
function lengthsOf(seed: number, count: number, max: number): number[] {
  let a = seed >>> 0;
  const random = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => 1 + Math.floor(random() * max));
}

describe('blankMarkup', () => {
  it('keeps the length and the offsets of the text', () => {
    const samples = [
      '<p>Hello <b>world</b></p>',
      'Tom &amp; Jerry&nbsp;were&#39;here &#x27;now&#x27; &lt;ok&gt; &quot;q&quot;',
      'a\r\nb\tc\u00A0d\u2007e\u202Ff\fg\vh',
      '<!-- a comment\nover lines --><div class="x" data-y=\'1\'>Text</div><br/><img src="a.png" />',
      'Plain text without any markup at all.',
      '',
    ];
    for (const text of samples) {
      const out = blankMarkup(text);
      expect(out.length).toBe(text.length);
    }
    const html = '<p>Hello <b>world</b></p>';
    const out = blankMarkup(html);
    expect(out).toBe('   Hello    world        ');
    expect(out.indexOf('world')).toBe(html.indexOf('world'));
  });

  it('blanks tags, comments and entities, keeping "&" for "&amp;"', () => {
    expect(blankMarkup('Tom &amp; Jerry')).toBe('Tom &     Jerry');
    expect(blankMarkup('a&nbsp;b&#39;c&#x27;d&lt;e&gt;f&quot;g')).toBe('a      b     c      d    e    f      g');
    expect(blankMarkup('x<!-- hidden -->y')).toBe('x' + ' '.repeat(15) + 'y');
    expect(blankMarkup('<a href="https://example.com/?q=1&amp;r=2">link</a>')).toMatch(/^ +link +$/);
    expect(blankMarkup('line one\r\nline\ttwo\u00A0end')).toBe('line one \nline two end');
  });

  it('leaves comparisons, unknown entities and stray ampersands alone', () => {
    for (const text of ['3 < 5 and 7 > 2', 'a &copy; b', 'fish & chips', 'x &unknown; y', '<3 love']) {
      expect(blankMarkup(text)).toBe(text);
    }
  });
});

describe('chunkSentences', () => {
  it('does not run a chunk across a paragraph break, and gives the short tail of a paragraph to the chunk before it', () => {
    const text = [HUMAN_EN, AI_EN, HUMAN_EN].join('\n\n');
    const s = scan(text);
    const breaks = [HUMAN_EN.length + 2, HUMAN_EN.length + 2 + AI_EN.length + 2];
    const chunks = chunkSentences(s);
    const spans = chunks.map(([a, b]): [number, number] => [
      s.start[s.sentenceStart[a]!]!,
      s.end[(s.sentenceStart[b] ?? s.count) - 1]!,
    ]);
    for (const [start, end] of spans) for (const at of breaks) expect(start < at && end > at).toBe(false);
    // every paragraph's first character opens a chunk
    for (const at of [0, ...breaks]) expect(spans.some(([start]) => start === at)).toBe(true);
  });

  function check(lengths: readonly number[]): [number, number][] {
    const s = scan(textOf(lengths));
    expect(s.sentenceStart.length).toBe(lengths.length);
    const chunks = chunkSentences(s);
    // every sentence exactly once, in order
    expect(chunks[0]![0]).toBe(0);
    expect(chunks[chunks.length - 1]![1]).toBe(lengths.length);
    for (let k = 0; k < chunks.length; k++) {
      expect(chunks[k]![1]).toBeGreaterThan(chunks[k]![0]);
      if (k > 0) expect(chunks[k]![0]).toBe(chunks[k - 1]![1]);
    }
    return chunks;
  }

  it('covers every sentence once and keeps chunks between MIN and MAX words when sentences are short', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const lengths = lengthsOf(seed, 5 + (seed % 60), 40);
      const s = scan(textOf(lengths));
      const chunks = check(lengths);
      const total = lengths.reduce((a, b) => a + b, 0);
      chunks.forEach(([a, b], k) => {
        const words = wordCount(s, a, b);
        if (total >= CHUNK_MIN_WORDS) expect(words).toBeGreaterThanOrEqual(CHUNK_MIN_WORDS);
        if (k < chunks.length - 1) {
          expect(words).toBeLessThanOrEqual(CHUNK_MAX_WORDS);
          // a chunk that is not the last stops once it reaches the target, not later
          expect(wordCount(s, a, b - 1)).toBeLessThan(CHUNK_TARGET_WORDS);
        } else {
          expect(words).toBeLessThanOrEqual(CHUNK_MAX_WORDS * 1.5);
        }
      });
    }
  });

  it('closes a chunk at the target and joins a short tail to the chunk before it', () => {
    // 10-word sentences: chunks of 90 words; a tail of 30 words joins the last one
    expect(check(new Array<number>(21).fill(10))).toEqual([
      [0, 9],
      [9, 21],
    ]);
    // a tail of MIN words or more stands alone
    expect(check(new Array<number>(22).fill(10))).toEqual([
      [0, 9],
      [9, 18],
      [18, 22],
    ]);
  });

  it('splits before a sentence that would take the chunk past MAX', () => {
    // 50 words, then a sentence of 120: 170 > MAX, and 50 >= MIN, so the long sentence starts a chunk
    // (which the short tail then joins)
    expect(check([50, 120, 30])).toEqual([
      [0, 1],
      [1, 3],
    ]);
    // under MIN words so far: the long sentence joins them
    expect(check([30, 140, 60])).toEqual([
      [0, 2],
      [2, 3],
    ]);
  });

  it('keeps a single sentence longer than MAX whole, and a short text in one chunk', () => {
    expect(check([CHUNK_MAX_WORDS * 2])).toEqual([[0, 1]]);
    expect(check([5, 7, 3])).toEqual([[0, 3]]);
    expect(chunkSentences(scan(''))).toEqual([]);
  });
});

describe('prepare', () => {
  it('reads through markup and look-alike letters, mapping offsets back to the original', () => {
    const original = '<p>The cat sat.</p> <p>Thе dog ran.</p>'; // Cyrillic "е" in the second "The"
    const p = prepare(original);
    expect(p.scan.lower).toEqual(['the', 'cat', 'sat', '.', 'the', 'dog', 'ran', '.']);
    expect(p.chunks).toEqual([[0, 2]]);
    const dog = 5;
    const start = p.toOriginalStart(p.scan.start[dog]!);
    const end = p.toOriginalEnd(p.scan.end[dog]!);
    expect(original.slice(start, end)).toBe('dog');
  });

  it('chunks real prose into ranges that tile its sentences', () => {
    for (const text of [AI_EN + '\n\n' + AI_EN + '\n\n' + AI_EN, HUMAN_ES]) {
      const p = prepare(text);
      expect(p.chunks[0]![0]).toBe(0);
      expect(p.chunks[p.chunks.length - 1]![1]).toBe(p.scan.sentenceStart.length);
      for (let k = 1; k < p.chunks.length; k++) expect(p.chunks[k]![0]).toBe(p.chunks[k - 1]![1]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { countWords } from '@veritext/text';
import {
  DEFAULT_CUT,
  cutPassages,
  dedupKey,
  isProse,
  normalise,
  plainParagraphs,
  sampleByHash,
  unwrap,
} from './text.ts';

/** A paragraph of `n` words made of distinct numbered sentences of eight words each (the last may be shorter). */
function paragraph(tag: string, n: number): string {
  const words = Array.from({ length: n }, (_, i) => `${tag}${i}`);
  const sentences: string[] = [];
  for (let i = 0; i < words.length; i += 8) {
    const s = words.slice(i, i + 8).join(' ');
    sentences.push(s.charAt(0).toUpperCase() + s.slice(1) + '.');
  }
  return sentences.join(' ');
}

describe('normalise', () => {
  it('applies the normalisation of the shared data', () => {
    const raw = '\uFEFF  Line\u00A0one\t\tgoes  on \r\nline two\r\rthree\n\n\n\n\nfour\u200B \n';
    expect(normalise(raw)).toBe('Line one goes on\nline two\n\nthree\n\nfour');
  });

  it('composes accents typed as combining marks', () => {
    expect(normalise('Jehova\u0301 dijo')).toBe('Jehová dijo');
  });
});

describe('plainParagraphs', () => {
  it('splits at blank lines and unwraps hard-wrapped lines', () => {
    const text = 'The first paragraph\nruns over two lines.\n\n  \nThe second one\n   is indented here.\n';
    expect(plainParagraphs(text)).toEqual([
      'The first paragraph runs over two lines.',
      'The second one is indented here.',
    ]);
    expect(unwrap(' a\n  b \n c ')).toBe('a b c');
  });

  it('drops indented verse only when asked', () => {
    const text =
      'PROSE, n. Plain words.\n\n    Roses are red,\n    violets are blue.\n\n    One indented first line\nand the rest at the margin\nof a prose paragraph.';
    expect(plainParagraphs(text, { dropVerse: true })).toEqual([
      'PROSE, n. Plain words.',
      'One indented first line and the rest at the margin of a prose paragraph.',
    ]);
    expect(plainParagraphs(text)).toHaveLength(3);
  });
});

describe('isProse', () => {
  it('accepts sentences, technical ones included', () => {
    expect(isProse('The open() system call opens the file specified by pathname.')).toBe(true);
    expect(isProse('Edit the file /etc/apt/sources.list and run the update again.')).toBe(true);
    expect(isProse('«¿Dónde está el archivo de configuración?», preguntó el administrador.')).toBe(true);
  });

  it('rejects headings, fragments, code and tables', () => {
    expect(isProse('CHAPTER IV')).toBe(false);
    expect(isProse('Configuring the network interfaces')).toBe(false);
    expect(isProse('no oculta las entradas que comienzan con .')).toBe(false);
    expect(isProse('int fd = open(path, O_RDONLY); if (fd < 0) { perror("open"); return 1; }.')).toBe(false);
    expect(isProse('$ sudo apt-get install --no-install-recommends foo && echo done.')).toBe(false);
    expect(isProse('1 2 3 4 5 6 7 8 9 10 11 12.')).toBe(false);
  });
});

describe('cutPassages', () => {
  const options = { ...DEFAULT_CUT, minWords: 50, maxWords: 120, minChars: 100 };

  it('keeps paragraphs whole and passages within the bounds', () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => paragraph(`p${i}w`, 10 + ((i * 7) % 40)));
    const passages = cutPassages('doc', paragraphs, options);
    expect(passages.length).toBeGreaterThan(3);
    const rejoined = passages.flatMap((p) => p.split('\n\n'));
    expect(rejoined).toEqual(paragraphs);
    for (const p of passages.slice(0, -1)) {
      expect(countWords(p)).toBeGreaterThanOrEqual(options.minWords);
      expect(countWords(p)).toBeLessThanOrEqual(options.maxWords);
    }
  });

  it('draws different lengths per passage, the same on every run', () => {
    const paragraphs = Array.from({ length: 200 }, (_, i) => paragraph(`q${i}w`, 12));
    const a = cutPassages('doc-a', paragraphs, options);
    expect(cutPassages('doc-a', paragraphs, options)).toEqual(a);
    expect(new Set(a.map(countWords)).size).toBeGreaterThan(3);
    expect(cutPassages('doc-b', paragraphs, options)).not.toEqual(a);
  });

  it('cuts a paragraph longer than the maximum at sentence ends', () => {
    const long = paragraph('long', 400);
    const passages = cutPassages('doc', [long], options);
    expect(passages.length).toBeGreaterThanOrEqual(4);
    expect(passages.join(' ')).toBe(long);
    for (const p of passages) {
      expect(p.endsWith('.')).toBe(true);
      expect(countWords(p)).toBeLessThanOrEqual(options.maxWords);
    }
  });

  it('joins a short tail to the passage before it and drops what is too short', () => {
    const passages = cutPassages('doc', [paragraph('a', 60), paragraph('b', 8)], options);
    expect(passages).toEqual([`${paragraph('a', 60)}\n\n${paragraph('b', 8)}`]);
    expect(cutPassages('doc', ['Too short to keep at all.'], options)).toEqual([]);
  });

  it('joins verses with the joiner given', () => {
    const verses = Array.from({ length: 20 }, (_, i) => paragraph(`v${i}x`, 8));
    const passages = cutPassages('chapter', verses, { ...options, joiner: ' ' });
    expect(passages.join(' ')).toBe(verses.join(' '));
    expect(passages.every((p) => !p.includes('\n'))).toBe(true);
  });
});

describe('dedupKey and sampleByHash', () => {
  it('ignores case and punctuation but not letters', () => {
    expect(dedupKey('Hello, World!\n\nAgain.')).toBe(dedupKey('hello world again'));
    expect(dedupKey('Año')).not.toBe(dedupKey('Ano'));
  });

  it('samples deterministically, in the original order, and stably as items are added', () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ id: `set:file:${i}` }));
    const sample = sampleByHash(items, 30, 7);
    expect(sample).toHaveLength(30);
    expect(sampleByHash(items, 30, 7)).toEqual(sample);
    expect(sampleByHash(items, 30, 8)).not.toEqual(sample);
    const positions = sample.map((s) => items.indexOf(s));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(sampleByHash(items.slice(0, 10), 30, 7)).toEqual(items.slice(0, 10));
    // Adding items removes sampled ones only to make room for newcomers that hash lower.
    const more = [...items, ...Array.from({ length: 20 }, (_, i) => ({ id: `set:new:${i}` }))];
    const bigger = new Set(sampleByHash(more, 30, 7).map((s) => s.id));
    const newcomers = [...bigger].filter((id) => id.startsWith('set:new:')).length;
    expect(sample.filter((s) => bigger.has(s.id))).toHaveLength(30 - newcomers);
  });
});

import { describe, expect, test } from 'vitest';
import { MAX_QUOTE_LENGTH, findQuotes, findReferences, mergeSpans } from './citations.ts';
import type { Span } from './types.ts';

/** The texts of the spans, for readable expectations. */
function texts(text: string, spans: readonly Span[]): string[] {
  return spans.map((s) => text.slice(s.start, s.end));
}

describe('mergeSpans', () => {
  test('sorts, merges overlaps and nested spans, keeps touching spans apart, drops empty ones', () => {
    expect(
      mergeSpans([
        { start: 10, end: 20 },
        { start: 0, end: 5 },
        { start: 12, end: 15 },
        { start: 18, end: 25 },
        { start: 25, end: 30 },
        { start: 40, end: 40 },
      ]),
    ).toEqual([
      { start: 0, end: 5 },
      { start: 10, end: 25 },
      { start: 25, end: 30 },
    ]);
  });
});

describe('findQuotes', () => {
  test('curly double quotes, guillemets and curly single quotes, marks included', () => {
    const text = 'He said “reuse is fine” and she said «no» and they said ‘maybe’ too.';
    expect(texts(text, findQuotes(text))).toEqual(['“reuse is fine”', '«no»', '‘maybe’']);
  });

  test('German and Polish low-high quotes and single low quotes', () => {
    const text = 'Er sagte „Hallo“ und sie „Dzień dobry” und ‚ja‘ dann.';
    expect(texts(text, findQuotes(text))).toEqual(['„Hallo“', '„Dzień dobry”', '‚ja‘']);
  });

  test('a German quotation does not swallow a following English one', () => {
    const text = '„Hallo“ sagte er. “Hello” said she.';
    expect(texts(text, findQuotes(text))).toEqual(['„Hallo“', '“Hello”']);
  });

  test('Spanish nested quotations give the outer span', () => {
    const text = 'Dijo: «Ella gritó “¡fuego!” y corrió» al final.';
    expect(texts(text, findQuotes(text))).toEqual(['«Ella gritó “¡fuego!” y corrió»']);
  });

  test('straight double quotes pair up in order within a paragraph', () => {
    const text = 'A "first" then "second" and "third".';
    expect(texts(text, findQuotes(text))).toEqual(['"first"', '"second"', '"third"']);
  });

  test('straight single quotes that open and close are quotes; apostrophes are not', () => {
    const text = "The children's teacher didn't say 'stop' or 'go on', and the students' books stayed shut.";
    expect(texts(text, findQuotes(text))).toEqual(["'stop'", "'go on'"]);
  });

  test('curly apostrophes inside words are not quotes, also inside a curly single quotation', () => {
    expect(findQuotes('The children’s books don’t matter.')).toEqual([]);
    const text = 'She said ‘don’t touch the children’s toys’ firmly.';
    expect(texts(text, findQuotes(text))).toEqual(['‘don’t touch the children’s toys’']);
  });

  test('apostrophes alone yield nothing', () => {
    expect(findQuotes("It's the '90s and rock 'n' roll isn't dead")).toEqual([
      // 'n' opens after a space and closes before one: a (harmless) quote of one letter
      { start: 23, end: 26 },
    ]);
    expect(findQuotes("Don't stop, it's James' car.")).toEqual([]);
  });

  test('a quotation may span lines but not paragraphs', () => {
    const text = 'He wrote “one line\nand another” then.\n\nNew “paragraph\n\nhere” end.';
    expect(texts(text, findQuotes(text))).toEqual(['“one line\nand another”']);
  });

  test('unbalanced marks produce no span', () => {
    expect(findQuotes('An “open mark and nothing else.')).toEqual([]);
    expect(findQuotes('A closing mark” alone.')).toEqual([]);
    expect(findQuotes('A lone " straight mark.')).toEqual([]);
  });

  test('quotations longer than the cap are ignored', () => {
    const long = `“${'a'.repeat(MAX_QUOTE_LENGTH)}”`;
    expect(findQuotes(long)).toEqual([]);
    const fits = `“${'a'.repeat(MAX_QUOTE_LENGTH - 2)}”`;
    expect(findQuotes(fits)).toEqual([{ start: 0, end: MAX_QUOTE_LENGTH }]);
  });

  test('block quotes: consecutive lines starting with ">" form one span from the mark', () => {
    const text = 'Intro line.\n> quoted one\n> quoted two\nAfter.\n  > another\n';
    expect(texts(text, findQuotes(text))).toEqual(['> quoted one\n> quoted two', '> another']);
  });

  test('spans are sorted and merged', () => {
    const text = '"a “b” c" and «d»';
    expect(texts(text, findQuotes(text))).toEqual(['"a “b” c"', '«d»']);
  });

  test('text without quotes', () => {
    expect(findQuotes('')).toEqual([]);
    expect(findQuotes('Plain text, nothing quoted.')).toEqual([]);
  });
});

describe('findReferences: bibliography', () => {
  test('an English reference list: heading and each entry, up to the next heading', () => {
    const text = [
      'Body text of the essay (no citations here).',
      '',
      'References',
      'Smith, J. (2020). A book about reuse. Academic Press.',
      'Jones, A., & Brown, B. (2019). An article. Journal of Things, 4(2), 1–10.',
      '    https://doi.org/10.1000/xyz',
      '',
      'Appendix A',
      'The survey asked three questions.',
    ].join('\n');
    expect(texts(text, findReferences(text))).toEqual([
      'References',
      'Smith, J. (2020). A book about reuse. Academic Press.',
      'Jones, A., & Brown, B. (2019). An article. Journal of Things, 4(2), 1–10.\n    https://doi.org/10.1000/xyz',
    ]);
  });

  test('a Spanish bibliography with a numbered heading with a colon, entries as paragraphs, to the end', () => {
    const text = [
      'El texto del trabajo.',
      '',
      '5. Bibliografía:',
      '',
      'Pérez, M. (2019). Historia de la lengua.',
      'Madrid: Gredos.',
      '',
      'García Márquez, G. (1967). Cien años de soledad. Sudamericana.',
    ].join('\n');
    expect(texts(text, findReferences(text))).toEqual([
      '5. Bibliografía:',
      'Pérez, M. (2019). Historia de la lengua.',
      'Madrid: Gredos.',
      'García Márquez, G. (1967). Cien años de soledad. Sudamericana.',
    ]);
  });

  test('other headings: Works Cited, Referencias, Obras citadas, Fuentes, Markdown and bold', () => {
    for (const heading of [
      'Works Cited',
      'REFERENCIAS',
      'Obras citadas',
      'Fuentes',
      '## Bibliography',
      '**Sources**',
    ]) {
      const text = `Body.\n\n${heading}\nDoe, J. (2001). Title.`;
      expect(texts(text, findReferences(text))).toEqual([heading, 'Doe, J. (2001). Title.']);
    }
  });

  test('a heading word inside a sentence is not a bibliography', () => {
    const text = 'References to older work are rare.\nSources say otherwise.';
    expect(findReferences(text)).toEqual([]);
  });

  test('a short title-like line after a blank line ends the section unless an entry follows', () => {
    const text = [
      'References',
      'World Health Organization',
      '(2020). Report on things.',
      '',
      'Conclusion',
      'We conclude here.',
    ].join('\n');
    expect(texts(text, findReferences(text))).toEqual([
      'References',
      'World Health Organization\n(2020). Report on things.',
    ]);
  });
});

describe('findReferences: in-text citations', () => {
  const cases: [string, string[]][] = [
    ['As shown (Smith, 2020), reuse grows.', ['(Smith, 2020)']],
    ['As shown (Smith et al., 2020, p. 4).', ['(Smith et al., 2020, p. 4)']],
    ['Seen before (Smith & Jones, 2019; Third, 2001).', ['(Smith & Jones, 2019; Third, 2001)']],
    ['Como se vio (Pérez, 2019) antes.', ['(Pérez, 2019)']],
    ['Como se vio (García Márquez y Vargas, 1990, pp. 3–5).', ['(García Márquez y Vargas, 1990, pp. 3–5)']],
    [
      'See (World Health Organization, 2020a; see also WHO, n.d.).',
      ['(World Health Organization, 2020a; see also WHO, n.d.)'],
    ],
    ['según Pérez (2019), la lengua cambia.', ['Pérez (2019)']],
    ['Smith and Jones (2020, p. 12) argue this.', ['Smith and Jones (2020, p. 12)']],
    ['Smith et al. (2021) argue this.', ['Smith et al. (2021)']],
    ['Numbered [12] and ranges [3, 4–6].', ['[12]', '[3, 4–6]']],
    ['A superscript mark^12 and another.¹²', ['^12', '¹²']],
  ];
  test.each(cases)('%s', (text, expected) => {
    expect(texts(text, findReferences(text))).toEqual(expected);
  });

  test('parentheses without a citation are not references', () => {
    expect(findReferences('The area (in m²) was (roughly) 2020 square metres (see below) in [the] text.')).toEqual([]);
    expect(findReferences('It happened in (2019) and cost (about 2020 dollars).')).toEqual([]);
  });

  test('spans of all kinds come out sorted and merged', () => {
    const text = 'A claim [2] and (Doe, 2001).\n\nReferences\n[1] Doe, J. (2001). Title. [2] Roe.';
    expect(texts(text, findReferences(text))).toEqual([
      '[2]',
      '(Doe, 2001)',
      'References',
      '[1] Doe, J. (2001). Title. [2] Roe.',
    ]);
  });
});

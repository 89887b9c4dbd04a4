import { describe, expect, it } from 'vitest';
import {
  KIND_NUMBER,
  KIND_PUNCT,
  KIND_WORD,
  LEXICAL_DIM,
  STYLE_DIM,
  STYLE_NAMES,
  lexicalFeatures,
  scan,
  styleFeatures,
  wordCount,
  type FeatureTables,
  type Scan,
} from './features.ts';
import { AI_EN, AI_ES, HUMAN_EN, HUMAN_ES } from './examples.test-data.ts';

/** The sentences of a scan, as their lower-cased tokens joined by spaces. */
function sentences(text: string): string[] {
  const s = scan(text);
  return s.sentenceStart.map((a, k) => s.lower.slice(a, s.sentenceStart[k + 1] ?? s.count).join(' '));
}

const EN: FeatureTables = {
  language: 'en',
  keep: new Set(['the', 'and', 'of', 'a', 'to', 'is', 'in', 'it']),
  dictionary: new Set(),
};
const ES: FeatureTables = {
  language: 'es',
  keep: new Set(['el', 'la', 'de', 'que', 'y', 'en']),
  dictionary: new Set(),
};

function style(text: string, tables: FeatureTables = EN): (name: (typeof STYLE_NAMES)[number]) => number {
  const s = scan(text);
  const f = styleFeatures(s, tables, 0, s.sentenceStart.length);
  return (name) => f[STYLE_NAMES.indexOf(name)]!;
}

function whole(s: Scan, tables: FeatureTables): ReturnType<typeof lexicalFeatures> {
  return lexicalFeatures(s, tables, 0, s.sentenceStart.length);
}

describe('scan: tokens', () => {
  it('cuts words (with apostrophes and accents), numbers and single punctuation marks, with offsets', () => {
    const text = "Don't pay 3.5 or 1,000 dollars — ¿sí?";
    const s = scan(text);
    const tokens = Array.from({ length: s.count }, (_, i) => text.slice(s.start[i], s.end[i]));
    expect(tokens).toEqual(["Don't", 'pay', '3.5', 'or', '1,000', 'dollars', '—', '¿', 'sí', '?']);
    expect(s.lower[0]).toBe("don't");
    expect(Array.from(s.kind)).toEqual([
      KIND_WORD,
      KIND_WORD,
      KIND_NUMBER,
      KIND_WORD,
      KIND_NUMBER,
      KIND_WORD,
      KIND_PUNCT,
      KIND_PUNCT,
      KIND_WORD,
      KIND_PUNCT,
    ]);
  });

  it('reads accents typed as combining marks like precomposed ones', () => {
    const composed = scan('Canción número único');
    const decomposed = scan('Canción número único'.normalize('NFD'));
    expect(decomposed.count).toBe(3);
    expect(decomposed.lower).toEqual(composed.lower);
  });

  it('has no tokens and no sentences for empty or blank text', () => {
    for (const text of ['', '   \n\t ']) {
      const s = scan(text);
      expect(s.count).toBe(0);
      expect(s.sentenceStart).toEqual([]);
    }
  });
});

describe('scan: sentences', () => {
  it('ends sentences at full stops, question and exclamation marks before a capital', () => {
    expect(sentences('We left early. Was it late? No! It was fine…   Then we slept.')).toEqual([
      'we left early .',
      'was it late ?',
      'no !',
      'it was fine …',
      'then we slept .',
    ]);
  });

  it('does not end a sentence after titles, initials, or before a lower-case word', () => {
    expect(sentences('We met Dr. Smith and Mrs. Jones at noon. J. R. Tolkien wrote it.')).toEqual([
      'we met dr . smith and mrs . jones at noon .',
      'j . r . tolkien wrote it .',
    ]);
    expect(sentences('Some cities, e.g. the old ones, and so on, i.e. these, are nice. Others are new.')).toEqual([
      'some cities , e . g . the old ones , and so on , i . e . these , are nice .',
      'others are new .',
    ]);
    expect(sentences('It costs 3.5 dollars, see fig. 4 and approx. 20 more.')).toHaveLength(1);
  });

  it('ends a sentence before a number or an opening quote or bracket', () => {
    expect(sentences('That was the plan. 42 people came. (Nobody knew.) “Why?” Fine.')).toEqual([
      'that was the plan .',
      '42 people came .',
      '( nobody knew . )',
      '“ why ? ”',
      'fine .',
    ]);
  });

  it('splits Spanish questions and exclamations at their opening marks, and keeps Spanish titles', () => {
    expect(sentences('¿Qué hora es? ¿Vienes hoy? ¡Claro que sí! La Sra. García llegó tarde. Luego se fue.')).toEqual([
      '¿ qué hora es ?',
      '¿ vienes hoy ?',
      '¡ claro que sí !',
      'la sra . garcía llegó tarde .',
      'luego se fue .',
    ]);
  });

  it('ends a sentence at every line break, with or without a mark', () => {
    expect(sentences('first line\nsecond line.\n\n  third\r\nfourth')).toEqual([
      'first line',
      'second line .',
      'third',
      'fourth',
    ]);
  });

  it('starts with sentence 0 at token 0, in increasing order, on real prose', () => {
    for (const text of [AI_EN, HUMAN_EN, AI_ES, HUMAN_ES]) {
      const s = scan(text);
      expect(s.sentenceStart[0]).toBe(0);
      for (let k = 1; k < s.sentenceStart.length; k++)
        expect(s.sentenceStart[k]!).toBeGreaterThan(s.sentenceStart[k - 1]!);
      expect(s.sentenceStart.length).toBeGreaterThan(3);
      expect(s.sentenceStart[s.sentenceStart.length - 1]!).toBeLessThan(s.count);
    }
  });

  it('counts the words of a range of sentences', () => {
    const s = scan('One two three. Four, five 6. Seven.');
    expect(wordCount(s, 0, 1)).toBe(3);
    expect(wordCount(s, 1, 2)).toBe(2);
    expect(wordCount(s, 0, 3)).toBe(6);
    expect(wordCount(s, 3, 3)).toBe(0);
  });
});

describe('scan: abbreviations and quotes', () => {
  it('does not end a sentence after "e.g." before a capitalised word', () => {
    expect(sentences('Old cities, e.g. Paris and Rome, are busy. Others are not.')).toEqual([
      'old cities , e . g . paris and rome , are busy .',
      'others are not .',
    ]);
  });

  it('keeps a straight closing quote with the sentence it closes', () => {
    expect(sentences('"Really?" she asked. He said "go." Then he left.')).toEqual([
      '" really ? " she asked .',
      'he said " go . "',
      'then he left .',
    ]);
  });
});

describe('lexicalFeatures', () => {
  it('returns sorted unique indices in range and positive values of unit length', () => {
    for (const [text, tables] of [
      [AI_EN, EN],
      [HUMAN_EN, EN],
      [AI_ES, ES],
      [HUMAN_ES, ES],
      ['Hi.', EN],
    ] as const) {
      const v = whole(scan(text), tables);
      expect(v.index.length).toBe(v.value.length);
      expect(v.index.length).toBeGreaterThan(0);
      for (let i = 0; i < v.index.length; i++) {
        expect(v.index[i]!).toBeGreaterThanOrEqual(0);
        expect(v.index[i]!).toBeLessThan(LEXICAL_DIM);
        if (i > 0) expect(v.index[i]!).toBeGreaterThan(v.index[i - 1]!);
        expect(v.value[i]!).toBeGreaterThan(0);
      }
      const norm = Math.sqrt(v.value.reduce((s, x) => s + x * x, 0));
      expect(norm).toBeCloseTo(1, 5);
    }
  });

  it('is deterministic, whatever was computed before', () => {
    const s = scan(HUMAN_EN);
    const a = whole(s, EN);
    whole(scan(AI_EN), EN);
    whole(scan(HUMAN_ES), ES);
    expect(whole(s, EN)).toEqual(a);
    expect(whole(scan(HUMAN_EN), EN)).toEqual(a);
  });

  it('depends on the sentences asked for and on the kept words', () => {
    const s = scan(HUMAN_EN);
    const all = whole(s, EN);
    expect(lexicalFeatures(s, EN, 0, 1)).not.toEqual(all);
    expect(whole(s, { ...EN, keep: new Set() })).not.toEqual(all);
    expect(lexicalFeatures(s, EN, 1, 1)).toEqual({ index: new Int32Array(0), value: new Float32Array(0) });
  });

  it('ignores spacing and line breaks inside a sentence but not the words', () => {
    const a = whole(scan('The cat sat on the mat.'), EN);
    expect(whole(scan('The  cat   sat on  the mat .'), EN)).toEqual(a);
    expect(whole(scan('The dog sat on the mat.'), EN)).not.toEqual(a);
  });
});

describe('styleFeatures', () => {
  it('has STYLE_DIM finite values, for prose and for degenerate input', () => {
    expect(STYLE_NAMES.length).toBe(STYLE_DIM);
    for (const [text, tables] of [
      [AI_EN, EN],
      [HUMAN_EN, EN],
      [AI_ES, ES],
      [HUMAN_ES, ES],
      ['', EN],
      ['...!!!', EN],
      ['42', ES],
    ] as const) {
      const s = scan(text);
      const f = styleFeatures(s, tables, 0, s.sentenceStart.length);
      expect(f.length).toBe(STYLE_DIM);
      for (const x of f) expect(Number.isFinite(x)).toBe(true);
    }
  });

  it('measures sentence and word lengths', () => {
    const f = style('One two three four. Five six seven eight.');
    expect(f('sentence length mean')).toBeCloseTo(Math.log1p(4), 10);
    expect(f('sentence length sd')).toBe(0);
    expect(f('word length mean')).toBeCloseTo((3 + 3 + 5 + 4 + 4 + 3 + 5 + 5) / 8, 10);
    const g = style('One two. Three four five six seven eight.');
    expect(g('sentence length sd')).toBeGreaterThan(0);
    expect(g('sentence length cv')).toBeGreaterThan(0);
  });

  it('rises with commas, questions, exclamations, contractions and pronouns', () => {
    const plain = style('We went home and then later we slept well.');
    const commas = style('We went home, and then, later, we slept well.');
    expect(plain('comma rate')).toBe(0);
    expect(commas('comma rate')).toBeCloseTo(3 / 9, 10);
    expect(style('Is it late? Are you sure?')('question rate')).toBeCloseTo(2 / 6, 10);
    // a Spanish question counts both of its marks
    expect(style('¿Vienes hoy?', ES)('question rate')).toBe(1);
    expect(style('Stop! Now!')('exclamation rate')).toBe(1);
    expect(style("I don't know and you can't say.")('contraction rate')).toBeCloseTo(2 / 7, 10);
    const people = style('I told you that we would go with my friends.');
    expect(people('first person singular rate')).toBeCloseTo(2 / 10, 10);
    expect(people('second person rate')).toBeCloseTo(1 / 10, 10);
    expect(people('first person plural rate')).toBeCloseTo(1 / 10, 10);
  });

  it('counts a lone lower-case "i" in English only', () => {
    expect(style('I think I know what I want.')('lone lower-case i rate')).toBe(0);
    expect(style('i think i know what I want.')('lone lower-case i rate')).toBeCloseTo(2 / 7, 10);
    expect(style('Yo y i griega van juntos.', ES)('lone lower-case i rate')).toBe(0);
  });

  it('reads the unknown-word rate against the dictionary, ignoring short and capitalised words', () => {
    const text = 'Paris has lovely old streets and quiet gardens.';
    // words of three letters or more, not capitalised: has lovely old streets and quiet gardens
    expect(style(text, { ...EN, dictionary: new Set() })('unknown word rate')).toBe(1);
    expect(
      style(text, { ...EN, dictionary: new Set(['has', 'lovely', 'old', 'streets', 'and', 'quiet', 'gardens']) })(
        'unknown word rate',
      ),
    ).toBe(0);
    expect(
      style(text, { ...EN, dictionary: new Set(['has', 'old', 'and', 'quiet']) })('unknown word rate'),
    ).toBeCloseTo(3 / 7, 10);
  });

  it('notices lower-case sentence starts, repeated words, repeated openers and connectives', () => {
    expect(style('the end came. Then it went.\nand so on')('lower-case sentence start rate')).toBeCloseTo(2 / 3, 10);
    expect(style('It was very very very good.')('repeated word rate')).toBeCloseTo(2 / 6, 10);
    expect(style('We ran. We hid. They came.')('same sentence opener rate')).toBeCloseTo(1 / 3, 10);
    expect(style('However, it rained. Moreover, it snowed. It was cold.')('connective opener rate')).toBeCloseTo(
      2 / 3,
      10,
    );
    expect(style('Además, llovió. Luego nevó. Hacía frío.', ES)('connective opener rate')).toBeCloseTo(2 / 3, 10);
  });

  it('notices spacing slips around punctuation', () => {
    expect(style('We left , then came back .')('space before punctuation rate')).toBeCloseTo(2 / 5, 10);
    expect(style('We left,then came back.')('missing space after punctuation rate')).toBeCloseTo(1 / 5, 10);
    expect(style('We left, then came back.')('missing space after punctuation rate')).toBe(0);
    expect(style('We left, then came back.')('space before punctuation rate')).toBe(0);
  });

  it('counts dashes, ellipses, numbers and capitalised words', () => {
    expect(style('It was — as always — late.')('dash rate')).toBeCloseTo(2 / 5, 10);
    expect(style('A well-known fact.')('dash rate')).toBe(0);
    expect(style('Well... maybe… not.')('ellipsis rate')).toBeCloseTo(2 / 3, 10);
    expect(style('We saw 3 cats and 12 dogs.')('number rate')).toBeCloseTo(2 / 5, 10);
    const caps = style('We met Anna and the NASA team in Paris.');
    expect(caps('capitalised word rate')).toBeCloseTo(2 / 9, 10);
    expect(caps('all-caps word rate')).toBeCloseTo(1 / 9, 10);
  });

  it('reads only the sentences asked for', () => {
    const s = scan('Short one. This second sentence, with a comma, is longer.');
    const first = styleFeatures(s, EN, 0, 1);
    const second = styleFeatures(s, EN, 1, 2);
    const comma = STYLE_NAMES.indexOf('comma rate');
    expect(first[comma]).toBe(0);
    expect(second[comma]).toBeGreaterThan(0);
    expect(first[0]).toBeCloseTo(Math.log1p(2), 10);
  });
});

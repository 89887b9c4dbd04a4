import { describe, expect, it } from 'vitest';
import { KIND_NUMBER, scan, type Scan } from '../src/features.ts';
import {
  NGRAM_BOS,
  NGRAM_NUMBER,
  NGRAM_SPECIALS,
  NGRAM_UNK,
  NGRAM_UNK_CAP,
  PREDICTABILITY_DIM,
  PREDICTABILITY_NAMES,
  findSlot,
  ngramIds,
  ngramModel,
  predictabilityFeatures,
  trigramHash,
  type NgramModel,
} from '../src/ngram.ts';
import { buildNgram, ngramVocabulary } from './ngram.ts';

const HUMAN = [
  'The cat sat on the mat and looked at the garden.',
  'My brother drove the old truck to the lake last summer.',
  'We ate cold pizza on the porch while it rained.',
  'The dog slept by the door all afternoon.',
];
const AI = [
  'Artificial intelligence offers significant opportunities for modern education.',
  'It is important to consider the ethical implications of these tools.',
  'Overall, technology can enhance learning when it is used responsibly.',
  'The cat sat on the mat and looked at the garden.',
];

/** Each text three times, so that its words make the vocabulary and its n-grams survive pruning. */
function corpus(texts: readonly string[]): Scan[] {
  return texts.flatMap((t) => [scan(t), scan(t), scan(t)]);
}

function counts(scans: readonly Scan[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of scans) {
    for (let i = 0; i < s.count; i++) if (s.kind[i] !== KIND_NUMBER) m.set(s.lower[i]!, (m.get(s.lower[i]!) ?? 0) + 1);
  }
  return m;
}

const humanScans = corpus(HUMAN);
const aiScans = corpus(AI);
const vocabList = ngramVocabulary(counts([...humanScans, ...aiScans]));
const vocab = new Map(vocabList.map((w, i) => [w, i + NGRAM_SPECIALS]));
const idsOf = (s: Scan): Int32Array => ngramIds(vocab, s, 0, s.sentenceStart.length);
const humanArrays = buildNgram(vocabList, humanScans.map(idsOf));
const aiArrays = buildNgram(vocabList, aiScans.map(idsOf));
const human = ngramModel(humanArrays);
const ai = ngramModel(aiArrays);

const LOGPROB = PREDICTABILITY_NAMES.indexOf('human trigram log-prob mean');
const UNSEEN = PREDICTABILITY_NAMES.indexOf('human unseen bigram rate');
const RATIO = PREDICTABILITY_NAMES.indexOf('trigram log-ratio mean');

function features(models: readonly NgramModel[], text: string): Float64Array {
  const s = scan(text);
  return predictabilityFeatures(models, s, 0, s.sentenceStart.length);
}

describe('ngramVocabulary', () => {
  it('keeps tokens seen three times or more, most frequent first, ties alphabetical', () => {
    const v = ngramVocabulary(
      new Map([
        ['b', 3],
        ['a', 3],
        ['the', 10],
        ['rare', 2],
        [',', 5],
      ]),
    );
    expect(v).toEqual(['the', ',', 'a', 'b']);
  });
});

describe('ngramIds', () => {
  it('opens each sentence with BOS and maps numbers and unknown words to their specials', () => {
    const s = scan('The cat sat. Zanzibar has 42 zebras.');
    const ids = Array.from(idsOf(s));
    const id = (w: string): number => vocab.get(w)!;
    expect(ids).toEqual([
      NGRAM_BOS,
      id('the'),
      id('cat'),
      id('sat'),
      id('.'),
      NGRAM_BOS,
      NGRAM_UNK_CAP,
      NGRAM_UNK,
      NGRAM_NUMBER,
      NGRAM_UNK,
      id('.'),
    ]);
  });
});

describe('buildNgram', () => {
  it('counts every token once and keeps only n-grams seen twice or more', () => {
    const tokens = [...humanScans].reduce((n, s) => n + s.count, 0);
    expect(humanArrays.total).toBe(tokens);
    expect(humanArrays.unigram.reduce((a, b) => a + b, 0)).toBe(tokens);
    expect(humanArrays.unigram[NGRAM_BOS]).toBe(0);
    expect(humanArrays.unigram[vocab.get('the')!]).toBe(3 * 8);
    // seen three times: kept
    const [the, cat, sat] = ['the', 'cat', 'sat'].map((w) => vocab.get(w)!) as [number, number, number];
    expect(findSlot(human.trigram, trigramHash(the, cat, sat))).toBeGreaterThanOrEqual(0);
    expect(findSlot(human.bigram, (the << 15) | cat)).toBeGreaterThanOrEqual(0);
    // never seen: absent
    expect(findSlot(human.trigram, trigramHash(sat, cat, the))).toBe(-1);
    expect(findSlot(human.bigram, (cat << 15) | the)).toBe(-1);
    // pruning: one more text seen once adds nothing to the kept n-grams but counts in the statistics
    const once = buildNgram(vocabList, [...humanScans.map(idsOf), idsOf(scan('Sat the cat.'))]);
    expect(Array.from(once.triKey)).toEqual(Array.from(humanArrays.triKey));
    expect(once.total).toBe(humanArrays.total + 4);
  });

  it('is deterministic and does not depend on the order of the texts', () => {
    const again = buildNgram(vocabList, humanScans.map(idsOf).reverse());
    expect(again).toEqual(humanArrays);
  });
});

describe('predictabilityFeatures', () => {
  it('gives a seen sentence a higher log-probability than the same words shuffled', () => {
    for (const text of HUMAN) {
      const words = text.replace(/\.$/, '').split(' ');
      const shuffled = [...words.slice(1), words[0]!].reverse().join(' ') + '.';
      const seen = features([human], text);
      const mixed = features([human], shuffled);
      expect(seen[LOGPROB]!).toBeGreaterThan(mixed[LOGPROB]! + 1);
      expect(seen[UNSEEN]!).toBeLessThan(mixed[UNSEEN]!);
    }
  });

  it('reads the log-ratio towards the model whose text it is', () => {
    expect(features([human, ai], AI[0]!)[RATIO]!).toBeGreaterThan(1);
    expect(features([human, ai], HUMAN[1]!)[RATIO]!).toBeLessThan(-1);
    // a sentence both corpora hold reads about the same under both
    expect(Math.abs(features([human, ai], AI[3]!)[RATIO]!)).toBeLessThan(1);
  });

  it('returns PREDICTABILITY_DIM finite values with rates in [0, 1], the same every time', () => {
    const texts = [
      ...HUMAN,
      ...AI,
      'Completely novel words appear here, unlike anything in training. 123 and 4.5!',
      '',
      '...',
      'The the the the the.',
    ];
    for (const text of texts) {
      const f = features([human, ai], text);
      expect(f.length).toBe(PREDICTABILITY_DIM);
      for (const x of f) expect(Number.isFinite(x)).toBe(true);
      for (const [k, name] of PREDICTABILITY_NAMES.entries()) {
        if (name.endsWith(' rate')) {
          expect(f[k]!, name).toBeGreaterThanOrEqual(0);
          expect(f[k]!, name).toBeLessThanOrEqual(1);
        }
        if (name.includes('log-prob mean')) expect(f[k]!, name).toBeLessThanOrEqual(0);
      }
      features([ai], 'Something else in between.');
      expect(features([human, ai], text)).toEqual(f);
    }
  });

  it('reads only the sentences asked for', () => {
    const s = scan(`${HUMAN[0]!} ${AI[0]!}`);
    expect(s.sentenceStart.length).toBe(2);
    const first = predictabilityFeatures([human, ai], s, 0, 1);
    expect(first).toEqual(features([human, ai], HUMAN[0]!));
    expect(predictabilityFeatures([human, ai], s, 1, 2)).toEqual(features([human, ai], AI[0]!));
    expect(predictabilityFeatures([human, ai], s, 0, 2)).not.toEqual(first);
  });

  it('returns zeros without models or without tokens', () => {
    expect(Array.from(features([], HUMAN[0]!))).toEqual(new Array<number>(PREDICTABILITY_DIM).fill(0));
    expect(Array.from(features([human, ai], ''))).toEqual(new Array<number>(PREDICTABILITY_DIM).fill(0));
  });
});

/*
 * The authorship (fingerprint) check's engine: does a new paper read like the student's earlier papers, more than
 * like other students' papers? Pure and deterministic: texts in, a score, a verdict and the features that differ
 * most out.
 *
 * The method is the General Impostors method (Koppel & Winter, "Determining if two documents are written by the
 * same author", JASIST 2014; Seidman's PAN 2013 variant) on Cosine Delta (Smith & Aldridge 2011; Evert et al.
 * 2017: the cosine of z-scored relative frequencies, the best of the Delta family):
 *  - each paper becomes a vector of the most frequent character 3-grams of the pool, the language's function
 *    words, punctuation marks and four style statistics (mean and spread of sentence length, mean word length,
 *    vocabulary richness), each z-scored over the pool (the new paper, the student's earlier papers, the other
 *    students' papers);
 *  - ITERATIONS times a seeded random half of the features is drawn; for each earlier paper of the student, the
 *    round counts when that paper is closer to the new one (cosine) than every other student's paper is;
 *  - the score is the share of those rounds: near 1, the student's own papers are consistently the nearest; near
 *    chance (1 / (1 + impostors)) or below, they are no nearer than anyone else's.
 * The verdict has an inconclusive band between the two thresholds, measured in bench/authorship.
 */

export type AuthorshipLanguage = 'en' | 'es';

export type StylometryPaper = { id: number | string; text: string };

export type AuthorshipVerdict = 'same_author' | 'inconclusive' | 'different_author';

export type DifferingFeature = {
  /** word: a function word; punctuation: a mark; the others: the style statistics. */
  kind: 'word' | 'punctuation' | 'sentence_length' | 'sentence_spread' | 'word_length' | 'vocabulary';
  /** The word or the mark; '' for the statistics. */
  name: string;
  /** The new paper's value, and the mean of the student's earlier papers. */
  document: number;
  usual: number;
  /** word: per 1,000 words; punctuation: per 1,000 characters; sentence_*: words; word_length: letters; vocabulary: percent. */
  unit: 'per_1000_words' | 'per_1000_characters' | 'words' | 'letters' | 'percent';
  /** How far apart, in standard deviations of the pool (signed: > 0 the new paper has more). */
  z: number;
};

export type StylometryResult = {
  method: 'general-impostors-cosine-delta';
  score: number;
  verdict: AuthorshipVerdict;
  thresholds: { same: number; different: number };
  /** The score a paper would get by chance: 1 / (1 + the number of impostor papers). */
  chance: number;
  /** Each earlier paper of the student: its cosine similarity to the new one on all features (-1..1). */
  known: { id: number | string; similarity: number }[];
  /** The nearest other student's paper's similarity on all features. */
  nearest_impostor: number;
  impostors: number;
  features: DifferingFeature[];
};

/** Verdict thresholds on the score (bench/authorship measures the error rates at them). */
export const SAME_AUTHOR_THRESHOLD = 0.7;
export const DIFFERENT_AUTHOR_THRESHOLD = 0.35;
export const ITERATIONS = 200;
const TOP_NGRAMS = 300;
const FEATURE_SHARE = 0.5;
const SEED = 0x5eed1e;

const FUNCTION_WORDS: Record<AuthorshipLanguage, readonly string[]> = {
  en: (
    'the of and to a in that is was he for it with as his on be at by i this had not are but from or have an ' +
    'they which one you were her all she there would their we him been has when who will more no if out so said ' +
    'what up its about into than them can only other new some could time these two may then do first any my now ' +
    'such like our over man me even most made after also did many before must through back years where much your ' +
    'way well down should because each just those people how too little state good very make world still own see ' +
    'men work long get here between both life being under never day same another know while last might us great ' +
    'old year off come since against go came right used take three however therefore thus although whether upon ' +
    'yet though whereas moreover indeed rather quite perhaps almost often always already again shall'
  ).split(' '),
  es: (
    'de la que el en y a los se del las un por con no una su para es al lo como más o pero sus le ha me si sin ' +
    'sobre este ya entre cuando todo esta ser son dos también fue había era muy años hasta desde está mi porque ' +
    'qué sólo solo han yo hay vez puede todos así nos ni parte tiene él uno donde bien tiempo mismo ese ahora cada ' +
    'e vida otro después te otros aunque esa eso hace otra gobierno tan durante siempre día tanto ella tres sí ' +
    'dijo sido gran país según menos mundo año antes estado contra sino forma caso nada hacer general estaba ' +
    'poco estos presidente mayor ante unos les algo hacia casa ellos ayer hecho primera mucho mientras además ' +
    'quien momento millones esto españa hombre están pues hoy lugar madrid nacional trabajo otras mejor nuevo ' +
    'decir algunos entonces todas días debe política cómo casi toda tal luego pasado medio estas sea tenía nunca ' +
    'poder aquí ver veces embargo partido personas grupo cuenta pueden tienen misma nueva cual fueron mujer frente'
  ).split(' '),
};

const PUNCTUATION = [',', ';', ':', '!', '?', '(', '"', "'", '-', '—', '…', '¿', '¡', '«'];

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;

type Profile = {
  ngrams: Map<string, number>;
  words: Map<string, number>;
  wordCount: number;
  punctuation: Map<string, number>;
  characters: number;
  sentenceMean: number;
  sentenceSpread: number;
  wordLength: number;
  vocabulary: number;
};

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/\p{N}/gu, '0')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Moving-average type/token ratio over windows of 100 words (Covington & McFall 2010): length-independent. */
function movingTypeTokenRatio(words: readonly string[], window = 100): number {
  if (words.length === 0) return 0;
  if (words.length <= window) return new Set(words).size / words.length;
  const counts = new Map<string, number>();
  const at = (i: number): string => words[i] ?? '';
  for (let i = 0; i < window; i++) counts.set(at(i), (counts.get(at(i)) ?? 0) + 1);
  let total = counts.size;
  let windows = 1;
  for (let i = window; i < words.length; i++) {
    const gone = at(i - window);
    const left = (counts.get(gone) ?? 1) - 1;
    if (left === 0) counts.delete(gone);
    else counts.set(gone, left);
    counts.set(at(i), (counts.get(at(i)) ?? 0) + 1);
    total += counts.size;
    windows++;
  }
  return total / windows / window;
}

function profileOf(text: string): Profile {
  const clean = normalise(text);
  const ngrams = new Map<string, number>();
  for (let i = 0; i + 3 <= clean.length; i++) {
    const gram = clean.slice(i, i + 3);
    ngrams.set(gram, (ngrams.get(gram) ?? 0) + 1);
  }
  const total = Math.max(1, clean.length - 2);
  for (const [gram, count] of ngrams) ngrams.set(gram, count / total);
  const tokens = clean.match(WORD) ?? [];
  const words = new Map<string, number>();
  for (const word of tokens) words.set(word, (words.get(word) ?? 0) + 1);
  const punctuation = new Map<string, number>();
  for (const char of clean) if (PUNCTUATION.includes(char)) punctuation.set(char, (punctuation.get(char) ?? 0) + 1);
  const sentences = text
    .split(/(?<=[.!?…])["»”’)]*\s+|\n\s*\n/u)
    .map((sentence) => (sentence.match(WORD) ?? []).length)
    .filter((length) => length > 0);
  const sentenceMean = sentences.length === 0 ? 0 : sentences.reduce((a, b) => a + b, 0) / sentences.length;
  const sentenceSpread =
    sentences.length < 2
      ? 0
      : Math.sqrt(sentences.reduce((sum, length) => sum + (length - sentenceMean) ** 2, 0) / (sentences.length - 1));
  const letters = tokens.reduce((sum, word) => sum + word.replace(/['’]/g, '').length, 0);
  return {
    ngrams,
    words,
    wordCount: tokens.length,
    punctuation,
    characters: clean.length,
    sentenceMean,
    sentenceSpread,
    wordLength: tokens.length === 0 ? 0 : letters / tokens.length,
    vocabulary: movingTypeTokenRatio(tokens),
  };
}

type Feature = { kind: DifferingFeature['kind'] | 'ngram'; name: string; value: (profile: Profile) => number };

function featuresOf(profiles: readonly Profile[], language: AuthorshipLanguage): Feature[] {
  const mean = new Map<string, number>();
  for (const profile of profiles) {
    for (const [gram, share] of profile.ngrams) mean.set(gram, (mean.get(gram) ?? 0) + share);
  }
  // the most frequent 3-grams of the pool; ties broken by the gram itself, so the order never depends on input order
  const grams = [...mean.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, TOP_NGRAMS)
    .map(([gram]) => gram);
  const perThousandWords = (word: string) => (profile: Profile) =>
    profile.wordCount === 0 ? 0 : ((profile.words.get(word) ?? 0) * 1000) / profile.wordCount;
  const perThousandCharacters = (mark: string) => (profile: Profile) =>
    profile.characters === 0 ? 0 : ((profile.punctuation.get(mark) ?? 0) * 1000) / profile.characters;
  return [
    ...grams.map((gram): Feature => ({ kind: 'ngram', name: gram, value: (p) => p.ngrams.get(gram) ?? 0 })),
    ...[...new Set(FUNCTION_WORDS[language])].map((word): Feature => ({
      kind: 'word',
      name: word,
      value: perThousandWords(word),
    })),
    ...PUNCTUATION.map((mark): Feature => ({ kind: 'punctuation', name: mark, value: perThousandCharacters(mark) })),
    { kind: 'sentence_length', name: '', value: (p) => p.sentenceMean },
    { kind: 'sentence_spread', name: '', value: (p) => p.sentenceSpread },
    { kind: 'word_length', name: '', value: (p) => p.wordLength },
    { kind: 'vocabulary', name: '', value: (p) => p.vocabulary * 100 },
  ];
}

/** A small seeded generator (mulberry32): the same inputs give the same score. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function cosine(a: Float64Array, b: Float64Array, mask: Uint8Array | null): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    if (mask !== null && mask[i] === 0) continue;
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const UNITS: Record<DifferingFeature['kind'], DifferingFeature['unit']> = {
  word: 'per_1000_words',
  punctuation: 'per_1000_characters',
  sentence_length: 'words',
  sentence_spread: 'words',
  word_length: 'letters',
  vocabulary: 'percent',
};

export function verdictOf(score: number): AuthorshipVerdict {
  if (score >= SAME_AUTHOR_THRESHOLD) return 'same_author';
  if (score <= DIFFERENT_AUTHOR_THRESHOLD) return 'different_author';
  return 'inconclusive';
}

/**
 * Compares `questioned` with the student's earlier papers (`known`, at least one) against other students' papers
 * (`impostors`, at least one). Deterministic.
 */
export function compareAuthorship(input: {
  questioned: string;
  known: readonly StylometryPaper[];
  impostors: readonly StylometryPaper[];
  language: AuthorshipLanguage;
  iterations?: number;
}): StylometryResult {
  if (input.known.length === 0 || input.impostors.length === 0) {
    throw new RangeError('compareAuthorship needs at least one known paper and one impostor');
  }
  const questioned = profileOf(input.questioned);
  const known = input.known.map((paper) => profileOf(paper.text));
  const impostors = input.impostors.map((paper) => profileOf(paper.text));
  const pool = [questioned, ...known, ...impostors];
  const features = featuresOf(pool, input.language);
  const raw = pool.map((profile) => features.map((feature) => feature.value(profile)));
  const means = features.map((_, f) => raw.reduce((sum, row) => sum + (row[f] ?? 0), 0) / raw.length);
  const spreads = features.map((_, f) => {
    const variance =
      raw.reduce((sum, row) => sum + ((row[f] ?? 0) - (means[f] ?? 0)) ** 2, 0) / Math.max(1, raw.length - 1);
    return Math.sqrt(variance);
  });
  // z-scores; a feature that does not vary in the pool says nothing (0)
  const vectors = raw.map(
    (row) =>
      new Float64Array(
        row.map((value, f) => ((spreads[f] ?? 0) > 1e-12 ? (value - (means[f] ?? 0)) / (spreads[f] ?? 1) : 0)),
      ),
  );
  const [q, ...rest] = vectors as [Float64Array, ...Float64Array[]];
  const knownVectors = rest.slice(0, known.length);
  const impostorVectors = rest.slice(known.length);

  const iterations = input.iterations ?? ITERATIONS;
  const next = random(SEED);
  const mask = new Uint8Array(features.length);
  let hits = 0;
  for (let round = 0; round < iterations; round++) {
    for (let f = 0; f < mask.length; f++) mask[f] = next() < FEATURE_SHARE ? 1 : 0;
    let nearestImpostor = -Infinity;
    for (const impostor of impostorVectors) nearestImpostor = Math.max(nearestImpostor, cosine(q, impostor, mask));
    for (const paper of knownVectors) if (cosine(q, paper, mask) > nearestImpostor) hits++;
  }
  const score = hits / (iterations * knownVectors.length);

  // the readable features (not the 3-grams) where the new paper is furthest from the student's usual
  const differing: DifferingFeature[] = [];
  features.forEach((feature, f) => {
    const spread = spreads[f] ?? 0;
    if (feature.kind === 'ngram' || spread <= 1e-12) return;
    const usual = known.reduce((sum, _, k) => sum + (raw[1 + k]?.[f] ?? 0), 0) / known.length;
    const document = raw[0]?.[f] ?? 0;
    const z = (document - usual) / spread;
    // a word neither side uses much is no evidence
    if (feature.kind === 'word' && Math.max(document, usual) < 1) return;
    differing.push({
      kind: feature.kind,
      name: feature.name,
      document: round(document, 2),
      usual: round(usual, 2),
      unit: UNITS[feature.kind],
      z: round(z, 2),
    });
  });
  differing.sort((a, b) => Math.abs(b.z) - Math.abs(a.z) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  return {
    method: 'general-impostors-cosine-delta',
    score: round(score),
    verdict: verdictOf(score),
    thresholds: { same: SAME_AUTHOR_THRESHOLD, different: DIFFERENT_AUTHOR_THRESHOLD },
    chance: round(1 / (1 + impostorVectors.length)),
    known: knownVectors.map((vector, k) => ({
      id: input.known[k]?.id ?? k,
      similarity: round(cosine(q, vector, null)),
    })),
    nearest_impostor: round(Math.max(...impostorVectors.map((impostor) => cosine(q, impostor, null)))),
    impostors: impostorVectors.length,
    features: differing.filter((feature) => Math.abs(feature.z) >= 1).slice(0, 6),
  };
}

/**
 * npm run ai:train -- [--data DIR] [--local DIR | --no-local] [--exclude SOURCE,...] [--seed N] [--out FILE]
 *                        [--no-calibration] [--languages en|es --rest MODEL_FILE] [--genre-shift en=X,es=Y]
 *
 * Trains the detector from the labelled data (default ../shared/data/ai), seeded and
 * reproducible, and writes the model file the package loads. Per language:
 *   1. split by pair/topic group, with held-out domains and generators (cli/dataset.ts);
 *   2. tables from training text: the words kept in the lexical view, the spelling dictionary;
 *   3. examples: every text whole, and its chunks when it has more than one;
 *   4. a lexical logistic regression and boosted trees over the style and predictability rates
 *      (cli/gbt.ts) on the training side (the predictability rates' trigram models of human and of
 *      machine text are cross-fitted by group, so that no training text is measured by a model that
 *      read it or its pair);
 *   5. their combination, then every threshold (on the document score of src/model.ts
 *      documentCombined), on the calibration side (never trained on);
 * and prints a short summary on the test side (the benchmark, npm run bench:ai, has the figures); then
 * counts how the written model's verdict bands come out on the test side (cli/calibrate.ts) into
 * calibration.json beside it, the shares a result quotes ("in our tests, N % of English texts written by
 * people got this result").
 * `--exclude autextification2023` leaves a source out (its licence is non-commercial).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  STYLE_DIM,
  LEXICAL_DIM,
  lexicalFeatures,
  styleFeatures,
  scan as scanText,
  wordCount,
  KIND_WORD,
  KIND_NUMBER,
} from '../src/features.ts';
import type { FeatureTables } from '../src/features.ts';
import type { DetectorLanguage } from '../src/language.ts';
import {
  DENSE_DIM,
  denseInput,
  documentCombined,
  encodeFloats,
  modelFromFile,
  ngramToFile,
  DEFAULT_MODEL_PATH,
  MODEL_FORMAT,
  type LanguageModelFile,
  type ModelFile,
  type VerdictThresholds,
} from '../src/model.ts';
import { NGRAM_MODELS, ngramIds, ngramModel, predictabilityFeatures, type NgramModel } from '../src/ngram.ts';
import { hashString } from '@veritext/text';
import { buildNgram, ngramVocabulary } from './ngram.ts';
import { prepare } from '../src/prepare.ts';
import { DEFAULT_DATA, DEFAULT_LOCAL, readAllRows, splitRows, type SplitRow } from './dataset.ts';
import { SparseRowsBuilder, logit, seededRandom, trainLogistic } from './logistic.ts';
import { DEFAULT_GBT, trainGbt } from './gbt.ts';
import { treesLogit, treesToFile } from '../src/trees.ts';
import { MIN_CHUNK_WORDS } from '../src/detect.ts';
import { describeCalibration, measureCalibration, writeCalibration } from './calibrate.ts';

export const MODEL_VERSION = '1.1.0';
export const DEFAULT_SEED = 20261123;
export { DEFAULT_DATA, DEFAULT_LOCAL };
const KEEP_WORDS = 1500;
const DICTIONARY_MIN_COUNT = 3;
const DICTIONARY_MAX = 120_000;
/** Verdict thresholds are set per length: up to 120 words, up to 300, longer. */
const LENGTH_BUCKETS = [120, 300, null] as const;
/** A source/domain needs this many calibration human texts to set a threshold of its own; a length bucket, MIN_BUCKET. */
const MIN_GROUP = 10;
/** The flag leaves at most this share of a source/domain's calibration human texts above it (the goal: 0.5 %). */
const GROUP_QUANTILE = 0.995;
const MIN_BUCKET = 50;
/** A threshold no score reaches (JSON has no Infinity). */
const NEVER = 1e6;
/** The predictability view's trigram models are cross-fitted in this many folds. */
const NGRAM_FOLDS = 5;
/** Passes of the lexical LR over the training examples. */
const LEXICAL_EPOCHS = 20;
const LEXICAL_L2 = 1e-5;
/** The share of the mean chunk score in a multi-chunk document's score (src/model.ts documentCombined). */
const CHUNK_BLEND = 0.5;

interface Example {
  readonly row: SplitRow;
  readonly doc: boolean;
  readonly words: number;
  readonly lexical: { index: Int32Array; value: Float32Array };
  readonly style: Float64Array;
  readonly predictability: Float64Array;
}

function log(message: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);
}

function buildTables(
  language: DetectorLanguage,
  rows: readonly SplitRow[],
): FeatureTables & { keepList: string[]; dictionaryList: string[]; tokenCounts: Map<string, number> } {
  const df = { human: new Map<string, number>(), ai: new Map<string, number>() };
  const counts = new Map<string, number>();
  const tokenCounts = new Map<string, number>();
  const n = { human: 0, ai: 0 };
  for (const row of rows) {
    const s = scanText(row.text);
    const seen = new Set<string>();
    for (let i = 0; i < s.count; i++) {
      if (s.kind[i] !== KIND_NUMBER) tokenCounts.set(s.lower[i]!, (tokenCounts.get(s.lower[i]!) ?? 0) + 1);
      if (s.kind[i] !== KIND_WORD) continue;
      const w = s.lower[i]!;
      counts.set(w, (counts.get(w) ?? 0) + 1);
      seen.add(w);
    }
    n[row.label]++;
    const d = df[row.label];
    for (const w of seen) d.set(w, (d.get(w) ?? 0) + 1);
  }
  const share = new Map<string, number>();
  for (const label of ['human', 'ai'] as const) {
    for (const [w, c] of df[label]) share.set(w, (share.get(w) ?? 0) + c / Math.max(n[label], 1));
  }
  const byShare = [...share].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const keepList = byShare.slice(0, KEEP_WORDS).map(([w]) => w);
  const dictionaryList = [...counts]
    .filter(([, c]) => c >= DICTIONARY_MIN_COUNT)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, DICTIONARY_MAX)
    .map(([w]) => w)
    .sort();
  return {
    language,
    keep: new Set(keepList),
    dictionary: new Set(dictionaryList),
    keepList,
    dictionaryList,
    tokenCounts,
  };
}

function foldOf(row: SplitRow): number {
  return hashString(`fold:${row.group}`) % NGRAM_FOLDS;
}

/**
 * Trigram models of the training side's human texts and of its machine texts (shipped), and one
 * pair per fold without that fold's groups: a training text's predictability is measured by
 * models that never read it nor the texts paired with it.
 */
function buildNgrams(
  trainRows: readonly SplitRow[],
  tokenCounts: ReadonlyMap<string, number>,
): { full: ReturnType<typeof buildNgram>[]; models: NgramModel[]; folds: NgramModel[][] } {
  const vocabList = ngramVocabulary(tokenCounts);
  const vocab = new Map<string, number>();
  vocabList.forEach((w, i) => vocab.set(w, i + 4));
  const sequences: Int32Array[] = [];
  const folds: number[] = [];
  const labels: string[] = [];
  for (const row of trainRows) {
    const s = prepare(row.text).scan;
    sequences.push(ngramIds(vocab, s, 0, s.sentenceStart.length));
    folds.push(foldOf(row));
    labels.push(row.label);
  }
  const build = (keep: (i: number) => boolean): ReturnType<typeof buildNgram>[] =>
    NGRAM_MODELS.map((label) =>
      buildNgram(
        vocabList,
        sequences.filter((_, i) => labels[i] === label && keep(i)),
      ),
    );
  const full = build(() => true);
  const foldModels: NgramModel[][] = [];
  for (let k = 0; k < NGRAM_FOLDS; k++) foldModels.push(build((i) => folds[i] !== k).map(ngramModel));
  return { full, models: full.map(ngramModel), folds: foldModels };
}

/** Weighted mean and SD of dense rates (the style rates', for styleOutlier). */
function meanSd(
  examples: readonly Example[],
  weights: Float32Array,
  get: (e: Example) => Float64Array,
  dim: number,
): { mean: number[]; sd: number[] } {
  const mean = new Array<number>(dim).fill(0);
  const sd = new Array<number>(dim).fill(0);
  let total = 0;
  examples.forEach((e, i) => {
    total += weights[i]!;
    const f = get(e);
    for (let d = 0; d < dim; d++) mean[d]! += weights[i]! * f[d]!;
  });
  for (let d = 0; d < dim; d++) mean[d]! /= total;
  examples.forEach((e, i) => {
    const f = get(e);
    for (let d = 0; d < dim; d++) sd[d]! += weights[i]! * (f[d]! - mean[d]!) ** 2;
  });
  for (let d = 0; d < dim; d++) sd[d] = Math.sqrt(sd[d]! / total) || 1;
  return { mean, sd };
}

function examplesOf(
  rows: readonly SplitRow[],
  tables: FeatureTables,
  ngramFor: (row: SplitRow) => readonly NgramModel[],
): Example[] {
  const out: Example[] = [];
  for (const row of rows) {
    const p = prepare(row.text);
    const s = p.scan;
    const sentences = s.sentenceStart.length;
    if (sentences === 0) continue;
    const lm = ngramFor(row);
    const example = (doc: boolean, a: number, b: number): Example => ({
      row,
      doc,
      words: wordCount(s, a, b),
      lexical: lexicalFeatures(s, tables, a, b),
      style: styleFeatures(s, tables, a, b),
      predictability: predictabilityFeatures(lm, s, a, b),
    });
    out.push(example(true, 0, sentences));
    if (p.chunks.length > 1) {
      for (const [a, b] of p.chunks) out.push(example(false, a, b));
    }
  }
  return out;
}

/** Each (source, label) weighs in proportion to the square root of its size; a text's weight is split between its whole and its chunks. */
function exampleWeights(examples: readonly Example[]): Float32Array {
  const groupSize = new Map<string, number>();
  const chunksOf = new Map<string, number>();
  for (const e of examples) {
    if (e.doc)
      groupSize.set(`${e.row.source}/${e.row.label}`, (groupSize.get(`${e.row.source}/${e.row.label}`) ?? 0) + 1);
    else chunksOf.set(e.row.id, (chunksOf.get(e.row.id) ?? 0) + 1);
  }
  return Float32Array.from(examples, (e) => {
    const size = groupSize.get(`${e.row.source}/${e.row.label}`)!;
    const perText = 1 / Math.sqrt(size);
    const chunks = chunksOf.get(e.row.id) ?? 0;
    if (chunks === 0) return perText;
    return e.doc ? perText / 2 : perText / 2 / chunks;
  });
}

function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Infinity;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[pos]!;
}

export function auroc(pos: readonly number[], neg: readonly number[]): number {
  const all = [...pos.map((s) => [s, 1] as const), ...neg.map((s) => [s, 0] as const)].sort((x, y) => x[0] - y[0]);
  let rank = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j]![0] === all[i]![0]) j++;
    for (let k = i; k < j; k++) if (all[k]![1] === 1) rank += (i + 1 + j) / 2;
    i = j;
  }
  return (rank - (pos.length * (pos.length + 1)) / 2) / (pos.length * neg.length);
}

interface Scored {
  readonly e: Example;
  readonly combined: number;
}

/** Human texts of one kind: a source and its domain (the keyword rule's guesses folded in). */
function humanGroup(row: SplitRow): string {
  return `${row.source}/${row.domain.replace('(rule)', '')}`;
}

/**
 * The flag's threshold for a set of calibration human scores: no source/domain with enough texts
 * has more than 0.5 % above it, nor the pool.
 */
function flagThreshold(humans: readonly Scored[]): number {
  const byGroup = new Map<string, number[]>();
  for (const h of humans) byGroup.set(humanGroup(h.e.row), [...(byGroup.get(humanGroup(h.e.row)) ?? []), h.combined]);
  let flag = quantile(
    humans.map((h) => h.combined),
    0.995,
  );
  for (const values of byGroup.values())
    if (values.length >= MIN_GROUP) flag = Math.max(flag, quantile(values, GROUP_QUANTILE));
  return flag;
}

/** The q-quantile of human scores with every source/domain weighing the same, whatever its size. */
function kindQuantile(humans: readonly Scored[], q: number): number {
  if (humans.length === 0) return Infinity;
  const size = new Map<string, number>();
  for (const h of humans) size.set(humanGroup(h.e.row), (size.get(humanGroup(h.e.row)) ?? 0) + 1);
  const sorted = [...humans].sort((a, b) => a.combined - b.combined);
  let seen = 0;
  for (const h of sorted) {
    seen += 1 / size.get(humanGroup(h.e.row))! / size.size;
    if (seen >= q - 1e-12) return h.combined;
  }
  return sorted[sorted.length - 1]!.combined;
}

/**
 * How much higher a kind of human writing that calibration did not have could score: for each
 * source/domain in turn, the threshold set without it, and how far its own 99.5th percentile lies
 * above that. The largest such shift is added to every flag threshold of the language, so that a
 * genre missing from the data (learners' essays, for a language trained on legal and how-to text)
 * meets the margin the known genres needed. With few kinds of human text the largest shift seen
 * understates the next one, so it is scaled by (g + 1) / g for g kinds measured.
 */
function genreShift(humans: readonly Scored[]): number {
  const groups = [...new Set(humans.map((h) => humanGroup(h.e.row)))];
  let shift = 0;
  let measured = 0;
  for (const g of groups) {
    const own = humans.filter((h) => humanGroup(h.e.row) === g).map((h) => h.combined);
    if (own.length < MIN_GROUP) continue;
    const others = humans.filter((h) => humanGroup(h.e.row) !== g);
    if (others.length < MIN_GROUP) continue;
    shift = Math.max(shift, quantile(own, GROUP_QUANTILE) - flagThreshold(others));
    measured++;
  }
  // With fewer than two kinds of human text nothing says how far a new kind may lie: the language
  // is then never flagged (its verdict stops at "potentially AI").
  // The largest of g observed shifts understates the next kind's: as for the range of g uniform
  // draws, scale it by (g + 1) / g.
  return measured < 2 ? NEVER : (shift * (measured + 1)) / measured;
}

/**
 * Every text's document score (documentCombined, as detect.ts computes it) from the combined scores
 * of its examples: the whole text and its chunks of MIN_CHUNK_WORDS words or more.
 */
function documentScores(examples: readonly Example[], combined: readonly number[], f: LanguageModelFile): Scored[] {
  const chunks = new Map<string, number[]>();
  examples.forEach((e, i) => {
    if (e.doc || e.words < MIN_CHUNK_WORDS) return;
    const list = chunks.get(e.row.id) ?? [];
    list.push(combined[i]!);
    chunks.set(e.row.id, list);
  });
  const out: Scored[] = [];
  examples.forEach((e, i) => {
    if (e.doc) out.push({ e, combined: documentCombined(f, combined[i]!, chunks.get(e.row.id) ?? []) });
  });
  return out;
}

function verdictThresholds(
  calibration: readonly Scored[],
  measuredShift: number,
): { verdict: VerdictThresholds[]; shift: number } {
  const docs = calibration.filter((s) => s.e.doc);
  const all = { human: docs.filter((s) => s.e.row.label === 'human'), ai: docs.filter((s) => s.e.row.label === 'ai') };
  const overall = flagThreshold(all.human);
  // the larger of the shift calibration shows and the one measured by leaving sources out (bench:ai)
  const shift = Math.max(genreShift(all.human), measuredShift);
  let lower = -Infinity;
  const verdict = LENGTH_BUCKETS.map((maxWords): VerdictThresholds => {
    const inBucket = (s: Scored): boolean => s.e.words > lower && (maxWords === null || s.e.words <= maxWords);
    const humans = all.human.filter(inBucket);
    const ais = all.ai.filter(inBucket);
    lower = maxWords ?? Infinity;
    const pooled = humans.map((h) => h.combined);
    const flag =
      (humans.length >= MIN_BUCKET ? flagThreshold(humans) : Math.max(overall, flagThreshold(humans))) + shift;
    const highly = Math.max(flag, quantile(pooled, 0.999) + shift);
    const most = Math.max(highly, Math.max(...pooled) + shift + 0.5);
    // every kind of human writing counts alike: a large set of very plain text (man pages, the Bible) would
    // otherwise pull the line down and leave ordinary prose "potentially AI"
    const potentially = Math.min(flag, kindQuantile(humans, 0.9));
    const likelyHuman = Math.min(
      potentially,
      quantile(
        ais.map((a) => a.combined),
        0.02,
      ),
    );
    return { maxWords, bounds: [likelyHuman, potentially, flag, highly, most] };
  });
  return { verdict, shift };
}

export interface TrainOptionsCli {
  readonly data: string;
  /** The local human-written sets (`npm run ai:data`), read beside `data`; null: none. */
  readonly local: string | null;
  readonly exclude: ReadonlySet<string>;
  readonly seed: number;
  readonly out: string;
  /** Where the new model's calibration goes (src/calibration.ts): default calibration.json beside the model; null: none. */
  readonly calibrationOut?: string | null;
  /**
   * Train only these languages and take the others from this model file (the leave-one-source-out benchmark,
   * whose left-out source is in one language, scores only that language).
   */
  readonly only?: { readonly languages: readonly DetectorLanguage[]; readonly rest: ModelFile };
  /**
   * A genre shift per language measured elsewhere (the leave-one-source-out table of `npm run bench:ai`: the shift
   * each source, left out of training and calibration, needed); the flag takes the larger of it and calibration's.
   */
  readonly genreShift?: Partial<Record<DetectorLanguage, number>>;
}

export function train(o: TrainOptionsCli): ModelFile {
  const started = Date.now();
  const rows = splitRows(readAllRows(o.data, o.local, o.exclude), o.seed);
  const sources = [...new Set(rows.map((r) => r.source))].sort();
  log(`${rows.length} texts from ${sources.join(', ')}`);
  const languages = {} as Record<DetectorLanguage, LanguageModelFile>;
  for (const language of ['en', 'es'] as const) {
    if (o.only !== undefined && !o.only.languages.includes(language)) {
      languages[language] = o.only.rest.languages[language];
      log(`${language}: not trained, taken from the model given`);
      continue;
    }
    const mine = rows.filter((r) => r.lang === language);
    const trainRows = mine.filter((r) => r.split === 'train');
    const tables = buildTables(language, trainRows);
    log(
      `${language}: ${trainRows.length} training texts; ${tables.keepList.length} kept words, ${tables.dictionaryList.length} dictionary words`,
    );
    const ngrams = buildNgrams(trainRows, tables.tokenCounts);
    for (const [k, n] of ngrams.full.entries()) {
      log(
        `${language}: ${NGRAM_MODELS[k]} trigram model: ${n.vocab.length} words, ${n.biKey.length} bigrams, ${n.triKey.length} trigrams`,
      );
    }
    const examples = examplesOf(mine, tables, (row) =>
      row.split === 'train' ? ngrams.folds[foldOf(row)]! : ngrams.models,
    );
    const trainExamples = examples.filter((e) => e.row.split === 'train');
    const weights = exampleWeights(trainExamples);
    log(`${language}: ${examples.length} examples (${trainExamples.length} for training)`);

    const lexRows = new SparseRowsBuilder();
    trainExamples.forEach((e, i) =>
      lexRows.add(e.lexical.index, e.lexical.value, e.row.label === 'ai' ? 1 : 0, weights[i]!),
    );
    const lexical = trainLogistic(lexRows.build(), {
      dim: LEXICAL_DIM,
      epochs: LEXICAL_EPOCHS,
      rate: 0.05,
      l2: LEXICAL_L2,
      random: seededRandom(o.seed),
    });
    log(`${language}: lexical model trained`);

    const style = meanSd(trainExamples, weights, (e) => e.style, STYLE_DIM);
    const trees = trainGbt(
      trainExamples.map((e) => denseInput(e.style, e.predictability)),
      Uint8Array.from(trainExamples, (e) => (e.row.label === 'ai' ? 1 : 0)),
      weights,
      DENSE_DIM,
      { ...DEFAULT_GBT, random: seededRandom(o.seed + 1) },
    );
    log(`${language}: boosted trees trained (${trees.trees} trees of depth ${trees.depth})`);

    const lexW = Float32Array.from(lexical.weights);
    const views = (e: Example): [number, number] => {
      let zl = lexical.bias;
      for (let k = 0; k < e.lexical.index.length; k++) zl += lexW[e.lexical.index[k]!]! * e.lexical.value[k]!;
      return [zl, treesLogit(trees, denseInput(e.style, e.predictability))];
    };
    const calibrationExamples = examples.filter((e) => e.row.split === 'calibration');
    const calWeights = exampleWeights(calibrationExamples);
    const combRows = new SparseRowsBuilder();
    const calViews = calibrationExamples.map(views);
    calibrationExamples.forEach((e, i) =>
      combRows.add([0, 1], calViews[i]!, e.row.label === 'ai' ? 1 : 0, calWeights[i]!),
    );
    const combRowsBuilt = combRows.build();
    const comb = trainLogistic(combRowsBuilt, {
      dim: 2,
      epochs: 30,
      rate: 0.05,
      l2: 0,
      random: seededRandom(o.seed + 2),
    });
    const combine = { lexical: comb.weights[0]!, dense: comb.weights[1]!, bias: comb.bias };
    const combinedOf = (zl: number, zd: number): number => combine.bias + combine.lexical * zl + combine.dense * zd;
    const calRaw = calibrationExamples.map((_, i) => logit(combRowsBuilt, i, comb.weights, comb.bias));
    log(
      `${language}: combination lexical ${combine.lexical.toFixed(3)}, dense ${combine.dense.toFixed(3)}, bias ${combine.bias.toFixed(3)}`,
    );
    const fileSoFar = { chunkBlend: CHUNK_BLEND } as LanguageModelFile;
    const calScored: Scored[] = documentScores(calibrationExamples, calRaw, fileSoFar);

    const humanChunks = calibrationExamples
      .map((e, i) => ({ e, z: calRaw[i]! }))
      .filter((s) => s.e.row.label === 'human' && (!s.e.doc || s.e.words <= 200))
      .map((s) => s.z);
    const chunk = { likely: quantile(humanChunks, 0.95), strong: quantile(humanChunks, 0.99) };
    const { verdict, shift } = verdictThresholds(calScored, o.genreShift?.[language] ?? 0);
    log(
      shift >= NEVER
        ? `${language}: WARNING fewer than two kinds of human text in calibration: this language will never be flagged`
        : `${language}: genre shift added to the flag thresholds ${shift.toFixed(3)}`,
    );

    languages[language] = {
      keep: tables.keepList,
      dictionary: tables.dictionaryList,
      lexical: { bias: lexical.bias, weights: encodeFloats(lexW) },
      style,
      predictability: { ngrams: ngrams.full.map(ngramToFile) },
      dense: treesToFile(trees),
      combine,
      chunkBlend: CHUNK_BLEND,
      chunk,
      verdict,
      genreShift: shift,
    };

    // a short look at the test side
    const testExamples = examples.filter((e) => e.row.split === 'test');
    const testViews = testExamples.map(views);
    const indexOf = new Map(testExamples.map((e, i) => [e, i]));
    const testScored = documentScores(
      testExamples,
      testViews.map(([zl, zd]) => combinedOf(zl, zd)),
      fileSoFar,
    );
    const bySource = new Map<
      string,
      { h: number[]; a: number[]; flagH: number; flagA: number; hv: number[][]; av: number[][] }
    >();
    testScored.forEach(({ e, combined: z }) => {
      const v = testViews[indexOf.get(e)!]!;
      const bucket = verdict.find((t) => t.maxWords === null || e.words <= t.maxWords)!;
      const flagged = z >= bucket.bounds[2];
      const key = `${e.row.source}${e.row.heldOut ? ' (held out)' : ''}`;
      const g = bySource.get(key) ?? { h: [], a: [], flagH: 0, flagA: 0, hv: [[], []], av: [[], []] };
      v.forEach((x, k) => (e.row.label === 'human' ? g.hv : g.av)[k]!.push(x));
      if (e.row.label === 'human') {
        g.h.push(z);
        if (flagged) g.flagH++;
      } else {
        g.a.push(z);
        if (flagged) g.flagA++;
      }
      bySource.set(key, g);
    });
    for (const [key, g] of [...bySource].sort()) {
      const both = g.h.length > 0 && g.a.length > 0;
      const a = both ? auroc(g.a, g.h).toFixed(3) : '  -  ';
      const perView = both ? ` (views ${[0, 1].map((k) => auroc(g.av[k]!, g.hv[k]!).toFixed(3)).join('/')})` : '';
      log(
        `${language} test ${key.padEnd(34)} human ${String(g.h.length).padStart(5)} ai ${String(g.a.length).padStart(5)}  AUROC ${a}  flag FPR ${(g.flagH / Math.max(g.h.length, 1)).toFixed(4)} TPR ${(g.flagA / Math.max(g.a.length, 1)).toFixed(3)}${perView}`,
      );
    }
  }
  const file: ModelFile = {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    trainedAt: new Date().toISOString().slice(0, 10),
    seed: o.seed,
    sources,
    languages,
  };
  mkdirSync(dirname(o.out), { recursive: true });
  writeFileSync(o.out, JSON.stringify(file) + '\n');
  log(`model written to ${o.out} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (o.calibrationOut !== null) {
    // how the new model's bands come out on its test side: the shares the result's plain sentence quotes
    const calibration = measureCalibration(modelFromFile(file), rows);
    const path = o.calibrationOut ?? join(dirname(o.out), 'calibration.json');
    writeCalibration(path, calibration);
    for (const line of describeCalibration(calibration)) log(`calibration: ${line}`);
    log(`calibration written to ${path}`);
  }
  return file;
}

/** `en=0.9,es=1.2` (logit units per language), as `--genre-shift` takes it. */
export function parseShift(text: string | undefined): Partial<Record<DetectorLanguage, number>> | undefined {
  if (text === undefined) return undefined;
  const out: Partial<Record<DetectorLanguage, number>> = {};
  for (const part of text.split(',')) {
    const m = /^(en|es)=(\d+(?:\.\d+)?)$/.exec(part.trim());
    if (m === null) throw new Error(`--genre-shift: "${part}" is not LANG=NUMBER (en=0.9,es=1.2)`);
    out[m[1] as DetectorLanguage] = Number(m[2]);
  }
  return out;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: DEFAULT_DATA },
      local: { type: 'string', default: DEFAULT_LOCAL },
      'no-local': { type: 'boolean', default: false },
      'no-calibration': { type: 'boolean', default: false },
      languages: { type: 'string' },
      'genre-shift': { type: 'string' },
      rest: { type: 'string', default: DEFAULT_MODEL_PATH },
      exclude: { type: 'string', default: '' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      out: { type: 'string', default: DEFAULT_MODEL_PATH },
    },
  });
  const exclude = new Set(values.exclude.split(',').filter((s) => s !== ''));
  const local = values['no-local'] ? null : resolve(values.local);
  if (local !== null && !existsSync(local)) {
    console.error(
      `${local} is missing: build the human-written sets with \`npm run ai:data\` (as root), or train without them with --no-local`,
    );
    process.exit(2);
  }
  train({
    data: resolve(values.data),
    local,
    exclude,
    seed: Number(values.seed),
    out: resolve(values.out),
    calibrationOut: values['no-calibration'] ? null : undefined,
    genreShift: parseShift(values['genre-shift']),
    only:
      values.languages === undefined
        ? undefined
        : {
            languages: values.languages.split(',').filter((l): l is DetectorLanguage => l === 'en' || l === 'es'),
            rest: JSON.parse(readFileSync(resolve(values.rest), 'utf8')) as ModelFile,
          },
  });
}

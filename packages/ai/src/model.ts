/**
 * The trained detector as stored on disk (one JSON file, versioned) and its scoring functions.
 * Per language: a logistic regression over the lexical view; boosted trees (src/trees.ts) over the
 * style rates and the predictability rates (src/ngram.ts: rates under trigram models of human and
 * of machine text), or in older files one logistic regression over each (standardised rates plus
 * their squares); and a linear combination of the views fitted on calibration text the others
 * never saw. Thresholds turn the combined score into reliability levels for chunks and, through
 * documentCombined, a verdict for the document.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DetectorLanguage } from './language.ts';
import { LEXICAL_DIM, STYLE_DIM, lexicalFeatures, styleFeatures, type FeatureTables, type Scan } from './features.ts';
import {
  PREDICTABILITY_DIM,
  ngramModel,
  predictabilityFeatures,
  type NgramArrays,
  type NgramFile,
  type NgramModel,
} from './ngram.ts';
import { decodeFloats, decodeInts, encodeInts } from './codec.ts';
import { treesFromFile, treesLogit, type Trees, type TreesFile } from './trees.ts';

export { decodeFloats, decodeInts, encodeFloats, encodeInts } from './codec.ts';

export const MODEL_FORMAT = 1;

/** Score thresholds (combined logit) of the six verdict levels' lower bounds, levels 1..5. */
export interface VerdictThresholds {
  /** Texts up to this many words use these thresholds (the last bucket has Infinity, stored as null). */
  readonly maxWords: number | null;
  /** Lower bounds of: likely human, potentially AI, likely AI (the flag), highly likely AI, most likely AI. */
  readonly bounds: readonly [number, number, number, number, number];
}

/** A logistic regression over standardised dense rates and their squares. */
export interface DenseView {
  readonly mean: readonly number[];
  readonly sd: readonly number[];
  readonly weights: readonly number[];
  readonly bias: number;
}

export interface LanguageModelFile {
  readonly keep: readonly string[];
  readonly dictionary: readonly string[];
  readonly lexical: { readonly bias: number; readonly weights: string };
  /**
   * The style rates' training mean and SD (what styleOutlier measures against), and in files
   * without `dense` a logistic regression over them.
   */
  readonly style: {
    readonly mean: readonly number[];
    readonly sd: readonly number[];
    readonly weights?: readonly number[];
    readonly bias?: number;
  };
  /**
   * The predictability view (optional: older model files have none): trigram models of human and
   * of machine text, and in files without `dense` a dense LR over their rates.
   */
  readonly predictability?: Partial<DenseView> & { readonly ngrams: readonly NgramFile[] };
  /** Boosted trees over the style rates followed by the predictability rates (denseInput); replaces the two dense LRs. */
  readonly dense?: TreesFile;
  readonly combine: {
    readonly lexical: number;
    readonly style?: number;
    readonly predictability?: number;
    readonly dense?: number;
    readonly bias: number;
  };
  /**
   * The share of the mean chunk score in the document score of a text of several chunks
   * (documentCombined); absent in older files (0: the whole text's score alone).
   */
  readonly chunkBlend?: number;
  /** Chunk reliability: 1 (likely) from `likely`, 2 (strong) from `strong`. */
  readonly chunk: { readonly likely: number; readonly strong: number };
  readonly verdict: readonly VerdictThresholds[];
  /** What train.ts added to every flag threshold for genres calibration did not have (see genreShift there). */
  readonly genreShift?: number;
}

export interface ModelFile {
  readonly format: number;
  readonly version: string;
  readonly trainedAt: string;
  readonly seed: number;
  readonly sources: readonly string[];
  readonly languages: Readonly<Record<DetectorLanguage, LanguageModelFile>>;
}

export interface LanguageModel {
  readonly tables: FeatureTables;
  readonly file: LanguageModelFile;
  readonly lexical: Float32Array;
  readonly ngrams: readonly NgramModel[];
  /** The boosted trees of `file.dense`, null for files with the two dense LRs. */
  readonly dense: Trees | null;
}

export interface Model {
  readonly version: string;
  readonly file: ModelFile;
  readonly languages: Readonly<Record<DetectorLanguage, LanguageModel>>;
}

export function ngramToFile(a: NgramArrays): NgramFile {
  return {
    vocab: a.vocab,
    unigram: encodeInts(a.unigram),
    total: a.total,
    context: encodeInts(a.context),
    bigram: {
      key: encodeInts(a.biKey),
      count: encodeInts(a.biCount),
      total: encodeInts(a.biTotal),
      distinct: encodeInts(a.biDistinct),
      top: encodeInts(a.biTop),
    },
    trigram: { key: encodeInts(a.triKey), count: encodeInts(a.triCount) },
  };
}

export function ngramFromFile(f: NgramFile): NgramModel {
  return ngramModel({
    vocab: f.vocab,
    unigram: decodeInts(f.unigram),
    total: f.total,
    context: decodeInts(f.context),
    biKey: decodeInts(f.bigram.key),
    biCount: decodeInts(f.bigram.count),
    biTotal: decodeInts(f.bigram.total),
    biDistinct: decodeInts(f.bigram.distinct),
    biTop: decodeInts(f.bigram.top),
    triKey: decodeInts(f.trigram.key),
    triCount: decodeInts(f.trigram.count),
  });
}

function tablesOf(language: DetectorLanguage, f: LanguageModelFile): FeatureTables {
  return { language, keep: new Set(f.keep), dictionary: new Set(f.dictionary) };
}

/** The boosted trees' input: the style rates, then the predictability rates. */
export const DENSE_DIM = STYLE_DIM + PREDICTABILITY_DIM;

export function denseInput(style: Float64Array, predictability: Float64Array): Float64Array {
  const x = new Float64Array(DENSE_DIM);
  x.set(style.subarray(0, STYLE_DIM), 0);
  x.set(predictability.subarray(0, PREDICTABILITY_DIM), STYLE_DIM);
  return x;
}

export function modelFromFile(file: ModelFile): Model {
  if (file.format !== MODEL_FORMAT)
    throw new Error(`AI model format ${file.format} is not supported (expected ${MODEL_FORMAT})`);
  const build = (language: DetectorLanguage): LanguageModel => {
    const f = file.languages[language];
    const lexical = decodeFloats(f.lexical.weights);
    if (lexical.length !== LEXICAL_DIM)
      throw new Error(
        `AI model (${language}): lexical weights have ${lexical.length} entries, expected ${LEXICAL_DIM}`,
      );
    if (f.style.mean.length !== STYLE_DIM || f.style.sd.length !== STYLE_DIM) {
      throw new Error(`AI model (${language}): style part does not match the ${STYLE_DIM} style features`);
    }
    const p = f.predictability;
    const ngrams = p === undefined ? [] : p.ngrams.map(ngramFromFile);
    if (f.dense !== undefined) {
      if (p === undefined) throw new Error(`AI model (${language}): boosted trees need the predictability view`);
      const dense = treesFromFile(f.dense, DENSE_DIM);
      return { tables: tablesOf(language, f), file: f, lexical, ngrams, dense };
    }
    if (f.style.weights?.length !== 2 * STYLE_DIM) {
      throw new Error(`AI model (${language}): style part does not match the ${STYLE_DIM} style features`);
    }
    if (
      p !== undefined &&
      (p.mean?.length !== PREDICTABILITY_DIM ||
        p.sd?.length !== PREDICTABILITY_DIM ||
        p.weights?.length !== 2 * PREDICTABILITY_DIM)
    ) {
      throw new Error(`AI model (${language}): predictability part does not match the ${PREDICTABILITY_DIM} features`);
    }
    return { tables: tablesOf(language, f), file: f, lexical, ngrams, dense: null };
  };
  return { version: file.version, file, languages: { en: build('en'), es: build('es') } };
}

export const DEFAULT_MODEL_PATH = fileURLToPath(new URL('../model/veritext-ai.json', import.meta.url));

let loaded: Model | undefined;

/** The committed model, read once per process. */
export function defaultModel(): Model {
  loaded ??= modelFromFile(JSON.parse(readFileSync(DEFAULT_MODEL_PATH, 'utf8')) as ModelFile);
  return loaded;
}

export interface ViewScores {
  readonly lexical: number;
  /** 0 when the model has boosted trees instead. */
  readonly style: number;
  /** 0 when the model has no predictability view or boosted trees instead. */
  readonly predictability: number;
  /** The boosted trees' logit; 0 when the model has the two dense LRs instead. */
  readonly dense: number;
  readonly combined: number;
  /** See styleOutlier. */
  readonly styleOutlier: number;
}

export function lexicalLogit(m: LanguageModel, s: Scan, from: number, to: number): number {
  const x = lexicalFeatures(s, m.tables, from, to);
  let z = m.file.lexical.bias;
  for (let i = 0; i < x.index.length; i++) z += m.lexical[x.index[i]!]! * x.value[i]!;
  return z;
}

export function styleLogit(m: LanguageModel, s: Scan, from: number, to: number): number {
  return styleLogitOf(m.file.style, styleFeatures(s, m.tables, from, to));
}

export function styleLogitOf(style: LanguageModelFile['style'], f: Float64Array): number {
  if (style.weights === undefined) return 0;
  return denseLogit({ mean: style.mean, sd: style.sd, weights: style.weights, bias: style.bias ?? 0 }, f);
}

/** A dense view's logit: each rate standardised and clipped, weighted with its square. */
export function denseLogit(view: DenseView, f: Float64Array): number {
  const dim = view.mean.length;
  let z = view.bias;
  for (let i = 0; i < dim; i++) {
    const v = clampZ((f[i]! - view.mean[i]!) / view.sd[i]!);
    z += view.weights[i]! * v + view.weights[dim + i]! * v * v;
  }
  return z;
}

export function predictabilityLogit(m: LanguageModel, s: Scan, from: number, to: number): number {
  const p = m.file.predictability;
  if (p?.mean === undefined || p.sd === undefined || p.weights === undefined) return 0;
  const view = { mean: p.mean, sd: p.sd, weights: p.weights, bias: p.bias ?? 0 };
  return denseLogit(view, predictabilityFeatures(m.ngrams, s, from, to));
}

/** Standardised rates are clipped so that one freak value cannot decide a verdict. */
export function clampZ(v: number): number {
  return v > 6 ? 6 : v < -6 ? -6 : v;
}

/**
 * How far the text's style lies outside what training saw: the largest distance, in standard
 * deviations of the training texts, of any style rate from its training mean (unclipped).
 */
export function styleOutlier(
  style: { readonly mean: readonly number[]; readonly sd: readonly number[] },
  f: Float64Array,
): number {
  let max = 0;
  for (let i = 0; i < STYLE_DIM; i++) {
    const z = Math.abs((f[i]! - style.mean[i]!) / style.sd[i]!);
    if (z > max) max = z;
  }
  return max;
}

export function scoreSentences(m: LanguageModel, s: Scan, from: number, to: number): ViewScores {
  const lexical = lexicalLogit(m, s, from, to);
  const features = styleFeatures(s, m.tables, from, to);
  const outlier = styleOutlier(m.file.style, features);
  const c = m.file.combine;
  if (m.dense !== null) {
    const dense = treesLogit(m.dense, denseInput(features, predictabilityFeatures(m.ngrams, s, from, to)));
    return {
      lexical,
      style: 0,
      predictability: 0,
      dense,
      combined: c.bias + c.lexical * lexical + (c.dense ?? 0) * dense,
      styleOutlier: outlier,
    };
  }
  const style = styleLogitOf(m.file.style, features);
  const predictability = predictabilityLogit(m, s, from, to);
  return {
    lexical,
    style,
    predictability,
    dense: 0,
    combined: c.bias + c.lexical * lexical + (c.style ?? 0) * style + (c.predictability ?? 0) * predictability,
    styleOutlier: outlier,
  };
}

/**
 * The document's combined score, the one its verdict thresholds are set on (train.ts) and read
 * against (detect.ts): for a text of several scored chunks, the whole text's score blended with the
 * mean of its chunks' scores (the file's chunkBlend, 0 in older files); otherwise the whole text's.
 */
export function documentCombined(f: LanguageModelFile, whole: number, chunks: readonly number[]): number {
  const blend = f.chunkBlend ?? 0;
  if (chunks.length < 2 || blend === 0) return whole;
  let sum = 0;
  for (const z of chunks) sum += z;
  return (1 - blend) * whole + (blend * sum) / chunks.length;
}

/**
 * The trained detector as stored on disk (one JSON file, versioned) and its scoring functions.
 * Per language: a logistic regression over the lexical view, one over the style view (each rate
 * standardised, plus its square so that "too regular" and "too irregular" can both count), one
 * over the predictability view (src/ngram.ts: rates under trigram models of human and of machine
 * text, treated like the style rates; absent from older files), and a linear combination of the
 * views fitted on calibration text the others never saw. Thresholds
 * turn the combined score into reliability levels for chunks and a verdict for the document.
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
  readonly style: {
    readonly mean: readonly number[];
    readonly sd: readonly number[];
    readonly weights: readonly number[];
    readonly bias: number;
  };
  /** The predictability view (optional: older model files have none): a trigram model and a dense LR over its rates. */
  readonly predictability?: DenseView & { readonly ngrams: readonly NgramFile[] };
  readonly combine: {
    readonly lexical: number;
    readonly style: number;
    readonly predictability?: number;
    readonly bias: number;
  };
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
}

export interface Model {
  readonly version: string;
  readonly file: ModelFile;
  readonly languages: Readonly<Record<DetectorLanguage, LanguageModel>>;
}

export function encodeFloats(values: Float32Array): string {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
}

export function decodeFloats(encoded: string): Float32Array {
  const bytes = Buffer.from(encoded, 'base64');
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

export function encodeInts(values: Int32Array): string {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
}

export function decodeInts(encoded: string): Int32Array {
  const bytes = Buffer.from(encoded, 'base64');
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Int32Array(copy.buffer);
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
    if (f.style.mean.length !== STYLE_DIM || f.style.weights.length !== 2 * STYLE_DIM) {
      throw new Error(`AI model (${language}): style part does not match the ${STYLE_DIM} style features`);
    }
    const p = f.predictability;
    if (p !== undefined && (p.mean.length !== PREDICTABILITY_DIM || p.weights.length !== 2 * PREDICTABILITY_DIM)) {
      throw new Error(`AI model (${language}): predictability part does not match the ${PREDICTABILITY_DIM} features`);
    }
    const ngrams = p === undefined ? [] : p.ngrams.map(ngramFromFile);
    return { tables: { language, keep: new Set(f.keep), dictionary: new Set(f.dictionary) }, file: f, lexical, ngrams };
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
  readonly style: number;
  /** 0 when the model has no predictability view. */
  readonly predictability: number;
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

export function styleLogitOf(style: DenseView, f: Float64Array): number {
  return denseLogit(style, f);
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
  if (p === undefined) return 0;
  return denseLogit(p, predictabilityFeatures(m.ngrams, s, from, to));
}

/** Standardised rates are clipped so that one freak value cannot decide a verdict. */
export function clampZ(v: number): number {
  return v > 6 ? 6 : v < -6 ? -6 : v;
}

/**
 * How far the text's style lies outside what training saw: the largest distance, in standard
 * deviations of the training texts, of any style rate from its training mean (unclipped).
 */
export function styleOutlier(style: DenseView, f: Float64Array): number {
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
  const style = styleLogitOf(m.file.style, features);
  const predictability = predictabilityLogit(m, s, from, to);
  const c = m.file.combine;
  return {
    lexical,
    style,
    predictability,
    combined: c.bias + c.lexical * lexical + c.style * style + (c.predictability ?? 0) * predictability,
    styleOutlier: styleOutlier(m.file.style, features),
  };
}

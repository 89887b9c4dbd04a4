/**
 * The trained detector as stored on disk (one JSON file, versioned) and its scoring functions.
 * Per language: a logistic regression over the lexical view, one over the style view (each rate
 * standardised, plus its square so that "too regular" and "too irregular" can both count), and a
 * two-weight combination of the two fitted on calibration text the others never saw. Thresholds
 * turn the combined score into reliability levels for chunks and a verdict for the document.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DetectorLanguage } from './language.ts';
import { LEXICAL_DIM, STYLE_DIM, lexicalFeatures, styleFeatures, type FeatureTables, type Scan } from './features.ts';

export const MODEL_FORMAT = 1;

/** Score thresholds (combined logit) of the six verdict levels' lower bounds, levels 1..5. */
export interface VerdictThresholds {
  /** Texts up to this many words use these thresholds (the last bucket has Infinity, stored as null). */
  readonly maxWords: number | null;
  /** Lower bounds of: likely human, potentially AI, likely AI (the flag), highly likely AI, most likely AI. */
  readonly bounds: readonly [number, number, number, number, number];
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
  readonly combine: { readonly lexical: number; readonly style: number; readonly bias: number };
  /** Chunk reliability: 1 (likely) from `likely`, 2 (strong) from `strong`. */
  readonly chunk: { readonly likely: number; readonly strong: number };
  readonly verdict: readonly VerdictThresholds[];
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

export function modelFromFile(file: ModelFile): Model {
  if (file.format !== MODEL_FORMAT) throw new Error(`AI model format ${file.format} is not supported (expected ${MODEL_FORMAT})`);
  const build = (language: DetectorLanguage): LanguageModel => {
    const f = file.languages[language];
    const lexical = decodeFloats(f.lexical.weights);
    if (lexical.length !== LEXICAL_DIM) throw new Error(`AI model (${language}): lexical weights have ${lexical.length} entries, expected ${LEXICAL_DIM}`);
    if (f.style.mean.length !== STYLE_DIM || f.style.weights.length !== 2 * STYLE_DIM) {
      throw new Error(`AI model (${language}): style part does not match the ${STYLE_DIM} style features`);
    }
    return { tables: { language, keep: new Set(f.keep), dictionary: new Set(f.dictionary) }, file: f, lexical };
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
  readonly combined: number;
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
  let z = style.bias;
  for (let i = 0; i < STYLE_DIM; i++) {
    const v = clampZ((f[i]! - style.mean[i]!) / style.sd[i]!);
    z += style.weights[i]! * v + style.weights[STYLE_DIM + i]! * v * v;
  }
  return z;
}

/** Standardised rates are clipped so that one freak value cannot decide a verdict. */
export function clampZ(v: number): number {
  return v > 6 ? 6 : v < -6 ? -6 : v;
}

export function scoreSentences(m: LanguageModel, s: Scan, from: number, to: number): ViewScores {
  const lexical = lexicalLogit(m, s, from, to);
  const style = styleLogit(m, s, from, to);
  const c = m.file.combine;
  return { lexical, style, combined: c.bias + c.lexical * lexical + c.style * style };
}

/**
 * The detector behind /api/v1/chat-gpt/ and the AI part of the similarity report: from a text to
 * the spec's AI result (chunks with character positions and reliability, processed / likely /
 * strong percentages) plus a document score and a verdict on the six levels of
 * commerce-and-cabinet.md §4.
 *
 * The headline rule (the only thing that tells a reader "this text is AI-written"): the verdict is
 * "likely AI" or higher, i.e. the document's combined score reaches the flag threshold of its
 * language and length, set in training so that no source or domain of the calibration human texts
 * has more than 1% above it. Chunk marks never say more than the headline: a text that is not
 * flagged shows at most "likely" chunks, and only where a chunk alone would be "strong".
 */
import { countSymbols, countWords } from '@veritext/text';
import { identifyLanguage, type DetectorLanguage } from './language.ts';
import {
  defaultModel,
  documentCombined,
  scoreSentences,
  type LanguageModel,
  type Model,
  type VerdictThresholds,
} from './model.ts';
import { prepare } from './prepare.ts';
import { wordCount } from './features.ts';

/** 97 pages of 275 words. */
export const MAX_WORDS = 26_675;
/** Letters and digits; spaces and special characters do not count. */
export const MIN_CHARACTERS = 250;
/** A chunk with fewer words than this is left unscored (a heading, a list of numbers). */
export const MIN_CHUNK_WORDS = 8;

export const VERDICTS = [
  'human-written',
  'likely human',
  'potentially AI',
  'likely AI',
  'highly likely AI',
  'most likely AI',
] as const;
export type Verdict = (typeof VERDICTS)[number];
/** The first level at which the headline says the text is AI-written. */
export const FLAG_LEVEL = 3;
/**
 * A text with any style rate this many standard deviations from the training texts' mean is of a
 * kind training never saw (a first-person narrative for a model that learnt Spanish from legal,
 * how-to and encyclopedia text): its verdict stops at "potentially AI" and its score below 0.5.
 */
export const UNFAMILIAR_STYLE_Z = 6;

export type AiStatus = 'ok' | 'too_short' | 'too_long' | 'unsupported_language';

/** The spec's numeric AI statuses (check-tool.md §4): 5 too short, 8 too long, 9 language; anything else is done. */
export const AI_STATUS_CODE: Readonly<Record<AiStatus, number>> = {
  ok: 4,
  too_short: 5,
  too_long: 8,
  unsupported_language: 9,
};

export type Reliability = 0 | 1 | 2;

export interface AiChunk {
  /** [start, end) character offsets in the submitted text; the chunks tile it end to end. */
  readonly position: readonly [number, number];
  readonly reliability: Reliability;
  /** The chunk's own score, 0..1 (null when the chunk was too short to score). */
  readonly score: number | null;
}

export interface AiDetection {
  readonly status: AiStatus;
  /** The language checked (detected, or forced), null when unsupported. */
  readonly lang: DetectorLanguage | null;
  /** What the identifier saw (ISO code, 'und' when unsure), even when a language was forced. */
  readonly detectedLanguage: string;
  readonly words: number;
  /** 0..1, higher = more likely AI-written; null when the text was not checked. */
  readonly score: number | null;
  readonly level: number | null;
  readonly verdict: Verdict | null;
  readonly flagged: boolean;
  /** The text's style lies outside what the model was trained on, so the verdict was capped. */
  readonly unfamiliar: boolean;
  readonly chunks: readonly AiChunk[];
  readonly processed_percent: number;
  readonly likely_percent: number;
  readonly strong_percent: number;
  readonly modelVersion: string;
}

export interface DetectOptions {
  /** Check as this language whatever the identifier says (the spec's force_language). */
  readonly forceLanguage?: DetectorLanguage | null;
  readonly model?: Model;
}

/** Letters and digits: the symbols of packages/text, which the check form and the text check count too. */
export function significantCharacters(text: string): number {
  return countSymbols(text).symbols;
}

function notChecked(
  status: AiStatus,
  lang: DetectorLanguage | null,
  detectedLanguage: string,
  words: number,
  model: Model,
): AiDetection {
  return {
    status,
    lang,
    detectedLanguage,
    words,
    score: null,
    level: null,
    verdict: null,
    flagged: false,
    unfamiliar: false,
    chunks: [],
    processed_percent: 0,
    likely_percent: 0,
    strong_percent: 0,
    modelVersion: model.version,
  };
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

function bucketOf(lm: LanguageModel, words: number): VerdictThresholds {
  const buckets = lm.file.verdict;
  return buckets.find((b) => b.maxWords === null || words <= b.maxWords) ?? buckets[buckets.length - 1]!;
}

export function verdictLevel(lm: LanguageModel, combined: number, words: number): number {
  let level = 0;
  for (const bound of bucketOf(lm, words).bounds) if (combined >= bound) level++;
  return level;
}

/**
 * The document score: the combined logit measured from the flag threshold of the text's language
 * and length, through a logistic curve. 0.5 is where the headline starts to say "AI-written", in
 * either language and at any length, so scores compare across them.
 */
export function documentScore(lm: LanguageModel, combined: number, words: number): number {
  return sigmoid(combined - bucketOf(lm, words).bounds[FLAG_LEVEL - 1]!);
}

export function detectAi(text: string, options: DetectOptions = {}): AiDetection {
  const model = options.model ?? defaultModel();
  const words = countWords(text);
  const forced = options.forceLanguage ?? null;
  if (words > MAX_WORDS) {
    const guess = identifyLanguage(text.slice(0, 20_000));
    return notChecked('too_long', forced ?? guess.lang, guess.code, words, model);
  }
  // markup, invisible characters and look-alike letters are undone before anything is counted
  const p = prepare(text);
  const s = p.scan;
  const guess = identifyLanguage(s.text);
  const sentences = s.sentenceStart.length;
  if (significantCharacters(s.text) < MIN_CHARACTERS || sentences === 0) {
    return notChecked('too_short', forced ?? guess.lang, guess.code, words, model);
  }
  const lang = forced ?? guess.lang;
  if (lang === null) return notChecked('unsupported_language', null, guess.code, words, model);
  const lm = model.languages[lang];
  const doc = scoreSentences(lm, s, 0, sentences);
  const docWords = wordCount(s, 0, sentences);
  // chunks: scored alone (a text of one chunk is its own chunk)
  const raw = p.chunks.map(([a, b]) => {
    const n = wordCount(s, a, b);
    if (n < MIN_CHUNK_WORDS) return null;
    return p.chunks.length === 1 ? doc.combined : scoreSentences(lm, s, a, b).combined;
  });
  const combined = documentCombined(
    lm.file,
    doc.combined,
    raw.filter((z): z is number => z !== null),
  );
  const unfamiliar = doc.styleOutlier >= UNFAMILIAR_STYLE_Z;
  const level = Math.min(verdictLevel(lm, combined, docWords), unfamiliar ? FLAG_LEVEL - 1 : VERDICTS.length - 1);
  const flagged = level >= FLAG_LEVEL;
  const score = documentScore(lm, combined, docWords) * (unfamiliar ? 0.5 : 1);

  // each chunk's mark capped by what the headline says
  const { likely, strong } = lm.file.chunk;
  const chunks: AiChunk[] = [];
  const length = text.length;
  let processed = 0;
  let likelyChars = 0;
  let strongChars = 0;
  p.chunks.forEach(([, b], i) => {
    const start = i === 0 ? 0 : chunks[i - 1]!.position[1];
    const end = i === p.chunks.length - 1 ? length : p.toOriginalStart(s.start[s.sentenceStart[b]!]!);
    const z = raw[i] ?? null;
    let reliability: Reliability = 0;
    if (z !== null) {
      const own: Reliability = z >= strong ? 2 : z >= likely ? 1 : 0;
      reliability = flagged ? own : level === FLAG_LEVEL - 1 ? (own > 0 ? 1 : 0) : own === 2 ? 1 : 0;
      processed += end - start;
      if (reliability === 1) likelyChars += end - start;
      if (reliability === 2) strongChars += end - start;
    }
    chunks.push({
      position: [start, Math.max(start, end)],
      reliability,
      score: z === null ? null : round(sigmoid(z), 4),
    });
  });
  const percent = (n: number): number => (length > 0 ? round((100 * n) / length, 2) : 0);
  return {
    status: 'ok',
    lang,
    detectedLanguage: guess.code,
    words,
    // six significant digits, not decimals: far below a flag line (Spanish's is far out) scores are tiny, and
    // rounding them to 0 would tie texts that the detector does tell apart
    score: Number(score.toPrecision(6)),
    level,
    verdict: VERDICTS[level]!,
    flagged,
    unfamiliar,
    chunks,
    processed_percent: percent(processed),
    likely_percent: percent(likelyChars),
    strong_percent: percent(strongChars),
    modelVersion: model.version,
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

import {
  deobfuscate,
  type Deobfuscated,
  type HiddenRange,
  type Language,
  type Token,
  type Trick,
} from '@veritext/text';
import { alignTexts, DEFAULT_ALIGN_PARAMS, type AlignParams } from './align.ts';
import { verbatimShare } from './classify.ts';
import { DEFAULT_FINGERPRINT_PARAMS, fingerprint, type FingerprintParams } from './fingerprint.ts';
import { prepareText, type PreparedText } from './prepare.ts';
import { DEFAULT_RETRIEVAL_PARAMS, rankCandidates, type Candidate, type RetrievalParams } from './retrieve.ts';
import type { FingerprintStore, IndexedSource } from './store.ts';
import type { Match } from './types.ts';

export interface EngineParams {
  readonly fingerprint: FingerprintParams;
  readonly retrieval: RetrievalParams;
  readonly align: AlignParams;
  /** A passage whose words are at least this share verbatim is `identical`, otherwise `changed`. */
  readonly identicalShare: number;
}

export const DEFAULT_ENGINE_PARAMS: EngineParams = {
  fingerprint: DEFAULT_FINGERPRINT_PARAMS,
  retrieval: DEFAULT_RETRIEVAL_PARAMS,
  align: DEFAULT_ALIGN_PARAMS,
  identicalShare: 0.8,
};

export interface CheckInput {
  readonly text: string;
  readonly language?: Language;
  /** Ranges the file format showed invisibly (white or tiny text), from extraction. */
  readonly hidden?: readonly HiddenRange[];
  /** Only sources of these collections (all when absent). */
  readonly collections?: readonly string[];
}

export interface CheckResult {
  readonly language: Language;
  readonly candidates: readonly Candidate[];
  /** Offsets into the text as given. */
  readonly matches: readonly Match[];
  /** Tricks found in the checked text (homoglyphs, invisible characters, spaced letters, hidden text). */
  readonly tricks: readonly Trick[];
  readonly sources: ReadonlyMap<string, IndexedSource>;
}

/** A source text cleaned and analysed, kept so that indexing and checking in one process do it once. */
interface PreparedSource {
  readonly original: string;
  readonly clean: Deobfuscated;
  readonly prepared: PreparedText;
}

/** Optional memo of analysed sources by id (the acceptance CLI indexes and checks in one process). */
export type PreparedCache = Map<string, PreparedSource>;

function prepareSource(
  id: string,
  text: string,
  cache: PreparedCache | undefined,
  language: Language | undefined,
): PreparedSource {
  const hit = cache?.get(id);
  if (hit?.original === text) return hit;
  const clean = deobfuscate(text);
  const prepared = { original: text, clean, prepared: prepareText(clean.text, language) };
  cache?.set(id, prepared);
  return prepared;
}

/** Fingerprints a source and adds it to the index. */
export async function indexSource(
  store: FingerprintStore,
  source: IndexedSource,
  params: EngineParams = DEFAULT_ENGINE_PARAMS,
  cache?: PreparedCache,
): Promise<void> {
  await store.add(source, sourceKeys(source, params, cache));
}

/** The keys a source is indexed under (exported for bulk loaders that batch their writes). */
export function sourceKeys(
  source: Pick<IndexedSource, 'id' | 'text' | 'language'>,
  params: EngineParams = DEFAULT_ENGINE_PARAMS,
  cache?: PreparedCache,
): number[] {
  return fingerprint(prepareSource(source.id, source.text, cache, source.language).prepared.tokens, params.fingerprint);
}

/** Checks a text against the index: retrieve candidate sources, align each, classify the passages. */
export async function checkText(
  store: FingerprintStore,
  input: CheckInput,
  params: EngineParams = DEFAULT_ENGINE_PARAMS,
  cache?: PreparedCache,
): Promise<CheckResult> {
  const clean = deobfuscate(input.text, input.hidden);
  const susp = prepareText(clean.text, input.language);
  const keys = fingerprint(susp.tokens, params.fingerprint);
  const lookup =
    input.collections === undefined
      ? { maxDf: params.retrieval.maxDf }
      : { maxDf: params.retrieval.maxDf, collections: input.collections };
  const [postings, sourceCount] = await Promise.all([store.lookup(keys, lookup), store.count()]);
  const candidates = rankCandidates(postings, sourceCount, params.retrieval);
  const sources = await store.getSources(candidates.map((c) => c.sourceId));
  const matches: Match[] = [];
  for (const candidate of candidates) {
    const source = sources.get(candidate.sourceId);
    if (source === undefined) continue;
    const prepared = prepareSource(source.id, source.text, cache, source.language);
    for (const match of alignSource(susp, candidate.sourceId, prepared.prepared, params)) {
      matches.push(toOriginal(match, clean, prepared.clean));
    }
  }
  matches.sort((a, b) => a.suspStart - b.suspStart || a.suspEnd - b.suspEnd);
  return { language: susp.language, candidates, matches, tricks: clean.tricks, sources };
}

/** Aligns a prepared text with one source and classifies each passage. Pure. */
export function alignSource(
  susp: PreparedText,
  sourceId: string,
  src: PreparedText,
  params: EngineParams = DEFAULT_ENGINE_PARAMS,
): Match[] {
  return alignTexts(susp, src, params.align).map((a) => {
    const share = verbatimShare(
      tokensIn(susp.tokens, a.suspStart, a.suspEnd),
      susp.text,
      tokensIn(src.tokens, a.srcStart, a.srcEnd),
      src.text,
    );
    return { ...a, sourceId, kind: share >= params.identicalShare ? 'identical' : 'changed' };
  });
}

function toOriginal(match: Match, susp: Deobfuscated, src: Deobfuscated): Match {
  return {
    ...match,
    suspStart: susp.toOriginalStart(match.suspStart),
    suspEnd: susp.toOriginalEnd(match.suspEnd),
    srcStart: src.toOriginalStart(match.srcStart),
    srcEnd: src.toOriginalEnd(match.srcEnd),
  };
}

function tokensIn(tokens: readonly Token[], start: number, end: number): readonly Token[] {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.start < start) lo = mid + 1;
    else hi = mid;
  }
  let last = lo;
  while (last < tokens.length && tokens[last]!.end <= end) last++;
  return tokens.slice(lo, last);
}

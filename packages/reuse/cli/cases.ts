/**
 * One case of the dev and acceptance sets (../shared/data/plag/README.md) through the product's engine: a
 * fresh index of the case's own sources, then a check. Shared by `reuse:detect` and `bench:reuse`, so the
 * benchmark measures exactly what acceptance runs.
 */
import type { Language } from '@veritext/text';
import { checkText, DEFAULT_ENGINE_PARAMS, indexSource, type EngineParams, type PreparedCache } from '../src/engine.ts';
import { MemoryStore } from '../src/memory-store.ts';

export interface PlagCase {
  readonly id: string;
  readonly lang?: string;
  readonly susp_text: string;
  readonly sources: readonly { readonly src_id: string; readonly text: string; readonly lang?: string }[];
  readonly doc_plagiarised?: boolean;
}

export interface Detection {
  readonly susp_offset: number;
  readonly susp_length: number;
  readonly src_id: string;
  readonly src_offset: number;
  readonly src_length: number;
}

/** A line of the detections file `pan-measures.mjs` reads. */
export interface DetectionLine {
  readonly case_id: string;
  readonly detections: readonly Detection[];
  readonly plagiarised?: boolean;
}

/** The case's own language label, when it is one the engine knows (otherwise the engine detects it). */
function languageOf(lang: string | undefined): { language?: Language } {
  return lang === 'en' || lang === 'es' ? { language: lang } : {};
}

export async function detectCase(c: PlagCase, params: EngineParams = DEFAULT_ENGINE_PARAMS): Promise<DetectionLine> {
  const store = new MemoryStore();
  const cache: PreparedCache = new Map();
  for (const source of c.sources) {
    const indexed = { id: source.src_id, text: source.text, collection: 'case', title: source.src_id, url: null };
    await indexSource(store, { ...indexed, ...languageOf(source.lang) }, params, cache);
  }
  const result = await checkText(store, { text: c.susp_text, ...languageOf(c.lang) }, params, cache);
  const detections = result.matches.map((m) => ({
    susp_offset: m.suspStart,
    susp_length: m.suspEnd - m.suspStart,
    src_id: m.sourceId,
    src_offset: m.srcStart,
    src_length: m.srcEnd - m.srcStart,
  }));
  // Document-label cases (Clough) also get the document verdict: any reported passage.
  return c.doc_plagiarised === undefined
    ? { case_id: c.id, detections }
    : { case_id: c.id, detections, plagiarised: detections.length > 0 };
}

export function caseCharacters(c: PlagCase): number {
  return c.susp_text.length + c.sources.reduce((sum, s) => sum + s.text.length, 0);
}

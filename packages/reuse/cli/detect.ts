/**
 * Acceptance CLI: `npm run --silent reuse:detect -- --cases CASES.jsonl --out DETECTIONS.jsonl`.
 * For each case (shared/data/plag format) it indexes the case's own sources in a fresh index, checks the
 * suspicious text against that index with the product's engine, and writes one detections line. Nothing is
 * printed on stdout; a summary goes to stderr.
 *
 * For tuning only: REUSE_TUNE may hold JSON that overrides alignment parameters (AlignParams), e.g.
 * REUSE_TUNE='{"seedCosine":0.3}'. The defaults are the tuned ones; the product never reads it.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { checkText, DEFAULT_ENGINE_PARAMS, indexSource, type EngineParams, type PreparedCache } from '../src/engine.ts';
import { MemoryStore } from '../src/memory-store.ts';
import type { Language } from '@veritext/text';

interface PlagCase {
  readonly id: string;
  readonly lang?: string;
  readonly susp_text: string;
  readonly sources: readonly { readonly src_id: string; readonly text: string; readonly lang?: string }[];
  readonly doc_plagiarised?: boolean;
}

/** The case's own language label, when it is one the engine knows. */
const languageOf = (lang: string | undefined): { language?: Language } =>
  lang === 'en' || lang === 'es' ? { language: lang } : {};

const { values } = parseArgs({ options: { cases: { type: 'string' }, out: { type: 'string' } } });
if (values.cases === undefined || values.out === undefined) {
  process.stderr.write('usage: reuse:detect --cases CASES.jsonl --out DETECTIONS.jsonl\n');
  process.exit(2);
}

const tuning =
  process.env.REUSE_TUNE === undefined ? {} : (JSON.parse(process.env.REUSE_TUNE) as Partial<EngineParams['align']>);
const params: EngineParams = { ...DEFAULT_ENGINE_PARAMS, align: { ...DEFAULT_ENGINE_PARAMS.align, ...tuning } };
const out = createWriteStream(values.out);
const lines = createInterface({ input: createReadStream(values.cases, 'utf8'), crlfDelay: Infinity });
let cases = 0;
let characters = 0;
const began = performance.now();
for await (const line of lines) {
  if (line.trim() === '') continue;
  const c = JSON.parse(line) as PlagCase;
  const store = new MemoryStore();
  const cache: PreparedCache = new Map();
  for (const source of c.sources) {
    await indexSource(
      store,
      {
        id: source.src_id,
        text: source.text,
        collection: 'case',
        title: source.src_id,
        url: null,
        ...languageOf(source.lang),
      },
      params,
      cache,
    );
    characters += source.text.length;
  }
  characters += c.susp_text.length;
  const language: Language | undefined = c.lang === 'es' || c.lang === 'en' ? c.lang : undefined;
  const result = await checkText(
    store,
    language === undefined ? { text: c.susp_text } : { text: c.susp_text, language },
    params,
    cache,
  );
  const detections = result.matches.map((m) => ({
    susp_offset: m.suspStart,
    susp_length: m.suspEnd - m.suspStart,
    src_id: m.sourceId,
    src_offset: m.srcStart,
    src_length: m.srcEnd - m.srcStart,
  }));
  const record =
    c.doc_plagiarised === undefined
      ? { case_id: c.id, detections }
      : { case_id: c.id, detections, plagiarised: detections.length > 0 };
  if (!out.write(JSON.stringify(record) + '\n')) await once(out, 'drain');
  cases++;
}
out.end();
await once(out, 'finish');
const seconds = (performance.now() - began) / 1000;
process.stderr.write(
  `reuse:detect: ${cases} cases in ${seconds.toFixed(1)} s (${(cases / seconds).toFixed(1)} cases/s, ${Math.round(characters / seconds)} chars/s)\n`,
);

/**
 * `npm run bench:web`: each dev case's suspicious document through the whole web path of a check — queries →
 * search → fetch → extract → align — against a local web that holds the sources, scored with
 * ../shared/tools/pan-measures.mjs next to the same engine with the sources indexed directly (as
 * `bench:reuse` runs it). Reads ../shared/data/plag (never copied into the repo); writes bench/results/web.json
 * and bench/results/web.md on a full run.
 *
 * The web: every source document of the three dev corpora (deduplicated by corpus and src_id) is a page of the
 * local web (apps/server/test/local-web/local-web.ts) inside a site's boilerplate, every seventh as a PDF, among
 * `--distractors` pages made from the sentences of the sources no case reused. The local search service
 * (local-search.ts) answers in the provider's JSON from a BM25 index of the pages' text. Each case gets a fresh
 * index and page cache (as on a fresh install), runs `runWebStage` with the product's default settings
 * through the real provider adapter, safe fetcher and page extractor over HTTP, then the reuse engine over
 * the pages found. A detection's page maps back to its source by the URL's path; its offsets in the page's
 * extracted text map to the source text through the words they fall on (offsets.ts).
 *
 *   node bench/web/bench.ts [--limit N] [--cases CATEGORY|CORPUS] [--distractors 5000] [--concurrency 2]
 *        [--provider searxng|brave|google] [--per-1000 N] [--queries-max N] [--downloads-max N]
 *        [--time-budget SECONDS] [--retrieval-only] [--write]
 *
 * The web stage runs with the product's settings (apps/server/src/config.ts: its defaults, or the WEB_* variables
 * of the environment); the four flags override them.
 *
 * --limit N takes N cases spread evenly over each corpus; --cases keeps one PAN category or one corpus
 * (pan13-train, clough09, tnlp-es). --retrieval-only skips HTTP, extraction and alignment: the same web stage
 * with an in-process search over the same BM25 index and pages handed over as plain text (quick, for tuning
 * the queries). Results are written only by a full run (all cases, the whole path) or with --write.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkText, MemoryStore } from '@veritext/reuse';
import { detectCase, type Detection, type DetectionLine } from '../../packages/reuse/cli/cases.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { closePageExtractor, extractPage } from '../../apps/server/src/modules/web-sources/page-extract.ts';
import { createSearchProvider } from '../../apps/server/src/modules/web-sources/providers/index.ts';
import { createSafeFetcher } from '../../apps/server/src/modules/web-sources/safe-fetch.ts';
import type {
  ExtractedPage,
  FetchedPage,
  SafeFetcher,
  SearchProvider,
  SearchProviderConfig,
} from '../../apps/server/src/modules/web-sources/types.ts';
import { memoryWebPageCache } from '../../apps/server/src/modules/web-sources/web-cache.repository.ts';
import {
  runWebStage,
  WEB_COLLECTION,
  type WebStageSettings,
} from '../../apps/server/src/modules/web-sources/web-stage.ts';
import { Bm25Index } from '../../apps/server/test/local-web/bm25.ts';
import {
  LOCAL_BRAVE_KEY,
  LOCAL_GOOGLE_CX,
  LOCAL_GOOGLE_KEY,
  startLocalSearch,
} from '../../apps/server/test/local-web/local-search.ts';
import { startLocalWeb, type LocalPage } from '../../apps/server/test/local-web/local-web.ts';
import { offsetMap, type OffsetMap } from './offsets.ts';
import { distractors, sourceOfUrl, sourcePages, type PlagCase, type SourcePage } from './pages.ts';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: resolve(root, '../shared/data/plag') },
    tools: { type: 'string', default: resolve(root, '../shared/tools') },
    limit: { type: 'string' },
    cases: { type: 'string' },
    distractors: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '2' },
    provider: { type: 'string', default: 'searxng' },
    'per-1000': { type: 'string' },
    'queries-max': { type: 'string' },
    'downloads-max': { type: 'string' },
    'time-budget': { type: 'string' },
    'retrieval-only': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const log = (line: string): void => void process.stderr.write(line + '\n');
const work = mkdtempSync(join(tmpdir(), 'bench-web-'));
const retrievalOnly = values['retrieval-only'];
// The product's settings (its defaults, or the WEB_* variables of the environment), unless a flag overrides one.
const product = loadConfig(process.env).webSearch;
const flag = (value: string | undefined, fallback: number): number => (value === undefined ? fallback : Number(value));
const settings: WebStageSettings = {
  timeBudgetMs: flag(values['time-budget'], product.timeBudgetMs / 1000) * 1000,
  queriesPer1000Words: flag(values['per-1000'], product.queriesPer1000Words),
  queriesMax: flag(values['queries-max'], product.queriesMax),
  downloadsMax: flag(values['downloads-max'], product.downloadsMax),
  cacheTtlMs: product.cacheTtlMs,
};
const quiet = { info: () => {}, warn: () => {} };

const CORPORA = [
  { corpus: 'pan13-train', file: 'pan13-train-01-04.dev.jsonl' },
  { corpus: 'clough09', file: 'clough09-tasks-abc.dev.jsonl' },
  { corpus: 'tnlp-es', file: 'tnlp-es.dev.jsonl' },
] as const;

const readCases = (file: string): PlagCase[] =>
  readFileSync(join(values.data, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as PlagCase);

/** `n` cases spread evenly over the list (all when n is absent or larger). */
function spread<T>(list: readonly T[], n: number | undefined): T[] {
  if (n === undefined || n >= list.length) return [...list];
  return Array.from({ length: n }, (_, k) => list[Math.floor((k * list.length) / n)]!);
}

const all = Object.fromEntries(CORPORA.map(({ corpus, file }) => [corpus, readCases(file)])) as Record<
  (typeof CORPORA)[number]['corpus'],
  PlagCase[]
>;
const allCases = Object.values(all).flat();
const limit = values.limit === undefined ? undefined : Number(values.limit);
const selected = Object.fromEntries(
  CORPORA.map(({ corpus }) => [
    corpus,
    spread(
      all[corpus].filter((c) => values.cases === undefined || c.category === values.cases || c.corpus === values.cases),
      limit,
    ),
  ]),
) as Record<(typeof CORPORA)[number]['corpus'], PlagCase[]>;
const cases = Object.values(selected).flat();
const fullRun = limit === undefined && values.cases === undefined && !retrievalOnly;

/** The sources a case's document reused: those with a passage, or every source of a plagiarised Clough answer. */
function truthOf(c: PlagCase): Set<string> {
  if (c.passages !== null) return new Set(c.passages.map((p) => `${c.corpus}/${p.src_id}`));
  return new Set(c.doc_plagiarised === true ? c.sources.map((s) => `${c.corpus}/${s.src_id}`) : []);
}

// ---------------------------------------------------------------- the web
const sources = sourcePages(allCases);
const distractorList = distractors(allCases, Number(values.distractors));
const pages: LocalPage[] = [...sources.map((s) => s.page), ...distractorList];
const byPath = new Map(sources.map((s) => [s.page.path, s]));
log(`web: ${sources.length} source pages, ${distractorList.length} distractors; ${cases.length} cases`);

interface Web {
  provider: SearchProvider;
  fetcher: SafeFetcher;
  extract: (page: FetchedPage) => Promise<ExtractedPage>;
  close(): Promise<void>;
}

/** The local web and search over HTTP, reached through the product's own adapter, fetcher and extractor. */
async function httpWeb(): Promise<Web> {
  const hostname = 'web.test';
  const web = await startLocalWeb(pages, { hostname });
  const search = await startLocalSearch(
    pages.map((page) => ({ url: web.urlOf(page.path), title: page.title, text: page.text })),
  );
  const configs: Record<string, SearchProviderConfig> = {
    searxng: { name: 'searxng', url: search.searxngUrl },
    brave: { name: 'brave', url: search.braveUrl, apiKey: LOCAL_BRAVE_KEY },
    google: { name: 'google', url: search.googleUrl, apiKey: LOCAL_GOOGLE_KEY, cx: LOCAL_GOOGLE_CX },
  };
  const config = configs[values.provider];
  if (config === undefined) throw new Error(`--provider: searxng, brave or google, not ${values.provider}`);
  // The local web is one host standing in for thousands of sites: the per-host delay a real site is owed
  // would only make the run slower, so this host gets four connections at a time and no delay.
  const port = Number(new URL(web.origin).port);
  const fetcher = createSafeFetcher(
    {
      ...product.fetch,
      allowedPorts: [port],
      allowAddresses: ['127.0.0.1'],
      perHostConcurrency: 4,
      perHostDelayMs: 0,
    },
    {
      lookup: async (name) => {
        if (name !== hostname) throw new Error(`${name} is not on the local web`);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    },
  );
  return {
    provider: createSearchProvider(config),
    fetcher,
    extract: extractPage,
    close: async () => {
      await fetcher.close();
      await Promise.all([web.close(), search.close(), closePageExtractor()]);
    },
  };
}

/** The same web in-process: BM25 over the same text, pages handed over as their plain text. */
function inProcessWeb(): Web {
  const index = new Bm25Index();
  const origin = 'http://web.test';
  const textOf = new Map<string, LocalPage>();
  for (const page of pages) {
    index.add({ id: origin + page.path, title: page.title, text: page.text });
    textOf.set(origin + page.path, page);
  }
  return {
    provider: {
      name: 'searxng',
      search: async (query, options) =>
        index.search(query, options.count).map((hit) => ({
          url: hit.id,
          title: textOf.get(hit.id)!.title,
          snippet: hit.snippet,
        })),
    },
    fetcher: {
      fetch: async (url) => ({
        requestedUrl: url,
        url,
        status: 200,
        contentType: 'text/plain',
        charset: 'utf-8',
        body: Buffer.from(textOf.get(url)!.text),
        fetchedAt: new Date(),
      }),
      close: async () => {},
    },
    extract: async (page) => ({ url: page.url, title: textOf.get(page.url)!.title, text: page.body.toString() }),
    close: async () => {},
  };
}

// ---------------------------------------------------------------- one case
interface CaseRun {
  readonly id: string;
  readonly corpus: string;
  readonly words: number;
  readonly queries: number;
  readonly downloads: number;
  readonly partial: boolean;
  readonly truth: number;
  /** True sources among the pages found. */
  readonly found: number;
  /** True sources with at least one detection. */
  readonly detected: number;
  readonly seconds: number;
  /** Every detection: a page that is not one of the case's sources names a source the truth does not pair. */
  readonly line: DetectionLine | null;
  /** The detections naming one of the case's own sources (what the direct run can see). */
  readonly scoped: DetectionLine | null;
  /** Detections naming a dev-set source not paired with the case, and naming a distractor. */
  readonly otherSources: number;
  readonly distractorDetections: number;
  /** Of those two, the ones on the document's own text: they overlap no annotated passage. */
  readonly elsewhereOutsidePassages: number;
  /** Share of each found source page's words located in the source text (offset mapping check). */
  readonly located: number[];
  readonly unmapped: number;
}

const countWords = (text: string): number => text.split(/\s+/u).filter((w) => w !== '').length;
const languageOf = (c: PlagCase): 'en' | 'es' => (c.lang === 'es' ? 'es' : 'en');

async function runCase(c: PlagCase, web: Web): Promise<CaseRun> {
  const began = performance.now();
  const store = new MemoryStore();
  const doc = { text: c.susp_text, language: languageOf(c) };
  const stage = await runWebStage(
    doc,
    {
      provider: web.provider,
      fetcher: web.fetcher,
      extract: web.extract,
      cache: memoryWebPageCache(),
      store,
      logger: quiet,
    },
    settings,
  );
  const truth = truthOf(c);
  const pagesFound = await store.getSources(stage.pageKeys);
  const foundKeys = new Set<string>();
  const sourceOfKey = new Map<string, SourcePage>();
  for (const [key, page] of pagesFound) {
    const source = page.url === null ? null : sourceOfUrl(page.url, byPath);
    if (source === null) continue;
    sourceOfKey.set(key, source);
    if (truth.has(source.key)) foundKeys.add(source.key);
  }
  const base = {
    id: c.id,
    corpus: c.corpus,
    words: countWords(c.susp_text),
    queries: stage.outcome.queries,
    downloads: stage.downloads,
    partial: stage.outcome.partial,
    truth: truth.size,
    found: foundKeys.size,
  };
  if (retrievalOnly) {
    const seconds = (performance.now() - began) / 1000;
    const none = {
      line: null,
      scoped: null,
      otherSources: 0,
      distractorDetections: 0,
      elsewhereOutsidePassages: 0,
      located: [],
      unmapped: 0,
    };
    return { ...base, detected: 0, seconds, ...none };
  }
  const result = await checkText(store, { ...doc, collections: [WEB_COLLECTION] });
  const maps = new Map<string, OffsetMap>();
  const located: number[] = [];
  let unmapped = 0;
  const detections: Detection[] = [];
  const scoped: Detection[] = [];
  const own = new Set(c.sources.map((x) => `${c.corpus}/${x.src_id}`));
  const detected = new Set<string>();
  let distractorDetections = 0;
  let otherSources = 0;
  let elsewhereOutsidePassages = 0;
  const outsidePassages = (start: number, end: number): boolean =>
    !(c.passages ?? []).some((p) => p.susp_offset < end && start < p.susp_offset + p.susp_length);
  for (const m of result.matches) {
    const page = result.sources.get(m.sourceId);
    const source = sourceOfKey.get(m.sourceId);
    const susp = { susp_offset: m.suspStart, susp_length: m.suspEnd - m.suspStart };
    if (page === undefined || source === undefined) {
      distractorDetections++;
      if (outsidePassages(m.suspStart, m.suspEnd)) elsewhereOutsidePassages++;
      const src_id = `distractor:${page?.url ?? m.sourceId}`;
      detections.push({ ...susp, src_id, src_offset: m.srcStart, src_length: m.srcEnd - m.srcStart });
      continue;
    }
    let map = maps.get(m.sourceId);
    if (map === undefined) {
      map = offsetMap(page.text, source.text);
      maps.set(m.sourceId, map);
      located.push(map.located);
    }
    const start = map.start(m.srcStart);
    const end = map.end(m.srcEnd);
    if (start === null || end === null || end <= start) {
      unmapped++;
      continue;
    }
    const detection = { ...susp, src_id: source.srcId, src_offset: start, src_length: end - start };
    detections.push(detection);
    if (!own.has(source.key)) {
      otherSources++;
      if (outsidePassages(m.suspStart, m.suspEnd)) elsewhereOutsidePassages++;
      continue;
    }
    scoped.push(detection);
    if (truth.has(source.key)) detected.add(source.key);
  }
  const lineOf = (list: readonly Detection[]): DetectionLine =>
    c.doc_plagiarised === undefined
      ? { case_id: c.id, detections: list }
      : { case_id: c.id, detections: list, plagiarised: list.length > 0 };
  return {
    ...base,
    detected: detected.size,
    seconds: (performance.now() - began) / 1000,
    line: lineOf(detections),
    scoped: lineOf(scoped),
    otherSources,
    distractorDetections,
    elsewhereOutsidePassages,
    located,
    unmapped,
  };
}

async function runAll(web: Web): Promise<CaseRun[]> {
  const runs = new Array<CaseRun>(cases.length);
  let next = 0;
  let done = 0;
  const workers = Array.from({ length: Math.max(1, Number(values.concurrency)) }, async () => {
    while (next < cases.length) {
      const at = next++;
      runs[at] = await runCase(cases[at]!, web);
      if (++done % 25 === 0) log(`web: ${done}/${cases.length} cases`);
    }
  });
  await Promise.all(workers);
  return runs;
}

// ---------------------------------------------------------------- measures
interface Measures {
  [group: string]: {
    char?: { precision: number; recall: number; granularity: number; plagdet: number };
    doc?: { accuracy: number };
  };
}

function measure(lines: readonly DetectionLine[], truthCases: readonly PlagCase[], name: string): Measures {
  const truthFile = join(work, `${name}-truth.jsonl`);
  const detectionsFile = join(work, `${name}.jsonl`);
  writeFileSync(truthFile, truthCases.map((c) => JSON.stringify(c)).join('\n') + '\n');
  writeFileSync(detectionsFile, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const out = execFileSync(
    process.execPath,
    [
      join(values.tools, 'pan-measures.mjs'),
      '--truth',
      truthFile,
      '--detections',
      detectionsFile,
      '--by',
      'category',
      '--json',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  return JSON.parse(out) as Measures;
}

type Char = { plagdet: number; precision: number; recall: number; granularity: number };
const pick = (g: Measures[string] | undefined): Char => ({
  plagdet: g?.char?.plagdet ?? NaN,
  precision: g?.char?.precision ?? NaN,
  recall: g?.char?.recall ?? NaN,
  granularity: g?.char?.granularity ?? NaN,
});

function scores(lines: readonly DetectionLine[], name: string) {
  const byCase = new Map(lines.map((l) => [l.case_id, l]));
  const linesOf = (list: readonly PlagCase[]): DetectionLine[] => list.flatMap((c) => byCase.get(c.id) ?? []);
  const pan =
    selected['pan13-train'].length > 0
      ? measure(linesOf(selected['pan13-train']), selected['pan13-train'], `${name}-pan`)
      : {};
  const clough =
    selected.clough09.length > 0 ? measure(linesOf(selected.clough09), selected.clough09, `${name}-clough`) : {};
  const tnlp =
    selected['tnlp-es'].length > 0 ? measure(linesOf(selected['tnlp-es']), selected['tnlp-es'], `${name}-tnlp`) : {};
  const byCategory: Record<string, Char> = {};
  for (const [group, m] of Object.entries(pan))
    if (group.startsWith('category=') && !group.includes('01-no-plagiarism')) byCategory[group.slice(9)] = pick(m);
  return {
    pan: pick(pan.all),
    byCategory,
    cloughAccuracy: clough.all?.doc?.accuracy ?? NaN,
    tnlpRecall: tnlp.all?.char?.recall ?? NaN,
  };
}

function retrievalFigures(runs: readonly CaseRun[]) {
  const sum = (f: (r: CaseRun) => number, list = runs): number => list.reduce((n, r) => n + f(r), 0);
  const truth = sum((r) => r.truth);
  const byCorpus: Record<string, { cases: number; sources: number; recall: number; detectedRecall: number }> = {};
  for (const { corpus } of CORPORA) {
    const list = runs.filter((r) => r.corpus === corpus);
    if (list.length === 0) continue;
    const t = sum((r) => r.truth, list);
    byCorpus[corpus] = {
      cases: list.length,
      sources: t,
      recall: sum((r) => r.found, list) / Math.max(1, t),
      detectedRecall: sum((r) => r.detected, list) / Math.max(1, t),
    };
  }
  const located = runs.flatMap((r) => r.located).sort((a, b) => a - b);
  return {
    cases: runs.length,
    sources: truth,
    sourceRecall: sum((r) => r.found) / Math.max(1, truth),
    detectedRecall: sum((r) => r.detected) / Math.max(1, truth),
    byCorpus,
    queriesPerDocument: sum((r) => r.queries) / Math.max(1, runs.length),
    downloadsPerDocument: sum((r) => r.downloads) / Math.max(1, runs.length),
    /** All queries over all words. */
    queriesPer100Words:
      (100 * sum((r) => r.queries)) /
      Math.max(
        1,
        sum((r) => r.words),
      ),
    /** The mean over documents of each document's rate. */
    meanQueriesPer100Words: sum((r) => (100 * r.queries) / Math.max(1, r.words)) / Math.max(1, runs.length),
    maxQueriesPer100Words: Math.max(...runs.map((r) => (100 * r.queries) / Math.max(1, r.words))),
    partial: runs.filter((r) => r.partial).length,
    secondsPerDocument: sum((r) => r.seconds) / Math.max(1, runs.length),
    offsetMapping: {
      pages: located.length,
      medianLocated: located[Math.floor(located.length / 2)] ?? NaN,
      minLocated: located[0] ?? NaN,
      unmappedDetections: sum((r) => r.unmapped),
    },
    detectionsOnOtherSources: sum((r) => r.otherSources),
    detectionsOnDistractors: sum((r) => r.distractorDetections),
    detectionsElsewhereOutsidePassages: sum((r) => r.elsewhereOutsidePassages),
  };
}

// ---------------------------------------------------------------- run
const web = retrievalOnly ? inProcessWeb() : await httpWeb();
const began = performance.now();
const runs = await runAll(web);
const wallSeconds = (performance.now() - began) / 1000;
await web.close();
const retrieval = retrievalFigures(runs);
log(JSON.stringify(retrieval, null, 2));

let quality: {
  web: ReturnType<typeof scores>;
  webAll: ReturnType<typeof scores>;
  direct: ReturnType<typeof scores>;
  directSecondsPerDocument: number;
} | null = null;
if (!retrievalOnly) {
  log('direct: the same cases with their sources indexed directly…');
  const directBegan = performance.now();
  const directLines: DetectionLine[] = [];
  for (const c of cases) directLines.push(await detectCase(c));
  const directSecondsPerDocument = (performance.now() - directBegan) / 1000 / Math.max(1, cases.length);
  quality = {
    web: scores(
      runs.map((r) => r.scoped!),
      'web',
    ),
    webAll: scores(
      runs.map((r) => r.line!),
      'web-all',
    ),
    direct: scores(directLines, 'direct'),
    directSecondsPerDocument,
  };
}
rmSync(work, { recursive: true, force: true });

const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
  run: {
    cases: cases.length,
    limit: limit ?? null,
    selection: values.cases ?? null,
    retrievalOnly,
    provider: retrievalOnly ? 'in-process BM25' : values.provider,
    sourcePages: sources.length,
    pdfPages: sources.filter((s) => s.page.format === 'pdf').length,
    distractors: distractorList.length,
    concurrency: Number(values.concurrency),
    settings,
    wallSeconds,
  },
  retrieval,
  quality,
};

const f = (x: number, d = 3): string => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const r = retrieval;
type Scores = ReturnType<typeof scores>;
const row = (label: string, of: (q: Scores) => number, bold = false): string => {
  const cell = (q: Scores): string => (bold ? `**${f(of(q))}**` : f(of(q)));
  return `| ${label} | ${cell(quality!.web)} | ${cell(quality!.webAll)} | ${cell(quality!.direct)} |`;
};
const md = [
  '# Web-source benchmark (`npm run bench:web`)',
  '',
  `Run ${results.date} on Node ${results.node}, ${results.cpus}; ${results.run.cases} cases` +
    (limit === undefined ? '' : ` (--limit ${limit})`) +
    (values.cases === undefined ? '' : ` (--cases ${values.cases})`) +
    `, ${results.run.concurrency} at a time, ${f(wallSeconds, 0)} s in all.`,
  `The web: ${sources.length} source pages of ../shared/data/plag (${results.run.pdfPages} as PDF, the rest HTML with a site's boilerplate) ` +
    `among ${distractorList.length} distractor pages; search: ${results.run.provider}` +
    (retrievalOnly
      ? ' (retrieval only: no HTTP, extraction or alignment)'
      : ' over HTTP from the local search service (BM25)') +
    `. Settings: ${settings.queriesPer1000Words} queries per 1,000 words, at most ${settings.queriesMax}; at most ${settings.downloadsMax} downloads; ` +
    `time budget ${settings.timeBudgetMs / 1000} s per document; a fresh index and page cache for every document.`,
  '',
  '| measure | value |',
  '| --- | --- |',
  `| source-document recall (pages found / sources reused) | **${f(r.sourceRecall)}** (${r.sources} sources) |`,
  ...Object.entries(r.byCorpus).map(
    ([corpus, b]) => `| … ${corpus} | ${f(b.recall)} (${b.cases} documents, ${b.sources} sources) |`,
  ),
  ...(retrievalOnly ? [] : [`| sources with a detection through the web | ${f(r.detectedRecall)} |`]),
  `| queries per document | ${f(r.queriesPerDocument, 1)} |`,
  `| queries per 100 words (all queries / all words; mean of documents; highest) | ${f(r.queriesPer100Words, 2)}; ${f(r.meanQueriesPer100Words, 2)}; ${f(r.maxQueriesPer100Words, 2)} |`,
  `| downloads per document | ${f(r.downloadsPerDocument, 1)} |`,
  `| documents whose web stage ran out of time (partial) | ${r.partial} |`,
  `| seconds per document (web stage${retrievalOnly ? '' : ' + alignment'}, ${results.run.concurrency} at a time) | ${f(r.secondsPerDocument, 2)} |`,
  '',
  ...(quality === null
    ? []
    : [
        '| PAN 2013 measure | through the web: the case’s sources | through the web: every page | sources indexed directly |',
        '| --- | --- | --- | --- |',
        row('plagdet', (q) => q.pan.plagdet, true),
        row('precision', (q) => q.pan.precision),
        row('recall', (q) => q.pan.recall),
        row('granularity', (q) => q.pan.granularity),
        ...Object.keys(quality.direct.byCategory).map((cat) =>
          row(`plagdet ${cat}`, (q) => q.byCategory[cat]?.plagdet ?? NaN),
        ),
        row('Clough document accuracy', (q) => q.cloughAccuracy),
        row('TNLP Spanish recall', (q) => q.tnlpRecall),
        `| seconds per document | ${f(r.secondsPerDocument, 2)} | | ${f(quality.directSecondsPerDocument, 3)} |`,
        '',
        `"The case’s sources" scores the detections that name one of the sources the dev set pairs with the document, as the direct run ` +
          `(one index of the case's own sources) can only name those. "Every page" scores every detection: ${r.detectionsOnOtherSources} name another ` +
          `source document of the dev set and ${r.detectionsOnDistractors} a distractor page (made of sentences of sources no document reused), ` +
          `and they count as wrong sources. ${r.detectionsElsewhereOutsidePassages} of those ${r.detectionsOnOtherSources + r.detectionsOnDistractors} lie outside every annotated passage: ` +
          `the document's own text (not an annotated passage) is on those pages too, which the truth, pairing each document with its own ` +
          `sources only, does not annotate.`,
        '',
        `Source offsets: a detection's offsets in the fetched page's extracted text are mapped to the source text through the words they fall on ` +
          `(the page's words matched to the source's in order, bench/web/offsets.ts); over ${r.offsetMapping.pages} matched source pages the median share ` +
          `of a page's words located in its source is ${f(r.offsetMapping.medianLocated)} (lowest ${f(r.offsetMapping.minLocated)}); ` +
          `${r.offsetMapping.unmappedDetections} detections could not be mapped and were dropped.`,
      ]),
  '',
].join('\n');
log(md);
if (fullRun || values.write) {
  writeFileSync(join(root, 'bench/results/web.json'), JSON.stringify(results, null, 2) + '\n');
  writeFileSync(join(root, 'bench/results/web.md'), md);
}

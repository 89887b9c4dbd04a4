/**
 * `npm run bench:reuse`: the text-reuse engine against Debian's sim_text on the dev set, plus a scale run.
 * Reads ../shared/data/plag (never copied into the repo) and ../shared/tools/pan-measures.mjs; writes
 * bench/results/reuse.json and bench/results/reuse.md.
 *
 *   node bench/reuse/bench.ts [--data DIR] [--tools DIR] [--limit N] [--scale-docs 100000] [--skip-simtext]
 *        [--scale-database postgres://…/scratch]   (repeat the scale run on the product's SQL store; its reuse
 *                                                   tables are emptied first)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkText, MemoryStore, sourceKeys, type FingerprintStore, type IndexedSource } from '@veritext/reuse';
import { caseCharacters, detectCase, type DetectionLine } from '../../packages/reuse/cli/cases.ts';
import { seededRandom } from '../../packages/reuse/src/testing.ts';
import { ensureSimText, runSimTextOnCase, type PlagCase } from './simtext.ts';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: resolve(root, '../shared/data/plag') },
    tools: { type: 'string', default: resolve(root, '../shared/tools') },
    limit: { type: 'string' },
    'scale-docs': { type: 'string', default: '100000' },
    'skip-simtext': { type: 'boolean', default: false },
    'scale-database': { type: 'string' },
  },
});
const limit = values.limit === undefined ? Infinity : Number(values.limit);
const work = mkdtempSync(join(tmpdir(), 'bench-reuse-'));
const log = (line: string): void => void process.stderr.write(line + '\n');

interface RunResult {
  lines: DetectionLine[];
  seconds: number;
  characters: number;
}

function readCases(file: string): PlagCase[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, limit)
    .map((line) => JSON.parse(line) as PlagCase);
}

/** Runs one system over the cases, one at a time, timing the whole run. */
async function timed(cases: readonly PlagCase[], detect: (c: PlagCase) => Promise<DetectionLine>): Promise<RunResult> {
  const lines: DetectionLine[] = [];
  let characters = 0;
  const began = performance.now();
  for (const c of cases) {
    lines.push(await detect(c));
    characters += caseCharacters(c);
  }
  return { lines, seconds: (performance.now() - began) / 1000, characters };
}

/** Our engine, exactly as `reuse:detect` runs it (the same function). */
const runEngine = (cases: readonly PlagCase[]): Promise<RunResult> => timed(cases, (c) => detectCase(c));

/** sim_text on the same cases, with the same document verdict as ours (any reported passage). */
const runSimText = (cases: readonly PlagCase[]): Promise<RunResult> =>
  timed(cases, async (c) => {
    const dir = mkdtempSync(join(work, 'st-'));
    const detections = await runSimTextOnCase(c, dir);
    rmSync(dir, { recursive: true, force: true });
    return c.doc_plagiarised === undefined
      ? { case_id: c.id, detections }
      : { case_id: c.id, detections, plagiarised: detections.length > 0 };
  });

interface Measures {
  [group: string]: {
    char?: { precision: number; recall: number; granularity: number; plagdet: number };
    pair?: { detected_pairs: number; true_pairs: number; recall: number };
    doc?: { accuracy: number };
    recall_by_obfuscation?: Record<string, { char_recall: number }>;
  };
}

function measure(truthFile: string, run: RunResult, name: string): Measures {
  const file = join(work, `${name}.jsonl`);
  writeFileSync(file, run.lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const out = execFileSync(
    process.execPath,
    [join(values.tools, 'pan-measures.mjs'), '--truth', truthFile, '--detections', file, '--by', 'category', '--json'],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  return JSON.parse(out) as Measures;
}

/** Area under the ROC curve of a score against document labels (ties count half). */
function auc(scores: readonly { score: number; positive: boolean }[]): number {
  const pos = scores.filter((s) => s.positive);
  const neg = scores.filter((s) => !s.positive);
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p.score > n.score ? 1 : p.score === n.score ? 0.5 : 0;
  return pos.length === 0 || neg.length === 0 ? NaN : wins / (pos.length * neg.length);
}

function coverageScores(cases: readonly PlagCase[], run: RunResult): { score: number; positive: boolean }[] {
  const byId = new Map(run.lines.map((l) => [l.case_id, l]));
  return cases.map((c) => {
    const spans = (byId.get(c.id)?.detections ?? [])
      .map((d) => [d.susp_offset, d.susp_offset + d.susp_length] as const)
      .sort((a, b) => a[0] - b[0]);
    let covered = 0;
    let end = 0;
    for (const [a, b] of spans) {
      covered += Math.max(0, b - Math.max(a, end));
      end = Math.max(end, b);
    }
    return { score: covered / Math.max(1, c.susp_text.length), positive: c.doc_plagiarised === true };
  });
}

interface SystemFigures {
  overall: { plagdet: number; precision: number; recall: number; granularity: number };
  byCategory: Record<string, { plagdet: number; precision: number; recall: number; granularity: number }>;
  falsePairs: { flagged: number; pairs: number; share: number };
  clough: { accuracy: number; auc: number };
  spanishRecall: number;
  speed: { cases: number; seconds: number; casesPerSecond: number; charactersPerSecond: number };
}

async function benchSystem(
  name: string,
  run: (cases: readonly PlagCase[]) => Promise<RunResult>,
  sets: Record<string, PlagCase[]>,
): Promise<SystemFigures> {
  log(`${name}: PAN 2013 (${sets.pan!.length} cases)…`);
  const pan = await run(sets.pan!);
  const panM = measure(join(values.data, 'pan13-train-01-04.dev.jsonl'), pan, `${name}-pan`);
  log(`${name}: Clough, TNLP…`);
  const clough = await run(sets.clough!);
  const cloughM = measure(join(values.data, 'clough09-tasks-abc.dev.jsonl'), clough, `${name}-clough`);
  const tnlp = await run(sets.tnlp!);
  const tnlpM = measure(join(values.data, 'tnlp-es.dev.jsonl'), tnlp, `${name}-tnlp`);
  const pick = (g: Measures[string] | undefined) => ({
    plagdet: g?.char?.plagdet ?? NaN,
    precision: g?.char?.precision ?? NaN,
    recall: g?.char?.recall ?? NaN,
    granularity: g?.char?.granularity ?? NaN,
  });
  const byCategory: SystemFigures['byCategory'] = {};
  for (const [group, m] of Object.entries(panM))
    if (group.startsWith('category=') && !group.includes('01-no-plagiarism')) byCategory[group.slice(9)] = pick(m);
  const negatives = panM['category=01-no-plagiarism']?.pair;
  const negativePairs = sets
    .pan!.filter((c) => c.category === '01-no-plagiarism')
    .reduce((n, c) => n + c.sources.length, 0);
  const seconds = pan.seconds + clough.seconds + tnlp.seconds;
  const cases = pan.lines.length + clough.lines.length + tnlp.lines.length;
  return {
    overall: pick(panM.all),
    byCategory,
    falsePairs: {
      flagged: negatives?.detected_pairs ?? 0,
      pairs: negativePairs,
      share: (negatives?.detected_pairs ?? 0) / Math.max(1, negativePairs),
    },
    clough: { accuracy: cloughM.all?.doc?.accuracy ?? NaN, auc: auc(coverageScores(sets.clough!, clough)) },
    spanishRecall: tnlpM.all?.char?.recall ?? NaN,
    speed: {
      cases,
      seconds,
      casesPerSecond: cases / seconds,
      charactersPerSecond: (pan.characters + clough.characters + tnlp.characters) / seconds,
    },
  };
}

const words = (text: string): number => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/**
 * The scale corpus: documents are runs of consecutive lines cut from random dev sources and stitched
 * together, so that documents overlap the way web pages do (shared passages) without being copies of one
 * another. Seeded: the same documents on every run.
 */
function* scaleDocuments(
  pan: readonly PlagCase[],
  count: number,
): Generator<{ id: string; text: string; words: number }> {
  const sourceTexts = [...new Map(pan.flatMap((c) => c.sources.map((s) => [s.src_id, s.text] as const))).values()];
  const lines = sourceTexts.map((t) => t.split(/\n+/).filter((l) => words(l) >= 6)).filter((l) => l.length > 0);
  const rand = seededRandom(42);
  for (let i = 0; i < count && lines.length > 0; i++) {
    const parts: string[] = [];
    const target = 200 + Math.floor(rand() * 600);
    let n = 0;
    while (n < target) {
      const from = lines[Math.floor(rand() * lines.length)]!;
      const start = Math.floor(rand() * from.length);
      const run = from.slice(start, start + 2 + Math.floor(rand() * 6)).join('\n');
      parts.push(run);
      n += words(run);
    }
    yield { id: `doc-${i}`, text: parts.join('\n\n'), words: n };
  }
}

/** The checked document: a host text with passages copied from five indexed documents, 2,750 words. */
function scaleQuery(pan: readonly PlagCase[], firstDocs: readonly string[]): string {
  const host = (pan.find((c) => c.category === '01-no-plagiarism') ?? pan[0]!).susp_text
    .split(/\n+/)
    .filter((p) => words(p) >= 10);
  const pieces: string[] = [];
  for (let k = 0; k < 5; k++) pieces.push(firstDocs[(k * 97) % firstDocs.length]!.split('\n\n')[0]!);
  const body: string[] = [];
  let hostAt = 0;
  let pieceAt = 0;
  while (words(body.join('\n\n')) < 2750) {
    body.push(pieceAt < pieces.length && hostAt % 3 === 1 ? pieces[pieceAt++]! : host[hostAt % host.length]!);
    hostAt++;
  }
  return body
    .join('\n\n')
    .split(/(?<=\s)/)
    .reduce((acc, w) => (words(acc) < 2750 ? acc + w : acc), '');
}

interface ScaleStore {
  readonly store: FingerprintStore;
  add(batch: readonly { source: IndexedSource; hashes: number[] }[]): Promise<void>;
  close(): Promise<void>;
}

async function scaleRun(pan: readonly PlagCase[], docCount: number, open: () => Promise<ScaleStore>, label: string) {
  log(`scale (${label}): indexing ${docCount} documents…`);
  const target = await open();
  const heapBefore = process.memoryUsage().heapUsed;
  const began = performance.now();
  let indexedWords = 0;
  const firstDocs: string[] = [];
  let batch: { source: IndexedSource; hashes: number[] }[] = [];
  let done = 0;
  for (const doc of scaleDocuments(pan, docCount)) {
    const source: IndexedSource = { id: doc.id, text: doc.text, collection: 'general', title: doc.id, url: null };
    batch.push({ source, hashes: sourceKeys(source) });
    indexedWords += doc.words;
    if (firstDocs.length < 2000) firstDocs.push(doc.text);
    if (batch.length === 1000) {
      await target.add(batch);
      batch = [];
    }
    if (++done % 20000 === 0) log(`scale (${label}): ${done} indexed`);
  }
  await target.add(batch);
  const buildSeconds = (performance.now() - began) / 1000;
  globalThis.gc?.();
  const indexHeapMB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const query = scaleQuery(pan, firstDocs);
  const timings: number[] = [];
  let matches = 0;
  let candidates = 0;
  let heapPeakDelta = 0;
  let rssPeak = process.memoryUsage().rss;
  for (let run = 0; run < 6; run++) {
    const heapAt = process.memoryUsage().heapUsed;
    const t = performance.now();
    const result = await checkText(target.store, { text: query, language: 'en' });
    timings.push(performance.now() - t);
    heapPeakDelta = Math.max(heapPeakDelta, (process.memoryUsage().heapUsed - heapAt) / 2 ** 20);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    matches = result.matches.length;
    candidates = result.candidates.length;
  }
  await target.close();
  const warm = timings.slice(1).sort((a, b) => a - b);
  return {
    store: label,
    documents: docCount,
    indexedWords,
    buildSeconds,
    indexHeapMB,
    queryWords: words(query),
    firstCheckMs: timings[0]!,
    medianCheckMs: warm[Math.floor(warm.length / 2)]!,
    maxCheckMs: warm.at(-1)!,
    checkHeapDeltaMB: heapPeakDelta,
    rssDuringCheckMB: rssPeak / 2 ** 20,
    candidates,
    matches,
  };
}

async function memoryStore(): Promise<ScaleStore> {
  const store = new MemoryStore();
  return {
    store,
    add: async (batch) => {
      for (const { source, hashes } of batch) store.addSync(source, hashes);
    },
    close: async () => {},
  };
}

/** The product's own store on a PostgreSQL database (emptied of reuse data first: give it a scratch database). */
async function sqlStore(url: string): Promise<ScaleStore> {
  const { openDatabase } = await import('../../apps/server/src/db/database.ts');
  const { migrate } = await import('../../apps/server/src/db/migrate.ts');
  const { SqlFingerprintStore } = await import('../../apps/server/src/modules/reuse/fingerprint-store.ts');
  const db = await openDatabase({ kind: 'postgres', url });
  await migrate(db);
  await db.exec('TRUNCATE reuse_sources, reuse_fingerprints');
  const store = new SqlFingerprintStore(db);
  return { store, add: (batch) => store.addMany(batch), close: () => db.close() };
}

const sets = {
  pan: readCases(join(values.data, 'pan13-train-01-04.dev.jsonl')),
  clough: readCases(join(values.data, 'clough09-tasks-abc.dev.jsonl')),
  tnlp: readCases(join(values.data, 'tnlp-es.dev.jsonl')),
};
const engine = await benchSystem('veritext', runEngine, sets);
let simText: SystemFigures | null = null;
if (!values['skip-simtext']) {
  ensureSimText();
  simText = await benchSystem('sim_text', runSimText, sets);
}
// Speed, measured again in alternating rounds on the PAN cases (the quality runs above also timed one
// round each): process start-up and the machine's other work make single rounds noisy, sim_text's most.
const rounds: { engine: number; simText: number }[] = [];
if (simText !== null) {
  for (let round = 0; round < 3; round++) {
    log(`speed round ${round + 1}/3…`);
    const ours = await runEngine(sets.pan);
    const theirs = await runSimText(sets.pan);
    rounds.push({ engine: ours.lines.length / ours.seconds, simText: theirs.lines.length / theirs.seconds });
  }
}
const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const speedRounds = {
  rounds,
  engineMedian: median(rounds.map((r) => r.engine)),
  simTextMedian: median(rounds.map((r) => r.simText)),
};

const scale = await scaleRun(sets.pan, Number(values['scale-docs']), memoryStore, 'in-memory store');
const scaleDatabase = values['scale-database'];
const scaleSql =
  scaleDatabase === undefined
    ? null
    : await scaleRun(sets.pan, Number(values['scale-docs']), () => sqlStore(scaleDatabase), 'PostgreSQL store');
rmSync(work, { recursive: true, force: true });

type ScaleResult = Awaited<ReturnType<typeof scaleRun>>;
function scaleLine(r: ScaleResult): string {
  return (
    `**${r.store}**: ${r.documents.toLocaleString('en')} documents (${r.indexedWords.toLocaleString('en')} words) composed from the dev sources' text (seeded), indexed in ${f(r.buildSeconds, 1)} s (heap growth ${f(r.indexHeapMB, 0)} MB). ` +
    `Checking a ${r.queryWords}-word document (five passages copied from indexed documents): first run ${f(r.firstCheckMs, 0)} ms, median of five warm runs ${f(r.medianCheckMs, 0)} ms, slowest ${f(r.maxCheckMs, 0)} ms; heap growth during a check ≤ ${f(r.checkHeapDeltaMB, 1)} MB, process RSS ${f(r.rssDuringCheckMB, 0)} MB; ${r.candidates} candidates aligned, ${r.matches} passages found.\n`
  );
}

const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: (await import('node:os')).cpus()[0]?.model,
  engine,
  simText,
  speedRounds,
  scale,
  scaleSql,
};
const f = (x: number, d = 3): string => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const row = (label: string, a: number, b: number | undefined, d = 3): string =>
  `| ${label} | ${f(a, d)} | ${b === undefined ? '—' : f(b, d)} |`;
const md = [
  '# Text-reuse benchmark (`npm run bench:reuse`)',
  '',
  `Run ${results.date} on Node ${results.node}, ${results.cpus ?? 'unknown CPU'}, one process, one case at a time for both systems.`,
  'Dev set: `../shared/data/plag` (PAN 2013 text alignment training categories 01–04, Clough tasks a–c, TNLP Spanish).',
  'Measures: `../shared/tools/pan-measures.mjs`. sim_text: Debian `similarity-tester`, `-r 8` (its documented default), word-level offsets.',
  '',
  '| measure | Veritext | sim_text |',
  '| --- | --- | --- |',
  row('PAN plagdet (overall)', engine.overall.plagdet, simText?.overall.plagdet),
  row('PAN precision', engine.overall.precision, simText?.overall.precision),
  row('PAN recall', engine.overall.recall, simText?.overall.recall),
  row('PAN granularity', engine.overall.granularity, simText?.overall.granularity),
  ...Object.keys(engine.byCategory).flatMap((cat) => [
    row(`plagdet ${cat}`, engine.byCategory[cat]!.plagdet, simText?.byCategory[cat]?.plagdet),
    row(`  precision ${cat}`, engine.byCategory[cat]!.precision, simText?.byCategory[cat]?.precision),
    row(`  recall ${cat}`, engine.byCategory[cat]!.recall, simText?.byCategory[cat]?.recall),
    row(`  granularity ${cat}`, engine.byCategory[cat]!.granularity, simText?.byCategory[cat]?.granularity),
  ]),
  row('false pairs (share of 1,000 no-plagiarism pairs)', engine.falsePairs.share, simText?.falsePairs.share),
  row('Clough accuracy', engine.clough.accuracy, simText?.clough.accuracy),
  row('Clough AUC (score: share of the answer matched)', engine.clough.auc, simText?.clough.auc),
  row('TNLP Spanish recall', engine.spanishRecall, simText?.spanishRecall),
  row('speed: cases/s', engine.speed.casesPerSecond, simText?.speed.casesPerSecond, 1),
  row('speed: characters/s', engine.speed.charactersPerSecond, simText?.speed.charactersPerSecond, 0),
  '',
  simText === null
    ? ''
    : `Speed ratio (Veritext / sim_text, cases per second) in the quality runs: ${f(engine.speed.casesPerSecond / simText.speed.casesPerSecond, 2)}×. ` +
      `In three alternating rounds on the 642 PAN cases: Veritext ${speedRounds.rounds.map((r) => f(r.engine, 1)).join(', ')} cases/s, sim_text ${speedRounds.rounds.map((r) => f(r.simText, 1)).join(', ')}; ` +
      `ratio of the medians **${f(speedRounds.engineMedian / speedRounds.simTextMedian, 2)}×**.`,
  '',
  '## Scale run',
  '',
  ...[scale, scaleSql].filter((r) => r !== null).map(scaleLine),
  '',
].join('\n');
writeFileSync(join(root, 'bench/results/reuse.json'), JSON.stringify(results, null, 2) + '\n');
writeFileSync(join(root, 'bench/results/reuse.md'), md);
log(md);

// Runs the sim_text baseline over a case file and writes detections for pan-measures.mjs.
//
//   node bench/reuse/simtext-detect.ts --cases FILE.jsonl --out DET.jsonl [--limit N]
//        [--min-run N] [--granularity word|line] [--each-pair] [--concurrency 1|2]
//
// Output: one line per case {"case_id", "detections": [...]} (+ "plagiarised" for cases with a
// document label, e.g. Clough). Timing goes to stderr only.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  ensureSimText,
  runSimTextOnCase,
  SIM_TEXT_DEFAULT_RUN,
  simTextArgs,
  type Detection,
  type PlagCase,
  type SimTextOptions,
} from './simtext.ts';

const usage =
  'usage: node bench/reuse/simtext-detect.ts --cases FILE.jsonl --out DET.jsonl [--limit N] ' +
  '[--min-run N] [--granularity word|line] [--each-pair] [--concurrency 1|2]';

function positiveInt(name: string, v: string | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got ${v}`);
  return n;
}

interface DetectionLine {
  case_id: string;
  detections: Detection[];
  plagiarised?: boolean;
}

async function readCases(file: string, limit: number): Promise<PlagCase[]> {
  const cases: PlagCase[] = [];
  const rl = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim() === '') continue;
    cases.push(JSON.parse(line) as PlagCase);
    if (cases.length >= limit) break;
  }
  rl.close();
  return cases;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      cases: { type: 'string' },
      out: { type: 'string' },
      limit: { type: 'string' },
      'min-run': { type: 'string' },
      granularity: { type: 'string' },
      'each-pair': { type: 'boolean' },
      concurrency: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) {
    process.stderr.write(usage + '\n');
    return;
  }
  if (values.cases === undefined || values.out === undefined) throw new Error(usage);
  const granularity = values.granularity ?? 'word';
  if (granularity !== 'word' && granularity !== 'line') throw new Error('--granularity must be word or line');
  const concurrency = Math.min(2, positiveInt('concurrency', values.concurrency, 2));
  const opts: SimTextOptions = {
    minRunLength: positiveInt('min-run', values['min-run'], SIM_TEXT_DEFAULT_RUN),
    granularity,
    eachPair: values['each-pair'] === true,
    simText: ensureSimText(),
  };

  const cases = await readCases(values.cases, positiveInt('limit', values.limit, Infinity));
  const chars = cases.reduce((a, c) => a + c.susp_text.length + c.sources.reduce((b, s) => b + s.text.length, 0), 0);
  process.stderr.write(
    `sim_text ${simTextArgs(1, opts).join(' ').replace('src0.txt', 'src0.txt …')}` +
      ` (granularity ${granularity}, ${cases.length} cases, concurrency ${concurrency})\n`,
  );

  const results: DetectionLine[] = [];
  const root = await mkdtemp(join(tmpdir(), 'simtext-'));
  const t0 = performance.now();
  try {
    let next = 0;
    const worker = async (w: number): Promise<void> => {
      for (let i = next++; i < cases.length; i = next++) {
        const c = cases[i];
        if (c === undefined) continue;
        const dir = await mkdtemp(join(root, `w${w}-`));
        try {
          const detections = await runSimTextOnCase(c, dir, opts);
          results[i] =
            typeof c.doc_plagiarised === 'boolean'
              ? { case_id: c.id, detections, plagiarised: detections.length > 0 }
              : { case_id: c.id, detections };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const secs = (performance.now() - t0) / 1000;

  await writeFile(values.out, results.map((r) => JSON.stringify(r)).join('\n') + (results.length ? '\n' : ''));
  const nDet = results.reduce((a, r) => a + r.detections.length, 0);
  process.stderr.write(
    `${cases.length} cases, ${nDet} detections in ${secs.toFixed(2)} s: ` +
      `${(cases.length / secs).toFixed(1)} cases/s, ${((secs * 1000) / Math.max(1, cases.length)).toFixed(1)} ms/case, ` +
      `${(chars / secs / 1e6).toFixed(2)} M chars/s (susp + sources, ${(chars / 1e6).toFixed(1)} M chars)\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
